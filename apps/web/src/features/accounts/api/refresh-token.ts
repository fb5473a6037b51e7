import type { TokenResponse } from '@lading/contract/accounts';
import { PORTAL_CLIENT_ID } from '@lading/contract/app-info';
import { getSession, setSession } from '../../../lib/session';

/** Renews the access token with the refresh token (rotated by the server at every use). */
export async function refreshAccessToken(): Promise<boolean> {
  const session = getSession();
  if (!session?.refreshToken) return false;
  const response = await fetch('/authenticate/oauth/token/', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: PORTAL_CLIENT_ID,
      refresh_token: session.refreshToken,
    }),
    credentials: 'same-origin',
  });
  if (!response.ok) return false;
  const tokens = (await response.json()) as TokenResponse;
  setSession({
    ...session,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? session.refreshToken,
    expiresAt: Date.now() + tokens.expires_in * 1000,
  });
  return true;
}
