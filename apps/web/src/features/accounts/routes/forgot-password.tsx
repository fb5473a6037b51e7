import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_MESSAGES,
  type ForgotPasswordForm,
  ForgotPasswordFormSchema,
} from '@lading/contract/accounts';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors, fieldNameMap } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-fields';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';

export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<ForgotPasswordForm>({
    defaultValues: { email: '' },
    resolver: zodResolver(ForgotPasswordFormSchema),
  });
  const onSubmit = async ({ email }: ForgotPasswordForm) => {
    try {
      const { message } = await apiRequest<{ message: string }>(
        '/authenticate/oauth/users/forgot-password/',
        { method: 'POST', json: { email: email.trim() } },
      );
      setSent(message);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        applyServerFieldErrors(error.fields, setError, fieldNameMap({ email: 'email' }));
        toast.warning(ACCOUNT_MESSAGES.invalidEmail);
      } else toast.warning('Please try again in a moment.');
    }
  };
  return (
    <AuthCard title="Forgot Password" subtitle="We will e-mail you a link to choose a new password.">
      {sent ? (
        <Alert color="green" role="status">
          {sent}
        </Alert>
      ) : (
        <form
          onSubmit={handleSubmit(onSubmit, (errors) =>
            toast.warning(
              errors.email?.message === ACCOUNT_MESSAGES.invalidEmail
                ? ACCOUNT_MESSAGES.invalidEmail
                : ACCOUNT_MESSAGES.loginRequired,
            ),
          )}
          noValidate
        >
          <Stack gap={4}>
            <TextField
              control={control}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              required
            />
            <Button type="submit" loading={formState.isSubmitting}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/app-login" size="sm">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
}
