import { type AdminCompany, PARTY_STATUSES } from '@lading/contract/admin-workspace';
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
import { useCompanies } from '../api/find-companies';
import { CompanyForm, PARTY_STATUS_LABELS } from '../components/company-form';
import { ListPaging } from '../components/list-paging';

const PAGE_SIZE = 20;

/** Companies (parties): search by name or code, create and edit for holders of ADMIN.COMPANY.CREATE / EDIT. */
export function CompaniesPage() {
  const can = useCan();
  const isPhone = usePhoneLayout();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  // null: closed; 'new': a new company; else the company being edited.
  const [editing, setEditing] = useState<AdminCompany | 'new' | null>(null);
  const list = useCompanies({
    search: debouncedSearch,
    status: status ?? undefined,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const columns: WorkListColumn<AdminCompany>[] = [
    {
      label: 'Company',
      render: (company) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {company.name}
          </Text>
          <Text size="xs" c="dimmed">
            {company.code}
          </Text>
        </Stack>
      ),
    },
    { label: 'Party roles', render: (company) => company.roles.join(', ') || '—' },
    {
      label: 'Status',
      render: (company) => (
        <Group gap={4}>
          <StatusPill
            status={company.status}
            color={
              company.status === 'APPR' ? '#1e6b30' : company.status === 'PENDING' ? '#9a3c00' : '#495057'
            }
          />
          {!company.isActive && <StatusPill status="Inactive" color={'#495057'} />}
        </Group>
      ),
    },
    { label: 'Members', render: (company) => String(company.members) },
    ...(can('ADMIN.COMPANY.EDIT')
      ? [
          {
            label: 'Actions',
            render: (company: AdminCompany) => (
              <Button
                size="xs"
                variant="default"
                onClick={() => setEditing(company)}
                aria-label={`Edit ${company.name}`}
              >
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <PageFrame
      title="Companies"
      actions={
        <AnchorLink to="/app-dashboard-admin" size="sm">
          Back to the admin dashboard
        </AnchorLink>
      }
    >
      <Paper withBorder p="md" radius="md" component="search" aria-label="Find companies">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Name or code"
            value={search}
            maxLength={100}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={PARTY_STATUSES.map((value) => ({ value, label: PARTY_STATUS_LABELS[value] }))}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {list.data ? `${list.data.count} compan${list.data.count === 1 ? 'y' : 'ies'}` : ' '}
            </Text>
            {can('ADMIN.COMPANY.CREATE') && <Button onClick={() => setEditing('new')}>New company</Button>}
          </Group>
          {list.isPending && <Skeleton height={120} />}
          {list.isError && (
            <Alert color="red" title="Could not load the companies">
              Please try again in a moment.
            </Alert>
          )}
          {list.data && list.data.results.length === 0 && <Text c="dimmed">No company matches.</Text>}
          {list.data && list.data.results.length > 0 && (
            <WorkList caption="Companies" items={list.data.results} columns={columns} />
          )}
          <ListPaging count={list.data?.count} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
        </Stack>
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New company' : editing ? `Edit ${editing.name}` : ''}
        size="xl"
        fullScreen={isPhone}
      >
        {editing !== null && (
          <CompanyForm
            key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
            company={editing === 'new' ? null : editing}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
            onStale={() => {
              setEditing(null);
              void list.refetch();
            }}
          />
        )}
      </Modal>
    </PageFrame>
  );
}
