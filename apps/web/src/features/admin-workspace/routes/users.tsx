import { ROLE_CODES, type RoleCode } from '@lading/contract/access';
import type { AdminUser } from '@lading/contract/admin-workspace';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { actionColumn, EditorModal, FilterBar, ListPage, useListPage } from '../../../components/list-page';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { StatusPill } from '../../../components/status-pill';
import type { WorkListColumn } from '../../../components/work-list';
import { useCan } from '../../../lib/permissions';
import { useUsers } from '../api/find-users';
import { ROLE_LABELS, UserEditor } from '../components/user-editor';

type Filters = { search: string; status: string | null; role: RoleCode | null };

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Deactivated' },
];

/** Users: search by e-mail or name; activate/deactivate, roles, offices and verification mail (ADMIN.USER). */
export function UsersPage() {
  const can = useCan();
  const { filters, set, range, pages, editor } = useListPage<Filters, AdminUser>({
    search: '',
    status: null,
    role: null,
  });
  const [debouncedSearch] = useDebouncedValue(filters.search, 300);
  const list = useUsers({
    search: debouncedSearch,
    isActive: filters.status === null ? undefined : filters.status === 'true',
    role: filters.role ?? undefined,
    ...range,
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
    ...actionColumn<AdminUser>(can('ADMIN.USER.EDIT'), {
      text: 'Manage',
      ariaLabel: (user) => `Manage ${user.email}`,
      onClick: editor.open,
    }),
  ];
  return (
    <ListPage
      title="Users"
      filters={
        <FilterBar label="Find users" cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="E-mail or name"
            value={filters.search}
            onChange={(event) => set({ search: event.currentTarget.value })}
            maxLength={100}
          />
          <OnDemandSelect
            label="Status"
            placeholder="Any"
            clearable
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => set({ status })}
          />
          <OnDemandSelect
            label="Role"
            placeholder="Any"
            clearable
            data={ROLE_CODES.map((code) => ({ value: code, label: ROLE_LABELS[code] }))}
            value={filters.role}
            onChange={(role) => set({ role: role as RoleCode | null })}
          />
        </FilterBar>
      }
      noun={{ one: 'user', many: 'users' }}
      query={list}
      empty="No user matches."
      columns={columns}
      pages={pages}
    >
      <EditorModal
        editor={editor}
        size="lg"
        title={(user) => (user ? `${user.firstName} ${user.lastName}` : '')}
      >
        {(user) => user && <UserEditor key={user.id} user={user} onChanged={editor.open} />}
      </EditorModal>
    </ListPage>
  );
}
