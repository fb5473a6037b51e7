import type { SignInForm } from '@lading/contract/accounts';
import { SIGN_IN_MESSAGES } from '@lading/contract/sign-in-constants';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { errorChrome, labelProps } from '../../../components/form/field-chrome';
import { HrefLink } from '../../../components/href-link';
import { routerWhenNeeded } from '../../../lib/router-when-needed';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';
import type { SecondStepRequest, SignInErrors } from '../components/sign-in-check';

/**
 * The contract's sign-in check (with zod), the sign-in sequence and what follows it (components/sign-in-check.ts),
 * fetched once the user starts on the form; a failed fetch is retried on the next use. The login form is the one form without
 * react-hook-form (decision 007): two fields, and the library was a tenth of the page's first load.
 */
let loadingForm: Promise<typeof import('../components/sign-in-check')> | undefined;
function signInModule() {
  loadingForm ??= import('../components/sign-in-check').catch((error: unknown) => {
    loadingForm = undefined;
    throw error;
  });
  return loadingForm;
}
const CANNOT_LOAD = 'The sign-in form could not load its checks. Check your connection and try again.';
const signInCheck = () => signInModule().then((module) => module.checkSignIn);
/** Once the user starts on the form: the checks, and the router the sign-in then navigates with. */
const preloadCheck = () => {
  void signInModule().catch(() => {});
  void routerWhenNeeded().catch(() => {});
};

/** The second step or the set-up of a second factor, with their card: a chunk fetched only when one is due. */
const SecondStepScreen = lazy(() =>
  import('../components/second-step-screen').then((module) => ({ default: module.SecondStepScreen })),
);

/**
 * No TanStack Router in this module: a first load of /app-login renders the page before the router is loaded
 * (main.tsx), and the page asks for the router only to navigate (lib/router-when-needed.ts).
 */

/** `?redirect=` of the address: where to go once signed in (checked then, components/sign-in-check.ts). */
function redirectOf(search: string): string | undefined {
  return new URLSearchParams(search).get('redirect') ?? undefined;
}

/** The route's component (loaded on first visit), and the page a first load of /app-login renders itself. */
export function LoginRoute() {
  return <LoginPage redirect={redirectOf(window.location.search)} />;
}

export function LoginPage({ redirect }: { redirect?: string }) {
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [values, setValues] = useState<SignInForm>({ username: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  // While the second step is asked (or a second factor set up): how to hand its answer (the user) back to the
  // sign-in sequence.
  const [secondStep, setSecondStep] = useState<SecondStepRequest>();

  const change = (field: keyof SignInForm) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };
  // After the first submit, every change is checked again (as react-hook-form's forms do elsewhere).
  useEffect(() => {
    if (!submitted) return;
    let current = true;
    signInCheck().then(
      (check) => current && setErrors(check(values)),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [submitted, values]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    let check: Awaited<ReturnType<typeof signInCheck>>;
    try {
      check = await signInCheck();
    } catch {
      // Offline, or a new build replaced the file.
      toast.warning(CANNOT_LOAD);
      return;
    }
    const found = check(values);
    setErrors(found);
    const invalid = (['username', 'password'] as const).find((field) => found[field]);
    if (invalid) {
      inputs[invalid].current?.focus();
      toast.warning(SIGN_IN_MESSAGES.loginRequired);
      return;
    }
    setSubmitting(true);
    try {
      await onValid(values);
    } finally {
      setSubmitting(false);
    }
  };

  // The sign-in itself, its failures and the resend come with the check's module, loaded before the first submit.
  const onValid = async (form: SignInForm) => {
    setUnverifiedEmail(null);
    const { signInAndGo } = await signInModule();
    await signInAndGo(form, redirect, routerWhenNeeded, setUnverifiedEmail, setSecondStep);
  };

  // A passkey in place of the password: its code comes with the sign-in module, the prompt's on the click.
  const withPasskey = () =>
    void signInModule().then(
      (module) => module.signInWithPasskeyAndGo(redirect, routerWhenNeeded),
      () => toast.warning(CANNOT_LOAD),
    );

  const resend = () => {
    if (unverifiedEmail)
      void signInModule().then(({ resendVerification }) => resendVerification(unverifiedEmail));
  };

  if (secondStep)
    return (
      <Suspense fallback={null}>
        <SecondStepScreen
          kind={secondStep.kind}
          methods={secondStep.methods}
          onDone={secondStep.done}
          onBack={secondStep.back}
        />
      </Suspense>
    );
  return (
    <AuthCard title="Sign In" subtitle="Welcome back. Sign in to manage your shipments.">
      <form onSubmit={onSubmit} onFocus={preloadCheck} onPointerDown={preloadCheck} noValidate>
        <Stack gap={4}>
          <TextInput
            ref={inputs.username}
            name="username"
            {...labelProps('Username', false, true)}
            {...errorChrome(errors.username, 'line')}
            placeholder="Email"
            autoComplete="username"
            value={values.username}
            onChange={change('username')}
          />
          <PasswordInput
            ref={inputs.password}
            name="password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...labelProps('Password', false, true)}
            {...errorChrome(errors.password, 'line')}
            // Mantine marks an invalid password input with data-invalid only; assistive technology needs aria-invalid.
            aria-invalid={errors.password ? true : undefined}
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
          />
          <Group justify="flex-end" mb="sm">
            <HrefLink href="/app-forgot-password" size="sm">
              Forgot Password?
            </HrefLink>
          </Group>
          <Stack gap="sm">
            <Button type="submit" fullWidth loading={submitting}>
              Sign In
            </Button>
            <Button variant="default" fullWidth onClick={withPasskey}>
              Sign in with a passkey
            </Button>
            {unverifiedEmail && (
              <Button variant="light" onClick={resend}>
                Resend verification email
              </Button>
            )}
            <Text size="sm" ta="center">
              New to Lading? <HrefLink href="/app-registration">Sign Up</HrefLink>
            </Text>
            <Text size="sm" ta="center">
              <HrefLink href="/track">Track a shipment</HrefLink>
            </Text>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
