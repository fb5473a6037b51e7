import { ACCOUNT_MESSAGES, PASSWORD_MIN } from '@lading/contract/accounts';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';

type ResetForm = { password: string; confirmPassword: string };

export function ResetPasswordPage({ token }: { token?: string }) {
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<ResetForm>({
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = async ({ password, confirmPassword }: ResetForm) => {
    if ([...password].length < PASSWORD_MIN) return toast.warning(ACCOUNT_MESSAGES.passwordTooShort);
    if (password !== confirmPassword) return toast.warning(ACCOUNT_MESSAGES.passwordMismatch);
    try {
      const { message } = await apiRequest<{ message: string }>('/authenticate/oauth/users/reset-password/', {
        method: 'POST',
        json: { token: token ?? '', password },
      });
      toast.success(message);
      await navigate({ to: '/app-login' });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.linkInvalid);
    }
  };
  return (
    <AuthCard title="Choose a new password">
      <form
        onSubmit={handleSubmit(onSubmit, () => toast.warning('Please fill the required fields'))}
        noValidate
      >
        <Stack gap="sm">
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            withAsterisk
            description="At least 8 characters."
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
            {...register('password', { required: true })}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirm password' }}
            {...register('confirmPassword', { required: true })}
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
