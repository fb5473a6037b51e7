import { useSyncExternalStore } from 'react';

/** The user as the login call returns it (specification section 3, "User"). */
export type SessionUser = {
  id: number;
  is_admin: boolean;
  email: string;
  first_name: string;
  last_name: string;
  username: string;
  party: number | null;
  party_name: string | null;
  party_code: string | null;
};

export type Session = { accessToken: string; refreshToken?: string; expiresAt?: number; user: SessionUser };

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

export function useSession(): Session | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

// Another tab signing in or out changes this one too.
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY) return;
  current = read();
  for (const listener of listeners) listener();
});
