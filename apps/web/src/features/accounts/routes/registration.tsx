import { ACCOUNT_MESSAGES, checkSignUpForm, type SignUpFormValues } from '@lading/contract/accounts';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';

export function RegistrationPage() {
  const navigate = useNavigate();
  const { register, handleSubmit, formState, watch } = useForm<SignUpFormValues>({
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });
  const submitted = formState.isSubmitted;
  const values = watch();
  const missing = (v: string) => submitted && v.trim() === '';

  const onSubmit = async (form: SignUpFormValues) => {
    const problem = checkSignUpForm(form);
    if (problem) {
      toast.warning(problem);
      return;
    }
    const email = form.email.trim();
    try {
      await apiRequest('/authenticate/oauth/users/create-cp-users/', {
        method: 'POST',
        json: {
          username: email,
          password: form.password,
          first_name: form.firstName.trim(),
          last_name: form.lastName.trim(),
          email,
          party: null,
        },
      });
      toast.success(ACCOUNT_MESSAGES.signUpSuccess);
      await navigate({ to: '/app-login' });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Sign-up failed. Please try again.');
    }
  };

  return (
    <AuthCard title="Sign Up" subtitle="Create your account to book and track shipments." width={480}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            error={missing(values.email) ? 'Required' : undefined}
            {...register('email')}
          />
          <Group grow align="flex-start">
            <TextInput
              label="First Name"
              autoComplete="given-name"
              withAsterisk
              error={missing(values.firstName) ? 'Required' : undefined}
              {...register('firstName')}
            />
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              withAsterisk
              error={missing(values.lastName) ? 'Required' : undefined}
              {...register('lastName')}
            />
          </Group>
          <PasswordInput
            label="Password"
            description="At least 8 characters. A passphrase of a few words is easy to remember and hard to guess."
            autoComplete="new-password"
            withAsterisk
            error={missing(values.password) ? 'Required' : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...register('password')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            withAsterisk
            error={
              missing(values.confirmPassword)
                ? 'Required'
                : submitted && values.confirmPassword !== values.password
                  ? ACCOUNT_MESSAGES.passwordMismatch
                  : undefined
            }
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirm password' }}
            {...register('confirmPassword')}
          />
          <Checkbox
            {...register('acceptTerms')}
            error={submitted && !values.acceptTerms ? 'Required' : undefined}
            label={
              <>
                I am over 18 and accept the{' '}
                <Anchor href="/app-terms" target="_blank" rel="noopener noreferrer">
                  Terms and Conditions
                </Anchor>
              </>
            }
          />
          <Button type="submit" fullWidth loading={formState.isSubmitting}>
            Create an account
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/app-login">
              Sign In
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
