import type { NotificationListResponse } from '@lading/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** GET cp/notifications/?limit=10: the bell's latest ten and the unread count. */
export function findNotifications(signal?: AbortSignal): Promise<NotificationListResponse> {
  return apiRequest<NotificationListResponse>('/cp/notifications/', {
    query: { limit: 10 },
    signal,
    busy: false,
    // The bell polls on its own: that keeps no idle session alive.
    background: true,
  });
}

/**
 * The bell's data. While the live stream is up, a slow poll only guards against a missed signal; without it,
 * polling is how new notices arrive.
 */
export function useNotifications(options: { enabled: boolean; isLive: boolean }) {
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: ({ signal }) => findNotifications(signal),
    enabled: options.enabled,
    staleTime: 5_000,
    refetchInterval: options.isLive ? 30_000 : 10_000,
    refetchIntervalInBackground: false,
  });
}
