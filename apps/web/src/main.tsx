// Mantine's global styles; each component's own CSS comes with it (build/mantine-css.ts), the whole sheet in dev.
// The theme's CSS variables are all written by MantineProvider (deduplicateCssVariables off, app/providers.tsx),
// not shipped a second time as default-css-variables.css (27 KB, 2.9 KB brotli, on every first load).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import './app/global.css';
import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BusyOverlay } from './app/busy-overlay';
import { SIGN_IN_FIRST } from './app/first-load-addresses';
import { Providers } from './app/providers';
import { refreshAccessToken } from './features/accounts/api/refresh-token';
import { configureApiClient } from './lib/api-client';
import { startFirstLoadCalls } from './lib/early-calls';
import { provideRouter, routerWhenNeeded } from './lib/router-when-needed';
import { getSession, setSession } from './lib/session';
import { installStaleBuildReload } from './lib/stale-build';

installStaleBuildReload();
if (import.meta.env.DEV) {
  void import('@mantine/core/styles.css');
  void import('@mantine/notifications/styles.css');
  void import('@mantine/dates/styles.css');
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const app = createRoot(root);

// A render is a transition: React renders the whole page in slices that let input in (Lighthouse's blocking time,
// figure 7).
const render = (page: ReactNode) =>
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers>{page}</Providers>
      </StrictMode>,
    ),
  );

/**
 * A first load of the login page renders the page without the router (TanStack Router and the route tree, a fifth of
 * that first load): the page asks for it only to navigate (sign-in done, a link followed), and from then on the router
 * renders the app.
 */
const signInFirst = SIGN_IN_FIRST.test(window.location.pathname);

let routed: Promise<typeof import('./app/routed-app')> | undefined;
/** The router's chunk, fetched once (the HTML preloads it on every other address); a failed fetch is tried again. */
function loadRouted() {
  routed ??= import('./app/routed-app').then(
    ({ router, RoutedApp, preloadScreen }) => {
      if (signInFirst) {
        // The login page navigated: the router's first load is that navigation's, and it renders from then on.
        const stop = router.subscribe('onResolved', () => {
          stop();
          render(<RoutedApp />);
        });
      }
      return { router, RoutedApp, preloadScreen };
    },
    (error: unknown) => {
      routed = undefined;
      throw error;
    },
  );
  return routed;
}
provideRouter(() => loadRouted().then((module) => module.router));

configureApiClient({
  getAccessToken: () => getSession()?.accessToken ?? null,
  refreshAccessToken,
  // The session could not be renewed: back to sign in, remembering where the user was.
  onUnauthenticated: () => {
    if (!getSession()) return;
    setSession(null);
    const here = `${window.location.pathname}${window.location.search}`;
    void routerWhenNeeded().then((router) =>
      router.navigate({ to: '/app-login', search: { redirect: here } }),
    );
  },
});

if (signInFirst) {
  void import('./features/accounts/routes/login').then(({ LoginRoute }) =>
    render(
      <>
        <LoginRoute />
        <BusyOverlay pathname={window.location.pathname} />
      </>,
    ),
  );
} else {
  // bl_view's calls go out now, not once the router's chunk has run and its loader started them (figure 7's LCP).
  startFirstLoadCalls(window.location.pathname);
  void loadRouted().then(({ router, RoutedApp, preloadScreen }) => {
    preloadScreen(window.location.pathname);
    // The router resolves the first location (its guards, the screen's chunks, its loaders' first calls) before React
    // renders. Rendered first and resolved after, the router's store update re-rendered the page urgently in one long
    // task (figure 7). A failed load renders anyway: the router shows its error or not-found screen.
    const show = () => render(<RoutedApp />);
    router.load().then(show, show);
  });
}
