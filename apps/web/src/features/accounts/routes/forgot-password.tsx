import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';

export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const onSubmit = async ({ email }: { email: string }) => {
    try {
      const { message } = await apiRequest<{ message: string }>(
        '/authenticate/oauth/users/forgot-password/',
        { method: 'POST', json: { email: email.trim() } },
      );
      setSent(message);
    } catch (error) {
      toast.warning(
        error instanceof ApiError && error.code === 'VALIDATION_FAILED'
          ? 'Invalid Email'
          : 'Please try again in a moment.',
      );
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
          onSubmit={handleSubmit(onSubmit, () => toast.warning('Please fill the required fields'))}
          noValidate
        >
          <Stack gap="sm">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              withAsterisk
              error={formState.errors.email ? 'Required' : undefined}
              {...register('email', { required: true })}
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
