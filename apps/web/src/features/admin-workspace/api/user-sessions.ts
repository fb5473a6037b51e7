import type { SecondFactorReset } from '@lading/contract/second-factor';
import type { Session } from '@lading/contract/sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminWorkspaceKeys } from './query-keys';

const sessionsKey = (userId: number) => [...adminWorkspaceKeys.list('users'), userId, 'sessions'] as const;

/** GET cp/admin/users/{id}/sessions/: a user's live sessions (ADMIN.USER.VIEW, the caller's scope). */
export function useUserSessions(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: sessionsKey(userId),
    queryFn: ({ signal }) =>
      apiRequest<Session[]>(`/cp/admin/users/${userId}/sessions/`, { signal, busy: false }),
    enabled,
  });
}

/** DELETE cp/admin/users/{id}/sessions/[{sessionId}/] with the reason (ADMIN.USER.EDIT; audited). */
export function useEndUserSessions(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, reason }: { sessionId?: string; reason: string }) =>
      apiRequest<{ ended: number }>(
        `/cp/admin/users/${userId}/sessions/${sessionId ? `${sessionId}/` : ''}`,
        { method: 'DELETE', json: { reason } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey(userId) }),
  });
}

/**
 * DELETE cp/admin/users/{id}/mfa/ with the reason (ADMIN.USER.EDIT; audited): removes the user's lost second factor
 * and recovery codes and ends their sessions.
 */
export function useResetSecondFactor(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<SecondFactorReset>(`/cp/admin/users/${userId}/mfa/`, { method: 'DELETE', json: { reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey(userId) }),
  });
}
