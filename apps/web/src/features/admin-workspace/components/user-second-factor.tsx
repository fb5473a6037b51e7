import { ADMIN_USER_MESSAGES } from '@lading/contract/admin-workspace';
import { ResetSecondFactorBodySchema } from '@lading/contract/second-factor';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useResetSecondFactor } from '../api/user-sessions';

/**
 * A user's lost second factor, reset by an administrator (ASVS V6.4.4, decision 023): with the reason the audit trail
 * keeps, and asking first. The authenticator app and recovery codes go, every session ends, the user is e-mailed;
 * staff set up a new factor at their next sign-in. Not shown for one's own account.
 */
export function UserSecondFactor({ userId, email }: { userId: number; email: string }): ReactNode {
  const reset = useResetSecondFactor(userId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();

  const ask = () => {
    const parsed = ResetSecondFactorBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason');
      document.getElementById(`${titleId}-reason`)?.focus();
      return;
    }
    setError(undefined);
    setConfirming(true);
  };
  const run = async () => {
    try {
      const { sessionsEnded } = await reset.mutateAsync(reason.trim());
      toast.success(
        `${ADMIN_USER_MESSAGES.secondFactorReset} (${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended)`,
      );
      setReason('');
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.reason) setError(failure.fields.reason);
      else if (failure instanceof ApiError && failure.status === 409) toast.warning(failure.message);
      else
        toast.error(failure instanceof ApiError ? failure.message : 'The second factor could not be reset');
    }
  };

  return (
    <Stack gap={6} component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        Second factor
      </Title>
      <Text size="sm" c="dimmed">
        Lost phone? Remove the user's authenticator app and recovery codes: their sessions end and they are
        e-mailed. Staff set up a new one at their next sign-in.
      </Text>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          id={`${titleId}-reason`}
          label="Reason for the reset (kept in the audit trail)"
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          maxLength={300}
          style={{ flex: '1 1 14rem' }}
        />
        <Button variant="outline" color="#c92a2a" loading={reset.isPending} onClick={ask}>
          Reset second factor
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={`Reset the second factor of ${email}?`}
        confirmLabel="Reset second factor"
        color="#c92a2a"
        onConfirm={run}
        onClose={() => setConfirming(false)}
      >
        Their authenticator app and recovery codes are removed and every session of theirs ends at once. They
        are e-mailed with your reason, and sign in with the password alone, or set up a new factor when their
        role requires one.
      </ConfirmDialog>
    </Stack>
  );
}
