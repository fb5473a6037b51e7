import type { User } from '@lading/contract/accounts';
import type { PasskeyAdded, TotpEnrolment } from '@lading/contract/second-factor';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { errorChrome, labelProps } from '../../../components/form/field-chrome';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { QrCode, RecoveryCodes, TotpKey } from './totp-parts';

/** The session that may only set up a second factor ended (15 minutes, or signed out elsewhere): sign in again. */
const EXPIRED = 'This sign-in has expired. Sign in again to set up your authenticator app.';

/**
 * The sign-in of an account whose role requires a second factor and that has none (decision 023): the session the
 * password started may only set one up. Shows the QR code and the key as text, takes a first code (which completes
 * the sign-in on the server), then the ten recovery codes once; Continue hands the user back to the sign-in sequence,
 * which goes on into the workspace. A passkey (this device's fingerprint, face or screen lock) may be set up instead,
 * where the browser can make one; it completes the sign-in the same way. `onBack` returns to the password (with why,
 * when the session expired); Cancel also ends the enrolment session.
 */
export function EnrolmentForm({
  onDone,
  onBack,
}: {
  onDone: (user: User) => void;
  onBack: (message?: string) => void;
}): ReactNode {
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [startError, setStartError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [finished, setFinished] = useState<{ recoveryCodes: string[]; user: User }>();
  const [addingPasskey, setAddingPasskey] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string>();
  const canMakePasskey = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The latest `onBack`, so the set-up starts once per attempt, whatever the parent renders.
  const back = useRef(onBack);
  back.current = onBack;

  // The recovery codes replace the form: the focus moves to their heading.
  useEffect(() => {
    if (finished) heading.current?.focus();
  }, [finished]);

  useEffect(() => {
    let current = true;
    // A retry clears the last attempt's message.
    if (attempt > 0) setStartError(undefined);
    apiRequest<TotpEnrolment>('/authenticate/oauth/mfa/totp/', {
      method: 'POST',
      busy: false,
      signedOut: true,
    }).then(
      (answer) => current && setEnrolment(answer),
      (failure: unknown) => {
        if (!current) return;
        if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403))
          back.current(EXPIRED);
        else if (failure instanceof ApiError && failure.status === 409)
          back.current(
            'An authenticator app is already set up for this account. Sign in again with its code.',
          );
        else setStartError('The set-up could not start. Check your connection and try again.');
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.trim();
    if (!/^\d{6}$/.test(typed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setSending(true);
    try {
      const answer = await apiRequest<{ recoveryCodes: string[]; user?: User }>(
        '/authenticate/oauth/mfa/totp/confirm/',
        { method: 'POST', json: { code: typed }, busy: false, signedOut: true },
      );
      if (!answer.user) throw new Error('no user');
      setFinished({ recoveryCodes: answer.recoveryCodes, user: answer.user });
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403)) onBack(EXPIRED);
      else setError(failure instanceof ApiError ? (failure.fields.code ?? failure.message) : 'Try again');
    } finally {
      setSending(false);
    }
  };

  const addPasskey = async () => {
    setPasskeyError(undefined);
    setAddingPasskey(true);
    try {
      const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
        '/authenticate/oauth/mfa/webauthn/registration-options/',
        { method: 'POST', busy: false, signedOut: true },
      );
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON });
      const answer = await apiRequest<PasskeyAdded>('/authenticate/oauth/mfa/webauthn/', {
        method: 'POST',
        json: { name: 'Passkey set up at sign-in', response },
        busy: false,
        signedOut: true,
      });
      if (!answer.user) throw new Error('no user');
      if (answer.recoveryCodes.length === 0) onDone(answer.user);
      else setFinished({ recoveryCodes: answer.recoveryCodes, user: answer.user });
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403)) onBack(EXPIRED);
      else if (failure instanceof ApiError) setPasskeyError(failure.message);
      else
        setPasskeyError(
          'The passkey was not created (cancelled, or the device could not make one). Try again, or set up the app.',
        );
    } finally {
      setAddingPasskey(false);
    }
  };

  const cancel = async () => {
    try {
      await apiRequest('/authenticate/oauth/logout/', { method: 'POST', busy: false, signedOut: true });
    } catch {
      // The enrolment session ends by itself within 15 minutes.
    }
    onBack();
  };

  if (finished)
    return (
      <Stack gap="sm" component="section" aria-labelledby={headingId}>
        <Title order={2} size="h4" id={headingId} ref={heading} tabIndex={-1}>
          Save your recovery codes
        </Title>
        <Alert color="yellow" p="sm">
          <RecoveryCodes
            codes={finished.recoveryCodes}
            doneLabel="Continue"
            onDone={() => onDone(finished.user)}
          />
        </Alert>
      </Stack>
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Set up an authenticator app
      </Title>
      <Text size="sm">
        Your role requires a second step when you sign in: a code from an authenticator app on your phone
        (Google Authenticator, Microsoft Authenticator, 1Password and others). Set it up now to continue.
      </Text>
      {startError && (
        <Alert color="red" role="alert" p="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{startError}</Text>
            <Button size="xs" variant="default" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {!enrolment && !startError && <Loader size="sm" aria-label="Preparing the set-up" />}
      {enrolment && (
        <form onSubmit={(event) => void confirm(event)} noValidate>
          <Stack gap="sm">
            <Text size="sm">1. Scan this QR code with your authenticator app, or type the key into it.</Text>
            <QrCode uri={enrolment.otpauthUri} />
            <TotpKey secret={enrolment.secret} />
            <Text size="sm">2. Enter the code the app shows.</Text>
            <TextInput
              name="code"
              {...labelProps('Code from the app', false, true)}
              {...errorChrome(error, 'line')}
              aria-invalid={error ? true : undefined}
              description="6 digits"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setError(undefined);
              }}
            />
            <Button type="submit" fullWidth loading={sending}>
              Confirm and continue
            </Button>
          </Stack>
        </form>
      )}
      {canMakePasskey && (
        <Stack gap="xs">
          <Text size="sm">
            Or use a passkey: this device's fingerprint, face or screen lock, no app needed.
          </Text>
          {passkeyError && (
            <Alert color="red" role="alert" p="xs">
              <Text size="sm">{passkeyError}</Text>
            </Alert>
          )}
          <Button variant="default" fullWidth loading={addingPasskey} onClick={() => void addPasskey()}>
            Use a passkey instead
          </Button>
        </Stack>
      )}
      <Group justify="flex-start">
        <Anchor component="button" type="button" size="sm" onClick={() => void cancel()}>
          Cancel and sign out
        </Anchor>
      </Group>
    </Stack>
  );
}
