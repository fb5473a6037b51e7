import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES, type ResetPasswordForm, ResetPasswordFormSchema } from '@lading/contract/accounts';
import { Anchor, Button, Stack } from '@mantine/core';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerFieldErrors, fieldNameMap } from '../../../components/form/server-errors';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';

const route = getRouteApi('/app-reset-password');

/** The route's component: the page with `?token=` from the address. */
export function ResetPasswordRoute() {
  return <ResetPasswordPage token={route.useSearch().token} />;
}

export function ResetPasswordPage({ token }: { token?: string }) {
  const navigate = useNavigate();
  const { control, handleSubmit, formState, setError } = useForm<ResetPasswordForm>({
    defaultValues: { password: '', confirmPassword: '' },
    resolver: zodResolver(ResetPasswordFormSchema),
  });
  const onSubmit = async ({ password }: ResetPasswordForm) => {
    try {
      const { message } = await apiRequest<{ message: string }>('/authenticate/oauth/users/reset-password/', {
        method: 'POST',
        json: { token: token ?? '', password },
      });
      toast.success(message);
      await navigate({ to: '/app-login' });
    } catch (error) {
      if (error instanceof ApiError)
        applyServerFieldErrors(error.fields, setError, fieldNameMap({ password: 'password' }));
      toast.error(error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.linkInvalid);
    }
  };
  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={handleSubmit(onSubmit, () => toast.warning(ACCOUNT_MESSAGES.loginRequired))} noValidate>
        <Stack gap={4}>
          <PasswordField
            control={control}
            name="password"
            label="New Password"
            autoComplete="new-password"
            required
            description="At least 8 characters."
          />
          <PasswordField
            control={control}
            name="confirmPassword"
            label="Confirm Password"
            autoComplete="new-password"
            required
          />
          <Button type="submit" loading={formState.isSubmitting}>
            Change password
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/app-forgot-password" size="sm">
        Request a new link
      </Anchor>
    </AuthCard>
  );
}
