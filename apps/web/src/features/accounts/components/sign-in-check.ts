import { type SignInForm, SignInFormSchema, type User } from '@lading/contract/accounts';
import type { MfaMethod } from '@lading/contract/second-factor';
import { SIGN_IN_MESSAGES } from '@lading/contract/sign-in-constants';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { decideRouteAccess } from '../../../lib/route-access';
import type { routerWhenNeeded } from '../../../lib/router-when-needed';
import { toast } from '../../../lib/toast';
import { finishSignIn, type SignInResult, signIn } from '../api/sign-in';

/**
 * The login page fetches this module when the user reaches the form (or asks for a passkey): zod and the schema, the
 * sign-in sequence (with PKCE), and what the page does once the fields are valid (sign in and go on, the failure's
 * message, the verification e-mail sent again, a sign-in with a passkey) stay off its first load.
 */

/** What the second step's (or the enrolment's) Back rejects with. */
export const SECOND_STEP_CANCELLED = 'SECOND_STEP_CANCELLED';

/** The second step or the set-up of a second factor, as the login page shows it until `done` or `back`. */
export type SecondStepRequest = {
  kind: 'code' | 'enrol';
  methods: MfaMethod[];
  done: (user: User) => void;
  back: (why?: string) => void;
};

/** The sign-in fields' messages (the first per field), by the contract's schema; empty when both are valid. */
export type SignInErrors = Partial<Record<keyof SignInForm, string>>;

/** The contract's check of the sign-in fields. */
export function checkSignIn(values: SignInForm): SignInErrors {
  const result = SignInFormSchema.safeParse(values);
  const errors: SignInErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof SignInForm;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Only paths inside the portal are followed after sign-in. */
export function safeRedirect(value: string | undefined): string | undefined {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/app-login')
    ? value
    : undefined;
}

/**
 * Signs in with valid fields and opens the page asked for (`redirect`), unless the account just signed in may not
 * use it (then its own landing page). A failure is a warning toast; an address not verified yet is handed to
 * `onUnverified` (the page then offers to send the e-mail again).
 */
export async function signInAndGo(
  { username, password }: SignInForm,
  redirect: string | undefined,
  router: typeof routerWhenNeeded,
  onUnverified: (email: string) => void,
  /**
   * Shows the second step (`code`: an account with a second factor) or the set-up of one (`enrol`: an account that
   * must have one, decision 023); `done` hands the user back, `back` returns to the password.
   */
  show: (step: SecondStepRequest | undefined) => void,
): Promise<void> {
  const ask = (kind: SecondStepRequest['kind'], methods: MfaMethod[]) =>
    new Promise<User>((resolve, reject) =>
      show({
        kind,
        methods,
        done: resolve,
        back: (why) => {
          if (why) toast.warning(why);
          reject(Object.assign(new Error(why), { code: SECOND_STEP_CANCELLED }));
        },
      }),
    );
  try {
    await goAfterSignIn(
      await signIn(
        username.trim(),
        password,
        (methods) => ask('code', methods),
        () => ask('enrol', []),
      ),
      redirect,
      router,
    );
  } catch (error) {
    // Back to the password from the second step: nothing to say.
    if ((error as { code?: string } | null)?.code === SECOND_STEP_CANCELLED) return;
    if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
      onUnverified(username.trim());
      toast.warning(error.message);
    } else if (error instanceof ApiError && error.status === 429) {
      toast.warning(error.message);
    } else {
      toast.warning(SIGN_IN_MESSAGES.invalidCredentials);
    }
  } finally {
    show(undefined);
  }
}

/**
 * Opens the page asked for (`redirect`) once signed in, unless the account may not use it (then its own landing
 * page). `router` gives the router, fetched first when the login page was the first load (lib/router-when-needed.ts).
 */
export async function goAfterSignIn(
  { destination, session }: SignInResult,
  redirect: string | undefined,
  router: typeof routerWhenNeeded,
): Promise<void> {
  const back = safeRedirect(redirect);
  const loaded = await router();
  const [routes] = loaded.getMatchedRoutes(new URL(back ?? '/', window.location.origin).pathname);
  const requirements = routes.map((route) => route.options.staticData?.requires);
  const allowed = back && decideRouteAccess(requirements, session.authData?.permissions) === 'allowed';
  await loaded.navigate({ to: allowed ? back : destination });
}

/**
 * "Sign in with a passkey": a discoverable passkey with user verification in place of the password (no second step
 * follows; the prompt's code, with @simplewebauthn/browser, is fetched on the click), then the same sequence as a
 * password sign-in. Failures are toasts.
 */
export async function signInWithPasskeyAndGo(
  redirect: string | undefined,
  router: typeof routerWhenNeeded,
): Promise<void> {
  const { PASSKEY_CANCELLED, promptCancelled, signWithPasskey } = await import('./passkey-prompt');
  try {
    const user = await signWithPasskey(
      '/authenticate/oauth/login/passkey-options/',
      '/authenticate/oauth/login/passkey/',
    );
    await goAfterSignIn(await finishSignIn(user), redirect, router);
  } catch (error) {
    if (promptCancelled(error)) toast.info(PASSKEY_CANCELLED);
    else toast.warning(error instanceof ApiError ? error.message : 'Signing in with a passkey did not work.');
  }
}

/** Sends the verification e-mail again; says so whatever the answer (the server does not tell who is registered). */
export async function resendVerification(email: string): Promise<void> {
  try {
    const { message } = await apiRequest<{ message: string }>(
      '/authenticate/oauth/users/resend-verification/',
      {
        method: 'POST',
        json: { email: email.includes('@') ? email : '' },
      },
    );
    toast.info(message);
  } catch {
    toast.info(SIGN_IN_MESSAGES.verificationSent);
  }
}
