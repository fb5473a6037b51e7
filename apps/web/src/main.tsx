// Mantine's global styles; each component's own CSS comes with it (build/mantine-css.ts), the whole sheet in dev.
// The theme's CSS variables are all written by MantineProvider (deduplicateCssVariables off, app/providers.tsx),
// not shipped a second time as default-css-variables.css (27 KB, 2.9 KB brotli, on every first load).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import './app/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { router } from './app/router';
import { refreshAccessToken } from './features/accounts/api/refresh-token';
import { configureApiClient } from './lib/api-client';
import { getSession, setSession } from './lib/session';
import { installStaleBuildReload } from './lib/stale-build';

installStaleBuildReload();
if (import.meta.env.DEV) {
  void import('@mantine/core/styles.css');
  void import('@mantine/notifications/styles.css');
  void import('@mantine/dates/styles.css');
}

configureApiClient({
  getAccessToken: () => getSession()?.accessToken ?? null,
  refreshAccessToken,
  // The session could not be renewed: back to sign in, remembering where the user was.
  onUnauthenticated: () => {
    if (!getSession()) return;
    setSession(null);
    const here = `${window.location.pathname}${window.location.search}`;
    void router.navigate({ to: '/app-login', search: { redirect: here } });
  },
});

// The screen being opened: fetch its lazy chunks (layout and screen) now, in parallel with each other and with the
// auth-data call the portal route waits for in beforeLoad; the router would start them only after that call.
for (const match of router.matchRoutes(window.location.pathname)) {
  const component = (router.routesById as Record<string, { options: { component?: unknown } }>)[match.routeId]
    ?.options.component as { preload?: () => unknown } | undefined;
  component?.preload?.();
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The router resolves the first location (its guards, the screen's chunks, its loaders' first calls) before React
// renders, and the first render is a transition: React renders the whole page in slices that let input in. Rendered
// first and resolved after, the router's store update re-rendered the page urgently in one long task (Lighthouse's
// blocking time, figure 7). A failed load renders anyway: the router shows its error or not-found screen.
const app = createRoot(root);
const render = () =>
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
router.load().then(render, render);
