import type { MfaStatus, TotpEnrolment } from '@lading/contract/second-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

/** GET authenticate/oauth/mfa/: whether an authenticator app is on, and the recovery codes left. */
export function useSecondFactor() {
  return useQuery({
    queryKey: accountKeys.secondFactor,
    queryFn: ({ signal }) => apiRequest<MfaStatus>('/authenticate/oauth/mfa/', { signal, busy: false }),
  });
}

/** POST authenticate/oauth/mfa/totp/ (start), …/confirm/ (first code), DELETE (password and code). */
export function useTotpChanges() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: accountKeys.secondFactor });
  return {
    start: useMutation({
      mutationFn: () => apiRequest<TotpEnrolment>('/authenticate/oauth/mfa/totp/', { method: 'POST' }),
    }),
    confirm: useMutation({
      mutationFn: (code: string) =>
        apiRequest<{ recoveryCodes: string[] }>('/authenticate/oauth/mfa/totp/confirm/', {
          method: 'POST',
          json: { code },
        }),
      onSettled: settled,
    }),
    disable: useMutation({
      mutationFn: (body: { password: string; code: string }) =>
        apiRequest<null>('/authenticate/oauth/mfa/totp/', { method: 'DELETE', json: body }),
      onSettled: settled,
    }),
  };
}
