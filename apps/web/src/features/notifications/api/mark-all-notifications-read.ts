import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** POST cp/notifications/read-all/ */
export function markAllNotificationsRead(): Promise<{ updated: number; unreadCount: number }> {
  return apiRequest('/cp/notifications/read-all/', { method: 'POST', busy: false });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.latest }),
  });
}
