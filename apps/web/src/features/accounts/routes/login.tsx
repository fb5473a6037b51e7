import { ACCOUNT_MESSAGES } from '@lading/contract/account-constants';
import type { SignInForm } from '@lading/contract/accounts';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { PasswordField } from '../../../components/form/password-field';
import { TextField } from '../../../components/form/text-fields';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { decideRouteAccess } from '../../../lib/route-access';
import { toast } from '../../../lib/toast';
import { signIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';

/** Only paths inside the portal are followed after sign-in. */
export function safeRedirect(value: string | undefined): string | undefined {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/app-login')
    ? value
    : undefined;
}

const route = getRouteApi('/app-login');

/** The contract's sign-in schema through zodResolver, fetched (with zod) once the user starts on the form. */
const signInResolver = lazyResolver<SignInForm>(() =>
  import('../components/sign-in-resolver').then((module) => module.signInResolver),
);

/** The route's component (loaded on first visit): the page with `?redirect=` from the address. */
export function LoginRoute() {
  return <LoginPage redirect={route.useSearch().redirect} />;
}

export function LoginPage({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const router = useRouter();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<SignInForm>({
    defaultValues: { username: '', password: '' },
    resolver: signInResolver,
  });

  const onValid = async ({ username, password }: SignInForm) => {
    setUnverifiedEmail(null);
    try {
      const { destination, session } = await signIn(username.trim(), password);
      // Back to the page asked for, unless the account just signed in may not use it (then its own landing page).
      const back = safeRedirect(redirect);
      const [routes] = router.getMatchedRoutes(new URL(back ?? '/', window.location.origin).pathname);
      const requirements = routes.map((route) => route.options.staticData?.requires);
      const allowed = back && decideRouteAccess(requirements, session.authData?.permissions) === 'allowed';
      await navigate({ to: allowed ? back : destination });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        setUnverifiedEmail(username.trim());
        toast.warning(error.message);
      } else if (error instanceof ApiError && error.status === 429) {
        toast.warning(error.message);
      } else {
        toast.warning(ACCOUNT_MESSAGES.invalidCredentials);
      }
    }
  };

  const resend = async () => {
    if (!unverifiedEmail) return;
    try {
      const { message } = await apiRequest<{ message: string }>(
        '/authenticate/oauth/users/resend-verification/',
        {
          method: 'POST',
          json: { email: unverifiedEmail.includes('@') ? unverifiedEmail : '' },
        },
      );
      toast.info(message);
    } catch {
      toast.info(ACCOUNT_MESSAGES.verificationSent);
    }
  };

  return (
    <AuthCard title="Sign In" subtitle="Welcome back. Sign in to manage your shipments.">
      <form
        onSubmit={(event) =>
          handleSubmit(onValid, () => toast.warning(ACCOUNT_MESSAGES.loginRequired))(event).catch(() =>
            // Only the lazily fetched checks can fail here (onValid answers its own errors): offline or a new build.
            toast.warning('The sign-in form could not load its checks. Check your connection and try again.'),
          )
        }
        onFocus={signInResolver.preload}
        onPointerDown={signInResolver.preload}
        noValidate
      >
        <Stack gap={4}>
          <TextField
            control={control}
            name="username"
            label="Username"
            placeholder="Email"
            autoComplete="username"
            required
          />
          <PasswordField
            control={control}
            name="password"
            label="Password"
            autoComplete="current-password"
            required
          />
          <Group justify="flex-end" mb="sm">
            <Anchor component={Link} to="/app-forgot-password" size="sm">
              Forgot Password?
            </Anchor>
          </Group>
          <Stack gap="sm">
            <Button type="submit" fullWidth loading={formState.isSubmitting}>
              Sign In
            </Button>
            {unverifiedEmail && (
              <Button variant="light" onClick={resend}>
                Resend verification email
              </Button>
            )}
            <Text size="sm" ta="center">
              New to Lading?{' '}
              <Anchor component={Link} to="/app-registration">
                Sign Up
              </Anchor>
            </Text>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
