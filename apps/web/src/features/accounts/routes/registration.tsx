import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_MESSAGES,
  SIGN_UP_FORM_FIELDS,
  SignUpFormSchema,
  type SignUpFormValues,
  signUpFormMessage,
} from '@lading/contract/accounts';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/choice-fields';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerFieldErrors, fieldNameMap } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-fields';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';

/**
 * Sign-up (specification sections 2, 5 and 8), driven by the contract's SignUpFormSchema: an invalid form warns
 * "Invalid Email" or "Please fill all required fields" and marks the fields; a refusal by the server shows the text
 * of its error field and marks the field it names.
 */
export function RegistrationPage() {
  const navigate = useNavigate();
  const { control, handleSubmit, formState, setError } = useForm<SignUpFormValues>({
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
    resolver: zodResolver(SignUpFormSchema),
  });

  const onInvalid = (errors: typeof formState.errors) => {
    const messages = Object.fromEntries(
      Object.entries(errors).map(([field, error]) => [field, error?.message]),
    ) as Partial<Record<keyof SignUpFormValues, string>>;
    toast.warning(signUpFormMessage(messages) ?? ACCOUNT_MESSAGES.signUpRequired);
  };

  const onSubmit = async (form: SignUpFormValues) => {
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
      if (error instanceof ApiError) {
        applyServerFieldErrors(error.fields, setError, fieldNameMap(SIGN_UP_FORM_FIELDS));
        toast.error(error.message);
      } else {
        toast.error('Sign-up failed. Please try again.');
      }
    }
  };

  return (
    <AuthCard title="Sign Up" subtitle="Create your account to book and track shipments." width={480}>
      <form onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate>
        <Stack gap={4}>
          <TextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
          />
          <Group grow align="flex-start" gap="sm">
            <TextField
              control={control}
              name="firstName"
              label="First Name"
              autoComplete="given-name"
              required
              maxLength={100}
            />
            <TextField
              control={control}
              name="lastName"
              label="Last Name"
              autoComplete="family-name"
              required
              maxLength={100}
            />
          </Group>
          <PasswordField
            control={control}
            name="password"
            label="Password"
            description="At least 8 characters. A passphrase of a few words is easy to remember and hard to guess."
            autoComplete="new-password"
            required
          />
          <PasswordField
            control={control}
            name="confirmPassword"
            label="Confirm Password"
            autoComplete="new-password"
            required
          />
          <CheckboxField
            control={control}
            name="acceptTerms"
            label={
              <>
                I am over 18 and accept the{' '}
                <Anchor href="/app-terms" target="_blank" rel="noopener noreferrer">
                  Terms and Conditions
                </Anchor>
              </>
            }
          />
          <Stack gap="sm" mt="xs">
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
        </Stack>
      </form>
    </AuthCard>
  );
}
