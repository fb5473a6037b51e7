import type { AuthData } from '@lading/contract/access';
import { apiRequest } from '../../../lib/api-client';
import { getSession, updateSession } from '../../../lib/session';

/** GET authenticate/oauth/users/{id}/auth-data/: permission set, offices, selected office, corporate flag, yard. */
export function getAuthData(userId: number): Promise<AuthData> {
  return apiRequest<AuthData>(`/authenticate/oauth/users/${userId}/auth-data/`);
}

/**
 * Keeps the auth data with the session of this user (specification section 3, "auth data kept locally"). The same
 * data as stored keeps the session object as it is, so the refresh at page load does not render the signed-in
 * screen a second time (it is already showing with the stored data).
 */
export function storeAuthData(userId: number, authData: AuthData): void {
  updateSession(userId, (session) =>
    JSON.stringify(session.authData) === JSON.stringify(authData) ? session : { ...session, authData },
  );
}

/** The user whose auth data this page load has fetched; stored data from an earlier load is refreshed once. */
let freshFor: number | null = null;
let loading: Promise<void> | null = null;

/** Fetches and stores the user's auth data (after sign-in, at start-up). */
export async function loadAuthData(userId: number): Promise<AuthData> {
  const authData = await getAuthData(userId);
  storeAuthData(userId, authData);
  freshFor = userId;
  return authData;
}

/**
 * Runs before every signed-in screen. The first time in a page load it refreshes the stored auth data (grants or
 * offices may have changed since it was stored); a session stored before auth data existed gets it here. When the
 * refresh fails but earlier data is stored, the stored data serves (the server checks every call anyway); with
 * nothing stored the failure propagates.
 */
export function ensureAuthData(): Promise<void> {
  const session = getSession();
  if (!session || (freshFor === session.user.id && session.authData)) return Promise.resolve();
  const userId = session.user.id;
  loading ??= loadAuthData(userId)
    .then(() => undefined)
    .catch((error: unknown) => {
      if (getSession()?.user.id !== userId || !getSession()?.authData) throw error;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}
