import type { Vessel } from '@lading/contract/voyages';
import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { actionColumn, EditorModal, FilterBar, ListPage, useListPage } from '../../../components/list-page';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { StatusPill } from '../../../components/status-pill';
import type { WorkListColumn } from '../../../components/work-list';
import { useCan } from '../../../lib/permissions';
import { useVessels } from '../api/find-vessels';
import { VesselForm } from '../components/vessel-form';

type Filters = { search: string; active: string | null };

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** Vessels by name or IMO number; add and edit for holders of ADMIN.VESSEL.CREATE / EDIT (corporate staff). */
export function VesselsPage() {
  const can = useCan();
  const { filters, set, range, pages, editor } = useListPage<Filters, Vessel>({ search: '', active: null });
  const [search] = useDebouncedValue(filters.search, 300);
  const list = useVessels({
    search,
    active: filters.active === null ? undefined : filters.active === 'true',
    ...range,
  });
  const columns: WorkListColumn<Vessel>[] = [
    {
      label: 'Vessel',
      render: (vessel) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {vessel.name}
          </Text>
          <Text size="xs" c="dimmed">
            IMO {vessel.imoNumber}
          </Text>
        </Stack>
      ),
    },
    { label: 'Flag', render: (vessel) => vessel.flag },
    { label: 'Call sign', render: (vessel) => vessel.callSign ?? '—' },
    { label: 'Operator', render: (vessel) => vessel.operatorCarrierCode },
    { label: 'TEU', render: (vessel) => new Intl.NumberFormat('en-IN').format(vessel.teuCapacity) },
    {
      label: 'Status',
      render: (vessel) => (
        <StatusPill
          status={vessel.active ? 'Active' : 'Inactive'}
          color={vessel.active ? '#1e6b30' : '#495057'}
        />
      ),
    },
    ...actionColumn<Vessel>(can('ADMIN.VESSEL.EDIT'), {
      text: 'Edit',
      ariaLabel: (vessel) => `Edit vessel ${vessel.name}`,
      onClick: editor.open,
    }),
  ];
  return (
    <ListPage
      title="Vessels"
      filters={
        <FilterBar label="Find vessels" cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Name or IMO number"
            value={filters.search}
            maxLength={60}
            onChange={(event) => set({ search: event.currentTarget.value })}
          />
          <OnDemandSelect
            label="Status"
            placeholder="Any"
            clearable
            data={ACTIVE_OPTIONS}
            value={filters.active}
            onChange={(active) => set({ active })}
          />
        </FilterBar>
      }
      noun={{ one: 'vessel', many: 'vessels' }}
      query={list}
      onCreate={can('ADMIN.VESSEL.CREATE') ? () => editor.open('new') : undefined}
      empty="No vessel matches."
      columns={columns}
      pages={pages}
    >
      <EditorModal
        editor={editor}
        size="lg"
        title={(vessel) => (vessel ? `Edit vessel ${vessel.name}` : 'New vessel')}
        onReload={list.refetch}
      >
        {(vessel, done) => (
          <VesselForm key={vessel ? `${vessel.id}-${vessel.version}` : 'new'} vessel={vessel} {...done} />
        )}
      </EditorModal>
    </ListPage>
  );
}
