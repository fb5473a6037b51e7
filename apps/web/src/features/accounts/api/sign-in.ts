import type { TokenResponse, User } from '@lading/contract/accounts';
import { PORTAL_CLIENT_ID } from '@lading/contract/app-info';
import type { MfaEnrolmentRequired, MfaMethod, MfaRequired } from '@lading/contract/second-factor';
import { PORTAL_REDIRECT_PATH } from '@lading/contract/sign-in-constants';
import { apiRequest } from '../../../lib/api-client';
import { trackBusy } from '../../../lib/busy';
import { type HomePath, homePath } from '../../../lib/permissions';
import { createCodeChallenge, createCodeVerifier } from '../../../lib/pkce';
import { getSession, type Session, setSession } from '../../../lib/session';
import { loadAuthData } from './get-auth-data';

export type SignInResult = { session: Session; destination: HomePath };

/** Exchanges an authorization code for tokens (form post, as RFC 6749 wants). */
export async function exchangeCode(code: string, verifier: string): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('/authenticate/oauth/token/', {
    method: 'POST',
    form: {
      client_id: PORTAL_CLIENT_ID,
      code,
      code_verifier: verifier,
      redirect_uri: `${window.location.origin}${PORTAL_REDIRECT_PATH}`,
      grant_type: 'authorization_code',
    },
    busy: false,
    signedOut: true,
  });
}

/**
 * The sign-in sequence of specification section 4: post the credentials (the server sets the session cookie),
 * request an authorization code with a 128-character verifier and its S256 challenge, read the code from the
 * address the redirects end at, exchange it for tokens, keep token and user, fetch the auth data (permission set,
 * offices) and keep it too (section 3), check first login, pick the landing page: carrier staff their admin dashboard,
 * a customer on first login the profile, otherwise their dashboard.
 */
export async function signIn(
  username: string,
  password: string,
  /**
   * For an account with a second factor: asks the user for one of `methods` and answers the user once the server
   * took it.
   */
  secondStep: (methods: MfaMethod[]) => Promise<User>,
  /**
   * For an account that must have a second factor and has none (decision 023): the user sets one up, and the
   * confirmation answers the user (the server has then replaced the enrolment session with a full one).
   */
  enrolment: () => Promise<User>,
): Promise<SignInResult> {
  const answer = await trackBusy(
    apiRequest<User | MfaRequired | MfaEnrolmentRequired>('/authenticate/oauth/login/', {
      method: 'POST',
      form: { username, password, client_id: PORTAL_CLIENT_ID },
      busy: false,
      signedOut: true,
    }),
  );
  // The second step (or setting one up) waits for the user: the screen is not busy meanwhile.
  return finishSignIn(
    'mfaRequired' in answer
      ? await secondStep(answer.methods)
      : 'mfaEnrolmentRequired' in answer
        ? await enrolment()
        : answer,
  );
}

/**
 * What follows once the server answered the user (after the password and any second step, or a passkey in place of
 * the password): the authorization code with PKCE under the new session cookie, the tokens, the auth data, the
 * landing page.
 */
export function finishSignIn(user: User): Promise<SignInResult> {
  return trackBusy(
    (async () => {
      const verifier = createCodeVerifier(128);
      const state = createCodeVerifier(32);
      const authorize = new URL('/authenticate/o/authorize/', window.location.origin);
      authorize.search = new URLSearchParams({
        response_type: 'code',
        client_id: PORTAL_CLIENT_ID,
        code_challenge: await createCodeChallenge(verifier),
        code_challenge_method: 'S256',
        redirect_uri: `${window.location.origin}${PORTAL_REDIRECT_PATH}`,
        state,
      }).toString();
      const response = await fetch(authorize, {
        credentials: 'same-origin',
        redirect: 'follow',
        headers: { accept: 'text/html' },
      });
      const landed = new URL(response.url);
      const code = landed.searchParams.get('code');
      if (landed.pathname !== PORTAL_REDIRECT_PATH || !code || landed.searchParams.get('state') !== state) {
        throw new Error('authorization failed');
      }
      const tokens = await exchangeCode(code, verifier);
      setSession({
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        expiresAt: Date.now() + tokens.expires_in * 1000,
        user,
      });
      let home: HomePath;
      try {
        home = homePath((await loadAuthData(user.id)).permissions);
      } catch (error) {
        // Without its permissions the portal cannot decide what to show: the sign-in fails as a whole.
        setSession(null);
        throw error;
      }
      const session = getSession()!;
      if (home === '/app-dashboard-admin') return { session, destination: home };
      const { isFirstLogin } = await apiRequest<{ isFirstLogin: boolean }>(
        '/authenticate/oauth/users/check-first-login/',
        {
          query: { id: user.id },
          busy: false,
        },
      );
      return { session, destination: isFirstLogin ? '/app-profile' : home };
    })(),
  );
}
