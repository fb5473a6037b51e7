import type { useNavigate } from '@tanstack/react-router';
import { apiRequest } from './api-client';
import { queryClient } from './query-client';
import { setSession } from './session';

/** Revokes the tokens and ends the session on the server, forgets them here, returns to the login page. */
export async function signOut(navigate: ReturnType<typeof useNavigate>): Promise<void> {
  try {
    await apiRequest('/authenticate/oauth/logout/', { method: 'POST', busy: false });
  } catch {
    // Signing out locally still happens; the server-side tokens expire on their own.
  }
  setSession(null);
  queryClient.clear();
  await navigate({ to: '/app-login' });
}
