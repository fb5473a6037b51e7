import type { ApiClient, ApiClientStatus } from '@lading/contract/api-clients';
import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryStatus } from '../../../components/query-status';
import { StatusPill } from '../../../components/status-pill';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-date-time';
import { toast } from '../../../lib/toast';
import { useApiClients } from '../api/find-api-clients';
import { useRevokeApiClient } from '../api/revoke-api-client';

/** The create dialog (Mantine's modal and the form): fetched when "New API client" is first pressed. */
const CreateApiClientModal = lazy(() =>
  import('./create-api-client-modal').then((module) => ({ default: module.CreateApiClientModal })),
);

const STATUS: Record<ApiClientStatus, { label: string; color: string }> = {
  ACTIVE: { label: 'Active', color: '#1e6b30' },
  EXPIRED: { label: 'Expired', color: '#8a4b00' },
  REVOKED: { label: 'Revoked', color: '#9b1c1c' },
};

const WRAP = { overflowWrap: 'anywhere' } as const;

function ClientRow({ client, onRevoke }: { client: ApiClient; onRevoke: (client: ApiClient) => void }) {
  const status = STATUS[client.status];
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} size="sm" style={WRAP}>
            {client.name}
          </Text>
          <StatusPill status={status.label} color={status.color} />
        </Group>
        <Text size="xs" style={WRAP}>
          Client ID <Code>{client.clientId}</Code>
        </Text>
        <Text size="xs" style={WRAP}>
          Reads {client.scopes.join(', ')}
        </Text>
        <Text size="xs" c="dimmed" style={WRAP}>
          {client.status === 'REVOKED' && client.revokedAt
            ? `Revoked ${formatDateTime(client.revokedAt)}${client.revokedBy ? ` by ${client.revokedBy.name}` : ''}`
            : `${client.status === 'EXPIRED' ? 'Expired after' : 'Works until'} ${formatDate(client.expiresOn)}`}{' '}
          · last used {client.lastUsedAt ? formatDateTime(client.lastUsedAt) : 'never'}
          {client.createdBy ? ` · created by ${client.createdBy.name}` : ''}
        </Text>
      </Stack>
      {client.status === 'ACTIVE' && (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => onRevoke(client)}
          aria-label={`Revoke ${client.name}`}
        >
          Revoke
        </Button>
      )}
    </Group>
  );
}

/**
 * "API clients" on app-profile, for an approved member of a company (issue 30, decision 025): the company's clients
 * (name, client id, scopes, expiry, last use, status), a new one (its secret shown once), and revoking one with the
 * confirm dialog. Its own chunk: the profile's first load does not carry it.
 */
export function ApiClientsPanel(): ReactNode {
  const query = useApiClients();
  const revoke = useRevokeApiClient();
  const [creating, setCreating] = useState(false);
  const [wantsModal, setWantsModal] = useState(false);
  const [asking, setAsking] = useState<ApiClient | null>(null);
  const clients = query.data?.results ?? [];

  const confirmRevoke = async () => {
    if (!asking) return;
    try {
      await revoke.mutateAsync(asking.id);
      toast.success(`API client “${asking.name}” revoked`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The API client could not be revoked');
    }
  };

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      id="api-clients"
      component="section"
      aria-labelledby="api-clients-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="api-clients-title">
            API clients
          </Title>
          <Button
            variant="default"
            onClick={() => {
              setWantsModal(true);
              setCreating(true);
            }}
          >
            New API client
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Your company's systems read its bills of lading, track-and-trace events and schedules with these, by
          OAuth 2 client credentials. Every call is recorded.
        </Text>
        <QueryStatus
          query={query}
          skeletonHeight={80}
          errorTitle="Your company's API clients could not be loaded"
        />
        {query.isSuccess && clients.length === 0 && <Text size="sm">No API clients yet.</Text>}
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="API clients">
          {clients.map((client) => (
            <ClientRow key={client.id} client={client} onRevoke={setAsking} />
          ))}
        </Stack>
      </Stack>
      {wantsModal && (
        <Suspense fallback={null}>
          <CreateApiClientModal opened={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={`Revoke ${asking?.name ?? ''}?`}
        confirmLabel="Revoke API client"
        color="red"
        onConfirm={confirmRevoke}
        onClose={() => setAsking(null)}
      >
        It gets no token from now on, and the tokens it holds stop working at once. This cannot be undone: a
        system that still needs access gets a new client.
      </ConfirmDialog>
    </Paper>
  );
}
