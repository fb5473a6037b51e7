import { describeUserAgent, type Session } from '@lading/contract/sessions';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryStatus } from '../../../components/query-status';
import { StatusPill } from '../../../components/status-pill';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date-time';
import { toast } from '../../../lib/toast';
import { useEndMySessions, useMySessions } from '../api/sessions';

/** One session as a line a person reads: "Chrome 142 on Windows · 203.0.113.0/24". */
export function sessionLabel(session: Pick<Session, 'userAgent' | 'ipPrefix'>): string {
  return [describeUserAgent(session.userAgent), session.ipPrefix ?? 'network unknown'].join(' · ');
}

/**
 * "Where you're signed in" on app-profile (ASVS V7.5.2): every live session of the user with its device, network,
 * start and last activity, this one marked; each other one can be ended, or all of them at once. Ending one stops its
 * tokens at once: that browser returns to the login page at its next call.
 */
export function SessionsPanel(): ReactNode {
  const query = useMySessions();
  const end = useEndMySessions();
  const [asking, setAsking] = useState<Session | 'others' | null>(null);
  const sessions = query.data ?? [];
  const others = sessions.filter((session) => !session.current);

  const confirm = async () => {
    if (!asking) return;
    try {
      const { ended } = await end.mutateAsync(asking === 'others' ? 'others' : { id: asking.id });
      toast.success(
        asking === 'others'
          ? `Signed out of ${ended} other session${ended === 1 ? '' : 's'}`
          : `Signed out of ${describeUserAgent(asking.userAgent)}`,
      );
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The session could not be ended');
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" id="sessions">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            Where you're signed in
          </Title>
          {others.length > 0 && (
            <Button variant="default" onClick={() => setAsking('others')}>
              Sign out everywhere else
            </Button>
          )}
        </Group>
        <QueryStatus query={query} skeletonHeight={80} errorTitle="Your sessions could not be loaded" />
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sessions">
          {sessions.map((session) => (
            <Group
              key={session.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              align="flex-start"
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {describeUserAgent(session.userAgent)}
                  </Text>
                  {session.current && <StatusPill status="This device" color="#1e6b30" />}
                </Group>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Network {session.ipPrefix ?? 'unknown'} · signed in {formatDateTime(session.createdAt)} ·
                  last active {formatDateTime(session.lastActiveAt)}
                </Text>
              </Stack>
              {!session.current && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => setAsking(session)}
                  aria-label={`Sign out ${sessionLabel(session)}`}
                >
                  Sign out
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={
          asking === 'others'
            ? 'Sign out everywhere else?'
            : `Sign out ${asking ? describeUserAgent(asking.userAgent) : ''}?`
        }
        confirmLabel={asking === 'others' ? 'Sign out other sessions' : 'Sign out that session'}
        color="red"
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      >
        {asking === 'others'
          ? `Every other browser signed in to your account (${others.length}) goes back to the login page at once.`
          : 'That browser goes back to the login page at once. If you do not recognise it, change your password too.'}
      </ConfirmDialog>
    </Paper>
  );
}
