import type { Notification } from '@lading/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** POST cp/notifications/{id}/read/ */
export function markNotificationRead(id: number): Promise<Notification> {
  return apiRequest<Notification>(`/cp/notifications/${id}/read/`, { method: 'POST', busy: false });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.latest }),
  });
}
