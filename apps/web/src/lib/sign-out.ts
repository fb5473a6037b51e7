import type { useNavigate } from '@tanstack/react-router';
import { setSession } from './session';

/** Ends the session on this device and returns to the login page. */
export async function signOut(navigate: ReturnType<typeof useNavigate>): Promise<void> {
  setSession(null);
  await navigate({ to: '/app-login' });
}
