import type { useNavigate } from '@tanstack/react-router';
import { apiRequest } from './api-client';
import { queryClient } from './query-client';
import { setSession } from './session';

/**
 * Revokes the tokens and ends the session on the server, returns to the login page, then forgets them here (the
 * login page first: the portal layout sends a tab whose session ends under it to app-login with the address to come
 * back to, which a deliberate sign-out does not want). Other tabs learn of it from the stored session's removal.
 */
export async function signOut(navigate: ReturnType<typeof useNavigate>): Promise<void> {
  try {
    await apiRequest('/authenticate/oauth/logout/', { method: 'POST', busy: false });
  } catch {
    // Signing out locally still happens; the server-side tokens expire on their own.
  }
  try {
    await navigate({ to: '/app-login' });
  } finally {
    setSession(null);
    queryClient.clear();
  }
}
