import type { User } from '@lading/contract/accounts';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorChrome, labelProps } from '../../../components/form/field-chrome';
import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * The second step of a sign-in (an account with an authenticator app): the 6-digit code, or one of the recovery
 * codes. Posts authenticate/oauth/login/mfa/; `onDone` gets the user, `onBack` returns to the password (also when the
 * half-done sign-in has expired).
 */
export function SecondStepForm({
  onDone,
  onBack,
}: {
  onDone: (user: User) => void;
  onBack: (message?: string) => void;
}): ReactNode {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const field = recovery ? 'recoveryCode' : 'code';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = value.trim();
    if (!recovery && !/^\d{6}$/.test(typed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    if (recovery && typed.length < 10) {
      setError('Enter a recovery code, like 7KQ4M-2XH9P');
      return;
    }
    setSending(true);
    try {
      onDone(
        await apiRequest<User>('/authenticate/oauth/login/mfa/', {
          method: 'POST',
          json: { [field]: typed },
          busy: false,
          signedOut: true,
        }),
      );
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) onBack(failure.message);
      else setError(failure instanceof ApiError ? (failure.fields[field] ?? failure.message) : 'Try again');
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {recovery
            ? 'Enter one of the recovery codes you saved when you set up your authenticator app. Each works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for Lading.'}
        </Text>
        <TextInput
          key={field}
          name={field}
          {...labelProps(recovery ? 'Recovery code' : 'Authentication code', false, true)}
          {...errorChrome(error, 'line')}
          aria-invalid={error ? true : undefined}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 20 : 6}
          data-autofocus
          autoFocus
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Button type="submit" fullWidth loading={sending}>
          Verify
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => onBack()}>
            Back
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery(!recovery);
              setValue('');
              setError(undefined);
            }}
          >
            {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
