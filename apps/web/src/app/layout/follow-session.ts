import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSession } from '../../lib/session';

/**
 * Keeps the signed-in area in step with the stored session, whichever tab or call changed it. When it ends (a
 * sign-out in another tab, a call refused with 401 that a refresh could not cure) the tab goes to app-login with the
 * address to come back to after the next sign-in; when another tab signs in as someone else, the page loads again as
 * them. A sign-out in this tab leaves the layout before it ends the session (lib/sign-out.ts).
 */
export function useFollowSession(): void {
  const userId = useSession()?.user.id;
  const navigate = useNavigate();
  const signedInAs = useRef(userId);
  useEffect(() => {
    if (userId === undefined) {
      // Already on its way there (a refused call's own trip, main.tsx): never a login page to come back to.
      if (window.location.pathname === '/app-login') return;
      const here = `${window.location.pathname}${window.location.search}`;
      void navigate({ to: '/app-login', search: { redirect: here }, replace: true });
    } else if (userId !== signedInAs.current) {
      window.location.reload();
    }
  }, [userId, navigate]);
}
