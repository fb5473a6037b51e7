import type { User } from '@lading/contract/accounts';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { apiRequest } from '../../../lib/api-client';

/**
 * A sign-in's passkey prompt, fetched when the user asks for it (the login page's first load has no room for
 * @simplewebauthn/browser): the options from `optionsPath` (their challenge bound to this browser by a cookie), the
 * browser's own prompt (user verification required), then the assertion to `answerPath` as `{ webauthn }`. Answers
 * the user, as the password sign-in does.
 */
export async function signWithPasskey(optionsPath: string, answerPath: string): Promise<User> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(optionsPath, {
    method: 'POST',
    busy: false,
    signedOut: true,
  });
  const webauthn = await startAuthentication({ optionsJSON });
  return apiRequest<User>(answerPath, { method: 'POST', json: { webauthn }, busy: false, signedOut: true });
}

/** The browser's prompt closed without a passkey (cancelled, timed out, or none for this site on the device). */
export const promptCancelled = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

export const PASSKEY_CANCELLED =
  'No passkey was used: the request was cancelled or timed out. Try again, or choose another way.';
