import type { Session } from '@lading/contract/sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

/** GET authenticate/oauth/sessions/: where the user is signed in, the most recently active first. */
export function useMySessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => apiRequest<Session[]>('/authenticate/oauth/sessions/', { signal, busy: false }),
  });
}

/** DELETE authenticate/oauth/sessions/{id}/ (one) or POST …/end-others/ (every one but this). */
export function useEndMySessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: string } | 'others') =>
      which === 'others'
        ? apiRequest<{ ended: number }>('/authenticate/oauth/sessions/end-others/', { method: 'POST' })
        : apiRequest<null>(`/authenticate/oauth/sessions/${which.id}/`, { method: 'DELETE' }).then(() => ({
            ended: 1,
          })),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
