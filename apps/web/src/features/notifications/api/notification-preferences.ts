import type {
  NotificationPreferences,
  UpdateNotificationPreferencesBody,
} from '@lading/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** GET cp/notifications/preferences/: one entry per kind of notice the caller can receive. */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('/cp/notifications/preferences/', { signal, busy: false });
}

/** PUT cp/notifications/preferences/: kinds not named keep their setting; answers the whole list. */
export function updateNotificationPreferences(
  body: UpdateNotificationPreferencesBody,
): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('/cp/notifications/preferences/', { method: 'PUT', json: body });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(notificationKeys.preferences, preferences),
  });
}
