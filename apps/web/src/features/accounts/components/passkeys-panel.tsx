import type { Passkey } from '@lading/contract/second-factor';
import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { QueryStatus } from '../../../components/query-status';
import { StatusPill } from '../../../components/status-pill';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date-time';
import { toast } from '../../../lib/toast';
import { usePasskeyChanges, usePasskeys, useSecondFactor } from '../api/second-factor';
import { RecoveryCodesAlert } from './second-factor-panel';

/** Why the browser's prompt ended without a new passkey, in words. */
function promptProblem(error: unknown): string {
  if (error instanceof ApiError) return error.fields.response ?? error.fields.name ?? error.message;
  const name = error instanceof Error ? error.name : '';
  if (name === 'InvalidStateError')
    return 'This device or security key already holds a passkey for your account.';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'No passkey was created: the request was cancelled or timed out.';
  return 'This browser could not create a passkey. Try another browser or device.';
}

/**
 * "Passkeys" on app-profile: the user's passkeys (name, added, last used), each removable with the password, and a
 * new one added by name through the browser's own prompt (@simplewebauthn/browser, fetched only then). A passkey is
 * a second step after the password, or signs in without it; the first one brings recovery codes, shown once.
 */
export function PasskeysPanel(): ReactNode {
  const query = usePasskeys();
  const status = useSecondFactor();
  const { add, remove } = usePasskeyChanges();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const passkeys = query.data ?? [];
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = name.trim();
    if (!chosen) {
      setNameError('Give the passkey a name, like "Work laptop"');
      return;
    }
    try {
      const added = await add.mutateAsync(chosen);
      setAdding(false);
      setName('');
      if (added.recoveryCodes.length > 0) setRecoveryCodes(added.recoveryCodes);
      toast.success(`Passkey "${added.passkey.name}" added: sign-in now asks for it after the password`);
    } catch (error) {
      setNameError(promptProblem(error));
    }
  };

  const confirmRemove = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!removing) return;
    try {
      await remove.mutateAsync({ id: removing.id, password });
      toast.success(`Passkey "${removing.name}" removed`);
      setRemoving(null);
      setPassword('');
    } catch (error) {
      setPasswordError(error instanceof ApiError ? (error.fields.password ?? error.message) : 'Try again');
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" id="passkeys">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Passkeys
        </Title>
        <Text size="sm">
          A passkey signs you in with this device's fingerprint, face or screen lock, or with a security key:
          as the second step after your password, or in place of the password.
        </Text>
        <QueryStatus query={query} skeletonHeight={40} errorTitle="Your passkeys could not be loaded" />
        {recoveryCodes && (
          <RecoveryCodesAlert codes={recoveryCodes} onSaved={() => setRecoveryCodes(undefined)} />
        )}
        {passkeys.length > 0 && (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Passkeys">
            {passkeys.map((passkey) => (
              <Group
                key={passkey.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                align="flex-start"
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {passkey.name}
                    </Text>
                    {passkey.backedUp && <StatusPill status="Synced" color="#1c5d99" />}
                  </Group>
                  <Text size="xs" c="dimmed">
                    Added {formatDateTime(passkey.createdAt)} · last used{' '}
                    {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={`Remove passkey ${passkey.name}`}
                  onClick={() => {
                    setRemoving(passkey);
                    setPassword('');
                    setPasswordError(undefined);
                  }}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {passkeys.length > 0 && status.data && !status.data.totp && (
          <Text size="sm" c="dimmed">
            {status.data.recoveryCodesLeft} of 10 recovery codes left.
          </Text>
        )}
        {removing && (
          <form onSubmit={(event) => void confirmRemove(event)} noValidate>
            <Stack gap="sm">
              <Text size="sm">To remove the passkey "{removing.name}", confirm with your password.</Text>
              <PasswordInput
                label="Password"
                required
                autoComplete="current-password"
                value={password}
                error={passwordError}
                data-autofocus
                autoFocus
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setPasswordError(undefined);
                }}
              />
              <Group gap="xs">
                <Button type="submit" color="red" loading={remove.isPending}>
                  Remove passkey
                </Button>
                <Button variant="default" onClick={() => setRemoving(null)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {!adding && !removing && (
          <Group>
            <Button onClick={() => setAdding(true)} disabled={!supported || passkeys.length >= 10}>
              Add a passkey
            </Button>
            {!supported && (
              <Text size="sm" c="dimmed">
                This browser cannot create passkeys.
              </Text>
            )}
          </Group>
        )}
        {adding && (
          <form onSubmit={(event) => void create(event)} noValidate>
            <Stack gap="sm">
              <TextInput
                label="Passkey name"
                description="So you can tell your passkeys apart, like “Work laptop” or “YubiKey”"
                required
                maxLength={60}
                autoComplete="off"
                data-autofocus
                autoFocus
                value={name}
                error={nameError}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setNameError(undefined);
                }}
              />
              <Group gap="xs">
                <Button type="submit" loading={add.isPending}>
                  Create passkey
                </Button>
                <Button variant="default" onClick={() => setAdding(false)}>
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
