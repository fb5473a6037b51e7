import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { NOTIFICATIONS_KEY } from './find-notifications';

/** POST cp/notifications/read-all/ */
export function markAllNotificationsRead(): Promise<{ updated: number; unreadCount: number }> {
  return apiRequest('/cp/notifications/read-all/', { method: 'POST', busy: false });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
