import { describe, expect, it, vi } from 'vitest';
import { reloadOnceForStaleBuild } from './stale-build';

const preloadError = (message: string) => {
  const event = new Event('vite:preloadError', { cancelable: true }) as Event & { payload?: unknown };
  event.payload = new Error(message);
  return event;
};

describe('reload after a deploy removed a chunk', () => {
  it('reloads once per failing address, then lets the error through', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    const reload = vi.fn();

    const first = preloadError('Unable to preload CSS for /assets/bl-view-OLD.css');
    reloadOnceForStaleBuild(first, storage, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    const again = preloadError('Unable to preload CSS for /assets/bl-view-OLD.css');
    reloadOnceForStaleBuild(again, storage, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);

    reloadOnceForStaleBuild(
      preloadError('Unable to preload CSS for /assets/profile-OLD.css'),
      storage,
      reload,
    );
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
