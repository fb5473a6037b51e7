import { ROLE_CODES, type RoleCode } from '@lading/contract/access';
import type { AdminUser } from '@lading/contract/admin-workspace';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { StatusPill } from '../../../components/status-pill';
import { WorkList, type WorkListColumn } from '../../../components/work-list';
import { useCan } from '../../../lib/permissions';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { useUsers } from '../api/find-users';
import { ListPaging } from '../components/list-paging';
import { ROLE_LABELS, UserEditor } from '../components/user-editor';

const PAGE_SIZE = 20;
const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Deactivated' },
];

/** Users: search by e-mail or name; activate/deactivate, roles, offices and verification mail (ADMIN.USER). */
export function UsersPage() {
  const can = useCan();
  const isPhone = usePhoneLayout();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const list = useUsers({
    search: debouncedSearch,
    isActive: status === null ? undefined : status === 'true',
    role: (role ?? undefined) as RoleCode | undefined,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const columns: WorkListColumn<AdminUser>[] = [
    {
      label: 'User',
      render: (user) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {user.firstName} {user.lastName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Stack>
      ),
    },
    { label: 'Roles', render: (user) => user.roles.map((code) => ROLE_LABELS[code]).join(', ') },
    {
      label: 'Offices / company',
      render: (user) =>
        user.isStaff
          ? user.offices.map((office) => office.code).join(', ') || '—'
          : user.company
            ? `${user.company.name}${user.company.status === 'PENDING' ? ' (pending)' : ''}`
            : '—',
    },
    {
      label: 'Status',
      render: (user) => (
        <Group gap={4}>
          <StatusPill
            status={user.isActive ? 'Active' : 'Deactivated'}
            color={user.isActive ? '#1e6b30' : '#495057'}
          />
          {!user.isVerified && <StatusPill status="Unverified" color={'#9a3c00'} />}
        </Group>
      ),
    },
    ...(can('ADMIN.USER.EDIT')
      ? [
          {
            label: 'Actions',
            render: (user: AdminUser) => (
              <Button
                size="xs"
                variant="default"
                onClick={() => setEditing(user)}
                aria-label={`Manage ${user.email}`}
              >
                Manage
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <PageFrame
      title="Users"
      actions={
        <AnchorLink to="/app-dashboard-admin" size="sm">
          Back to the admin dashboard
        </AnchorLink>
      }
    >
      <Paper withBorder p="md" radius="md" component="search" aria-label="Find users">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="E-mail or name"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maxLength={100}
          />
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={STATUS_OPTIONS}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
          />
          <Select
            label="Role"
            placeholder="Any"
            clearable
            data={ROLE_CODES.map((code) => ({ value: code, label: ROLE_LABELS[code] }))}
            value={role}
            onChange={(next) => {
              setRole(next);
              setPage(1);
            }}
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text size="sm" aria-live="polite">
            {list.data ? `${list.data.count} user${list.data.count === 1 ? '' : 's'}` : ' '}
          </Text>
          {list.isPending && <Skeleton height={120} />}
          {list.isError && (
            <Alert color="red" title="Could not load the users">
              Please try again in a moment.
            </Alert>
          )}
          {list.data && list.data.results.length === 0 && <Text c="dimmed">No user matches.</Text>}
          {list.data && list.data.results.length > 0 && (
            <WorkList caption="Users" items={list.data.results} columns={columns} />
          )}
          <ListPaging count={list.data?.count} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
        </Stack>
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `${editing.firstName} ${editing.lastName}` : ''}
        size="lg"
        fullScreen={isPhone}
      >
        {editing && <UserEditor key={editing.id} user={editing} onChanged={setEditing} />}
      </Modal>
    </PageFrame>
  );
}
