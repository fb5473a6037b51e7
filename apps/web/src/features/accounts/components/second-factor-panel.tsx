import type { TotpEnrolment } from '@lading/contract/second-factor';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { QueryStatus } from '../../../components/query-status';
import { StatusPill } from '../../../components/status-pill';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSecondFactor, useTotpChanges } from '../api/second-factor';

/** The QR code, the key and the recovery codes: their own chunk, shared with the sign-in's enrolment (decision 023). */
const QrCode = lazy(() => import('./totp-parts').then((module) => ({ default: module.QrCode })));
const TotpKey = lazy(() => import('./totp-parts').then((module) => ({ default: module.TotpKey })));
const RecoveryCodes = lazy(() =>
  import('./totp-parts').then((module) => ({ default: module.RecoveryCodes })),
);

/** Ten recovery codes, shown once (after the first second factor is set up), to copy or print. */
export function RecoveryCodesAlert({ codes, onSaved }: { codes: string[]; onSaved: () => void }): ReactNode {
  return (
    <Alert color="yellow" title="Save your recovery codes now">
      <Suspense fallback={null}>
        <RecoveryCodes codes={codes} doneLabel="I have saved them" onDone={onSaved} />
      </Suspense>
    </Alert>
  );
}

const messageOf = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.fields[field] ?? error.message) : 'Try again';

/**
 * "Sign-in security" on app-profile: an authenticator app as the second step of signing in (TOTP). Setting it up
 * shows a QR code and the secret as text, asks for a first code, then shows ten recovery codes once. Turning it off
 * needs the password and a current code.
 */
export function SecondFactorPanel(): ReactNode {
  const status = useSecondFactor();
  const { start, confirm, disable } = useTotpChanges();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [turningOff, setTurningOff] = useState(false);
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});

  const begin = async () => {
    try {
      setEnrolment(await start.mutateAsync());
      setCode('');
      setErrors({});
    } catch (error) {
      toast.error(messageOf(error, 'code'));
    }
  };
  const finish = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const { recoveryCodes: codes } = await confirm.mutateAsync(code.trim());
      setRecoveryCodes(codes);
      setEnrolment(undefined);
      toast.success('Authenticator app set up: sign-in now asks for its code');
    } catch (error) {
      setErrors({ code: messageOf(error, 'code') });
    }
  };
  const turnOff = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await disable.mutateAsync({ password, code: code.trim() });
      setTurningOff(false);
      setPassword('');
      setCode('');
      toast.success('Authenticator app turned off');
    } catch (error) {
      setErrors({
        password: error instanceof ApiError ? error.fields.password : undefined,
        code: error instanceof ApiError && !error.fields.password ? messageOf(error, 'code') : undefined,
      });
    }
  };
  const codeInput = (
    <TextInput
      label="Code from the app"
      description="6 digits"
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={code}
      error={errors.code}
      onChange={(event) => {
        setCode(event.currentTarget.value);
        setErrors({});
      }}
    />
  );

  return (
    <Paper withBorder p="lg" radius="md" id="second-factor">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            Sign-in security
          </Title>
          {status.data && (
            <StatusPill
              status={status.data.totp || status.data.passkeys > 0 ? 'Two-step sign-in on' : 'Password only'}
              color={status.data.totp || status.data.passkeys > 0 ? '#1e6b30' : '#495057'}
            />
          )}
        </Group>
        <QueryStatus query={status} skeletonHeight={40} errorTitle="Sign-in security could not be loaded" />
        {recoveryCodes && (
          <RecoveryCodesAlert codes={recoveryCodes} onSaved={() => setRecoveryCodes(undefined)} />
        )}
        {status.data && !status.data.totp && !enrolment && (
          <>
            <Text size="sm">
              Add a second step to signing in: a code from an authenticator app on your phone (Google
              Authenticator, Microsoft Authenticator, 1Password and others).
            </Text>
            <Group>
              <Button onClick={() => void begin()} loading={start.isPending}>
                Set up authenticator app
              </Button>
            </Group>
          </>
        )}
        {enrolment && (
          <form onSubmit={(event) => void finish(event)} noValidate>
            <Stack gap="sm">
              <Text size="sm">
                1. Scan this QR code with your authenticator app, or type the key below into it.
              </Text>
              <Suspense fallback={<div style={{ width: 200, height: 200 }} />}>
                <QrCode uri={enrolment.otpauthUri} />
                <TotpKey secret={enrolment.secret} />
              </Suspense>
              <Text size="sm">2. Enter the code the app shows.</Text>
              {codeInput}
              <Group gap="xs">
                <Button type="submit" loading={confirm.isPending}>
                  Confirm
                </Button>
                <Button variant="default" onClick={() => setEnrolment(undefined)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {status.data?.totp && !turningOff && (
          <>
            <Text size="sm">
              Signing in asks for a code from your authenticator app after the password.{' '}
              {status.data.recoveryCodesLeft} of 10 recovery codes left.
            </Text>
            <Group>
              <Button variant="default" color="red" onClick={() => setTurningOff(true)}>
                Turn off
              </Button>
            </Group>
          </>
        )}
        {status.data?.totp && turningOff && (
          <form onSubmit={(event) => void turnOff(event)} noValidate>
            <Stack gap="sm">
              <Text size="sm">
                To turn the second step off, confirm with your password and a current code.
              </Text>
              <PasswordInput
                label="Password"
                required
                autoComplete="current-password"
                value={password}
                error={errors.password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setErrors({});
                }}
              />
              {codeInput}
              <Group gap="xs">
                <Button type="submit" color="red" loading={disable.isPending}>
                  Turn off authenticator app
                </Button>
                <Button variant="default" onClick={() => setTurningOff(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
