import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';

/**
 * The router and the route tree, a chunk main.tsx fetches (the HTML preloads it on every address but the login page,
 * whose first load renders without it: main.tsx).
 */
export { router };

export function RoutedApp() {
  return <RouterProvider router={router} />;
}

/**
 * The screen at `pathname`: fetch its lazy chunks (layout and screen) now, in parallel with each other and with the
 * auth-data call the portal route waits for in beforeLoad; the router would start them only after that call.
 */
export function preloadScreen(pathname: string): void {
  for (const match of router.matchRoutes(pathname)) {
    const component = (router.routesById as Record<string, { options: { component?: unknown } }>)[
      match.routeId
    ]?.options.component as { preload?: () => unknown } | undefined;
    component?.preload?.();
  }
}
