import type { Notification } from '@lading/contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Lists and details stay in step with the bell: each notice the bell reads for the first time (over the live stream,
 * or polling while it is down) refreshes the caches its kind names (notification-refresh.ts, fetched with the first
 * new notice, off the first load). The first read only records what is there already; marking read brings no new one.
 */
export function useRefreshOnNewNotices(notices: readonly Notification[] | undefined): void {
  const queryClient = useQueryClient();
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!notices) return;
    const known = seen.current;
    seen.current = new Set([...(known ?? []), ...notices.map((notice) => notice.id)]);
    const fresh = known ? notices.filter((notice) => !known.has(notice.id)) : [];
    if (fresh.length === 0) return;
    void import('./notification-refresh').then(
      (module) => module.refreshForNotices(queryClient, fresh),
      () => {},
    );
  }, [notices, queryClient]);
}
