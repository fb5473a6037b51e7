/**
 * After a deploy the old build's chunks are gone: a tab opened before it fails to load a lazy screen (or the CSS
 * Vite preloads with it). Reloading fetches the new index.html (never cached) and with it the new chunk names.
 * Reload once per failing address, so a chunk that is really missing shows the error page instead of a loop.
 * (Route components themselves are covered by TanStack's lazyRouteComponent, which does the same.)
 */
export function reloadOnceForStaleBuild(
  event: Event & { payload?: unknown },
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
): void {
  const message = event.payload instanceof Error ? event.payload.message : String(event.payload);
  const key = `lading:reloaded-for:${message}`;
  if (storage.getItem(key)) return;
  storage.setItem(key, '1');
  event.preventDefault();
  reload();
}

export function installStaleBuildReload(): void {
  window.addEventListener('vite:preloadError', (event) =>
    reloadOnceForStaleBuild(event, sessionStorage, () => window.location.reload()),
  );
}
