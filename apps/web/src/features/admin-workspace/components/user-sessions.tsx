import { describeUserAgent, EndSessionsBodySchema } from '@lading/contract/sessions';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { QueryStatus } from '../../../components/query-status';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date-time';
import { toast } from '../../../lib/toast';
import { useEndUserSessions, useUserSessions } from '../api/user-sessions';

/**
 * A user's live sessions in the admin workspace (ASVS V7.4.5): device, network, start and last activity; an
 * administrator with ADMIN.USER.EDIT ends one or all of them, giving the reason the audit trail keeps. The user's
 * browsers go back to the login page at their next call.
 */
export function UserSessions({ userId, canEnd }: { userId: number; canEnd: boolean }): ReactNode {
  const query = useUserSessions(userId, true);
  const end = useEndUserSessions(userId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const titleId = useId();
  const sessions = query.data ?? [];

  const endSessions = async (sessionId?: string) => {
    const parsed = EndSessionsBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason');
      document.getElementById(`${titleId}-reason`)?.focus();
      return;
    }
    setError(undefined);
    try {
      const { ended } = await end.mutateAsync({ sessionId, reason: parsed.data.reason });
      toast.success(`${ended} session${ended === 1 ? '' : 's'} ended`);
      setReason('');
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.reason) setError(failure.fields.reason);
      else toast.error(failure instanceof ApiError ? failure.message : 'The sessions could not be ended');
    }
  };

  return (
    <Stack gap={6} component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        Sessions
      </Title>
      <QueryStatus query={query} skeletonHeight={40} errorTitle="The sessions could not be loaded" />
      {query.data && sessions.length === 0 && (
        <Text size="sm" c="dimmed">
          Not signed in anywhere.
        </Text>
      )}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {sessions.map((session) => (
          <Group key={session.id} component="li" justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {describeUserAgent(session.userAgent)}
                {session.current ? ' (you, here)' : ''}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Network {session.ipPrefix ?? 'unknown'} · signed in {formatDateTime(session.createdAt)} · last
                active {formatDateTime(session.lastActiveAt)}
              </Text>
            </Stack>
            {canEnd && (
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={end.isPending}
                onClick={() => void endSessions(session.id)}
                aria-label={`End session ${describeUserAgent(session.userAgent)}, ${session.ipPrefix ?? 'network unknown'}`}
              >
                End
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {canEnd && sessions.length > 0 && (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            id={`${titleId}-reason`}
            label="Reason for ending (kept in the audit trail)"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
            maxLength={300}
            style={{ flex: '1 1 14rem' }}
          />
          <Button
            variant="outline"
            color="#c92a2a"
            loading={end.isPending}
            onClick={() => void endSessions()}
          >
            End all sessions
          </Button>
        </Group>
      )}
    </Stack>
  );
}
