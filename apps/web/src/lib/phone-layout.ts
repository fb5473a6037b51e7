import { MOBILE_WIDTH } from '@lading/contract/app-info';
import { useCallback, useSyncExternalStore } from 'react';

/** Section 9's mobile width: at 780 px and below, lists are cards, filters fold into a drawer, rows stack. */
export const PHONE_MEDIA_QUERY = `(max-width: ${MOBILE_WIDTH}px)`;

/** One MediaQueryList per query for the whole app, with one `change` listener that tells every subscriber. */
type Watched = { list: MediaQueryList; subscribers: Set<() => void>; notify: () => void };
const watched = new Map<string, Watched>();

function watch(query: string): Watched {
  let entry = watched.get(query);
  if (!entry) {
    const subscribers = new Set<() => void>();
    entry = {
      list: window.matchMedia(query),
      subscribers,
      notify: () => {
        for (const subscriber of subscribers) subscriber();
      },
    };
    watched.set(query, entry);
  }
  return entry;
}

/**
 * Whether a media query matches, known on the first render and kept current (React's useSyncExternalStore). No render
 * with the wrong answer first and no second render on mount (Mantine's useMediaQuery reads the query in an effect,
 * then sets state), and one MediaQueryList and one listener per query however many components ask: on the BL list's
 * first load, Mantine's hook cost about 14 ms of the effects' task (a matchMedia call, a listener and a state update per
 * component), 50 ms at Lighthouse's 4x slowdown (issue 11, figure 7).
 */
export function useMediaMatch(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const entry = watch(query);
      entry.subscribers.add(onChange);
      if (entry.subscribers.size === 1) entry.list.addEventListener('change', entry.notify);
      return () => {
        entry.subscribers.delete(onChange);
        if (entry.subscribers.size > 0) return;
        // The last one gone: the list is dropped, and the next component to ask reads the query afresh.
        entry.list.removeEventListener('change', entry.notify);
        watched.delete(query);
      };
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => watch(query).list.matches,
    () => false,
  );
}

/** True on phone widths; known on the first render, so a phone never flashes the desktop table. */
export function usePhoneLayout(): boolean {
  return useMediaMatch(PHONE_MEDIA_QUERY);
}
