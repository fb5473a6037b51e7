import type { TokenResponse } from '@lading/contract/accounts';
import { PORTAL_CLIENT_ID } from '@lading/contract/app-info';
import { getSession, rereadSession, setSession } from '../../../lib/session';

/**
 * Renews the access token with the refresh token (rotated by the server at every use). The tabs of a browser share
 * one session, so they renew one at a time (a Web Lock): a tab whose token expired while another tab renewed it takes
 * the stored one instead of spending the refresh token a second time, which the server refuses, and which would sign
 * every tab out.
 */
export function refreshAccessToken(): Promise<boolean> {
  const expired = getSession()?.accessToken;
  const renew = () => renewUnless(expired);
  return navigator.locks ? navigator.locks.request('lading.token-refresh', renew) : renew();
}

async function renewUnless(expired: string | undefined): Promise<boolean> {
  const session = rereadSession();
  if (!session?.refreshToken) return false;
  if (session.accessToken !== expired) return true;
  const response = await fetch('/authenticate/oauth/token/', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: PORTAL_CLIENT_ID,
      refresh_token: session.refreshToken,
    }),
    credentials: 'same-origin',
  });
  // Refused: another tab (without Web Locks) may have renewed it meanwhile.
  if (!response.ok) {
    const now = rereadSession();
    return Boolean(now) && now?.accessToken !== expired;
  }
  const tokens = (await response.json()) as TokenResponse;
  setSession({
    ...session,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? session.refreshToken,
    expiresAt: Date.now() + tokens.expires_in * 1000,
  });
  return true;
}
