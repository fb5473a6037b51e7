import type { AuthData } from '@lading/contract/access';
import type { User } from '@lading/contract/accounts';
import { useSyncExternalStore } from 'react';

/**
 * The user as the login call returns it (specification section 3, "User"), with the company membership status.
 * Sessions stored before the status existed lack it.
 */
export type SessionUser = Omit<User, 'companyStatus'> & { companyStatus?: User['companyStatus'] };

/**
 * What the portal keeps "locally" (specification section 3): the token, the user and the auth data (permission set,
 * offices, selected office, corporate-office flag, yard). Sessions stored before auth data existed lack it; the
 * portal fetches it before the first signed-in screen (features/accounts/api/get-auth-data.ts).
 */
export type Session = {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: number;
  user: SessionUser;
  authData?: AuthData;
};

const STORAGE_KEY = 'lading.session';
const listeners = new Set<() => void>();
let current: Session | null = read();

function read(): Session | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session | null): void {
  current = session;
  if (session) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  else window.localStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

/** Changes the stored session, if it still belongs to this user (an answer can arrive after a switch of user). */
export function updateSession(userId: number, change: (session: Session) => Session): void {
  if (current && current.user.id === userId) setSession(change(current));
}

/** After a profile change or a company request: the user's company and membership status as the server answered. */
export function storeUserCompany(
  user: Pick<User, 'id' | 'party' | 'party_name' | 'party_code' | 'companyStatus'>,
): void {
  updateSession(user.id, (session) => ({
    ...session,
    user: {
      ...session.user,
      party: user.party,
      party_name: user.party_name,
      party_code: user.party_code,
      companyStatus: user.companyStatus,
    },
  }));
}

/** Calls `listener` after every change of the session (this tab's or another's); returns the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, () => current);
}

/**
 * The session as stored now, read again: another tab may have written it (renewed the tokens, signed out) before its
 * `storage` event reached this one.
 */
export function rereadSession(): Session | null {
  const stored = read();
  if (stored?.accessToken !== current?.accessToken || stored?.user.id !== current?.user.id) {
    current = stored;
    for (const listener of listeners) listener();
  }
  return current;
}

// Another tab signing in or out changes this one too (`key` null: the storage was cleared).
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  current = read();
  for (const listener of listeners) listener();
});
