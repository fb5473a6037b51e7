import { type AdminCompany, PARTY_STATUSES } from '@lading/contract/admin-workspace';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { actionColumn, EditorModal, FilterBar, ListPage, useListPage } from '../../../components/list-page';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { StatusPill } from '../../../components/status-pill';
import type { WorkListColumn } from '../../../components/work-list';
import { useCan } from '../../../lib/permissions';
import { useCompanies } from '../api/find-companies';
import { CompanyForm, PARTY_STATUS_LABELS } from '../components/company-form';

type Filters = { search: string; status: string | null };

/** Companies (parties): search by name or code, create and edit for holders of ADMIN.COMPANY.CREATE / EDIT. */
/** The pill's text: APPR is the stored code, "Approved" what a person reads. */
const STATUS_TEXT: Record<string, string> = { APPR: 'Approved', PENDING: 'Pending', REFUSED: 'Refused' };

export function CompaniesPage() {
  const can = useCan();
  const { filters, set, range, pages, editor } = useListPage<Filters, AdminCompany>({
    search: '',
    status: null,
  });
  const [debouncedSearch] = useDebouncedValue(filters.search, 300);
  const list = useCompanies({ search: debouncedSearch, status: filters.status ?? undefined, ...range });
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
            status={STATUS_TEXT[company.status] ?? company.status}
            color={
              company.status === 'APPR' ? '#1e6b30' : company.status === 'PENDING' ? '#9a3c00' : '#495057'
            }
          />
          {!company.isActive && <StatusPill status="Inactive" color={'#495057'} />}
        </Group>
      ),
    },
    { label: 'Members', render: (company) => String(company.members) },
    ...actionColumn<AdminCompany>(can('ADMIN.COMPANY.EDIT'), {
      text: 'Edit',
      ariaLabel: (company) => `Edit ${company.name}`,
      onClick: editor.open,
    }),
  ];
  return (
    <ListPage
      title="Companies"
      filters={
        <FilterBar label="Find companies" cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name or code"
            value={filters.search}
            maxLength={100}
            onChange={(event) => set({ search: event.currentTarget.value })}
          />
          <OnDemandSelect
            label="Status"
            placeholder="Any"
            clearable
            data={PARTY_STATUSES.map((value) => ({ value, label: PARTY_STATUS_LABELS[value] }))}
            value={filters.status}
            onChange={(status) => set({ status })}
          />
        </FilterBar>
      }
      noun={{ one: 'company', many: 'companies' }}
      query={list}
      onCreate={can('ADMIN.COMPANY.CREATE') ? () => editor.open('new') : undefined}
      empty="No company matches."
      columns={columns}
      pages={pages}
    >
      <EditorModal
        editor={editor}
        size="xl"
        title={(company) => (company ? `Edit ${company.name}` : 'New company')}
        onReload={list.refetch}
      >
        {(company, done) => (
          <CompanyForm
            key={company ? `${company.id}-${company.version}` : 'new'}
            company={company}
            {...done}
          />
        )}
      </EditorModal>
    </ListPage>
  );
}
