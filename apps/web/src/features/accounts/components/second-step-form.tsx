import type { User } from '@lading/contract/accounts';
import type { MfaMethod } from '@lading/contract/second-factor';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorChrome, labelProps } from '../../../components/form/field-chrome';
import { ApiError, apiRequest } from '../../../lib/api-client';

type Way = 'totp' | 'recovery' | 'webauthn';

const WAY_LINKS: Record<Way, string> = {
  webauthn: 'Use a passkey',
  totp: 'Use the authenticator app',
  recovery: 'Use a recovery code',
};

/**
 * The second step of a sign-in (an account with a second factor): a passkey (the browser's prompt, its code fetched
 * on the click), the authenticator app's 6-digit code, or one of the recovery codes, as the account has them. Posts
 * authenticate/oauth/login/mfa/; `onDone` gets the user, `onBack` returns to the password (also when the half-done
 * sign-in has expired).
 */
export function SecondStepForm({
  methods,
  onDone,
  onBack,
}: {
  methods: MfaMethod[];
  onDone: (user: User) => void;
  onBack: (message?: string) => void;
}): ReactNode {
  const ways: Way[] = [
    ...(methods.includes('webauthn') ? (['webauthn'] as const) : []),
    ...(methods.includes('totp') || !methods.includes('webauthn') ? (['totp'] as const) : []),
    'recovery',
  ];
  const [way, setWay] = useState<Way>(ways[0]!);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const recovery = way === 'recovery';
  const field = way === 'webauthn' ? 'webauthn' : recovery ? 'recoveryCode' : 'code';

  /** Sends the answer; a 401 (the half-done sign-in expired) goes back to the password. */
  const answer = async (send: () => Promise<User>) => {
    setSending(true);
    try {
      onDone(await send());
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) onBack(failure.message);
      else setError(await messageOf(failure, field));
    } finally {
      setSending(false);
    }
  };

  const askPasskey = () =>
    answer(async () => {
      const { signWithPasskey } = await import('./passkey-prompt');
      return signWithPasskey(
        '/authenticate/oauth/login/mfa/webauthn-options/',
        '/authenticate/oauth/login/mfa/',
      );
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (way === 'webauthn') return askPasskey();
    const typed = value.trim();
    if (!recovery && !/^\d{6}$/.test(typed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    if (recovery && typed.length < 10) {
      setError('Enter a recovery code, like 7KQ4M-2XH9P');
      return;
    }
    await answer(() =>
      apiRequest<User>('/authenticate/oauth/login/mfa/', {
        method: 'POST',
        json: { [field]: typed },
        busy: false,
        signedOut: true,
      }),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {way === 'webauthn'
            ? 'Use the passkey on this device (fingerprint, face or screen lock) or your security key.'
            : recovery
              ? 'Enter one of the recovery codes you saved when you set up your second step. Each works once.'
              : 'Open your authenticator app and enter the 6-digit code it shows for Lading.'}
        </Text>
        {way === 'webauthn' ? (
          error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )
        ) : (
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
        )}
        <Button type="submit" fullWidth loading={sending} autoFocus={way === 'webauthn'}>
          {way === 'webauthn' ? 'Use a passkey' : 'Verify'}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => onBack()}>
            Back
          </Anchor>
          {ways
            .filter((other) => other !== way)
            .map((other) => (
              <Anchor
                key={other}
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  setWay(other);
                  setValue('');
                  setError(undefined);
                }}
              >
                {WAY_LINKS[other]}
              </Anchor>
            ))}
        </Group>
      </Stack>
    </form>
  );
}

/** What to tell the user about a failed answer: the field's message, or the passkey prompt's end. */
async function messageOf(failure: unknown, field: string): Promise<string> {
  if (failure instanceof ApiError) return failure.fields[field] ?? failure.message;
  const { PASSKEY_CANCELLED, promptCancelled } = await import('./passkey-prompt');
  return promptCancelled(failure) ? PASSKEY_CANCELLED : 'Try again';
}
