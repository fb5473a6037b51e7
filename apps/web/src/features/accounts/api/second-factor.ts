import type { MfaStatus, Passkey, PasskeyAdded, TotpEnrolment } from '@lading/contract/second-factor';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

/** GET authenticate/oauth/mfa/: whether an authenticator app is on, how many passkeys, the recovery codes left. */
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

/** GET authenticate/oauth/mfa/webauthn/: the user's passkeys (name, created, last used). */
export function usePasskeys() {
  return useQuery({
    queryKey: accountKeys.passkeys,
    queryFn: ({ signal }) =>
      apiRequest<Passkey[]>('/authenticate/oauth/mfa/webauthn/', { signal, busy: false }),
  });
}

/**
 * Adding a passkey (the registration options, the browser's prompt through @simplewebauthn/browser, fetched only
 * now, then the answer with its name) and removing one (with the password).
 */
export function usePasskeyChanges() {
  const client = useQueryClient();
  const settled = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: accountKeys.passkeys }),
      client.invalidateQueries({ queryKey: accountKeys.secondFactor }),
    ]);
  return {
    add: useMutation({
      mutationFn: async (name: string) => {
        const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
          '/authenticate/oauth/mfa/webauthn/registration-options/',
          { method: 'POST' },
        );
        const { startRegistration } = await import('@simplewebauthn/browser');
        const response = await startRegistration({ optionsJSON });
        return apiRequest<PasskeyAdded>('/authenticate/oauth/mfa/webauthn/', {
          method: 'POST',
          json: { name, response },
        });
      },
      onSettled: settled,
    }),
    remove: useMutation({
      mutationFn: ({ id, password }: { id: number; password: string }) =>
        apiRequest<null>(`/authenticate/oauth/mfa/webauthn/${id}/`, { method: 'DELETE', json: { password } }),
      onSettled: settled,
    }),
  };
}
