import type { AnyRouter } from '@tanstack/react-router';

/**
 * The router for code that may run before it is loaded: the login page, which a first load of /app-login renders
 * without the router (its chunk, TanStack Router with the route tree, is a fifth of that first load; main.tsx). Such
 * code asks for the router when it has to navigate; main.tsx says how to get it, fetching its chunk the first time,
 * and renders it in place of the page once it has navigated.
 */
let load: () => Promise<AnyRouter> = () => Promise.reject(new Error('main.tsx provides the router'));

export function provideRouter(loader: () => Promise<AnyRouter>): void {
  load = loader;
}

export function routerWhenNeeded(): Promise<AnyRouter> {
  return load();
}

/** Whether a click on a link is a plain one the page handles itself (not a new tab or window, a download). */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}
