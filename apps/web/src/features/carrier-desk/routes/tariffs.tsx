import type { Port } from '@lading/contract/reference-data';
import type { Tariff } from '@lading/contract/tariffs';
import { Group, Text } from '@mantine/core';
import { DateInput } from '../../../components/date-input';
import { isDateValue } from '../../../components/form/date-text';
import {
  EditorModal,
  ListFilters,
  type ListNoun,
  ListPage,
  useListPage,
} from '../../../components/list-page';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { StatusPill } from '../../../components/status-pill';
import { Typeahead } from '../../../components/typeahead';
import type { WorkListColumn } from '../../../components/work-list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useTariffs } from '../api/find-tariffs';
import { laneLabel } from '../components/desk-facts';
import { searchSeaPorts, TariffEditor, useSizeTypeOptions } from '../components/tariff-form';
import { pricedFrom, tariffStatus } from '../components/tariff-lifecycle';
import { TariffRowActions } from '../components/tariff-row-actions';

const chargesLabel = (tariff: Tariff) =>
  tariff.charges
    .map(
      (charge) =>
        `${charge.code} ${formatMoney(charge.amount, tariff.currency)}${charge.basis === 'PER_BL' ? '/bill' : ''}${charge.hazardousOnly ? ' (HAZ)' : ''}`,
    )
    .join(' · ');

const portLabel = (port: Port) => `${port.name} (${port.code})`;

type Filters = {
  pol: Port | null;
  pod: Port | null;
  isoCode: string | null;
  validOn: string;
  /** 'true' active only, 'false' inactive only, null both. */
  active: string | null;
};
const NO_FILTERS: Filters = { pol: null, pod: null, isoCode: null, validOn: '', active: null };
const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
const TARIFFS: ListNoun = { one: 'tariff', many: 'tariffs' };

/**
 * Tariffs by lane, size-type, a day of validity and status (inactive ones marked); create, edit, deactivate,
 * reactivate and delete (while no quotation was priced from it) for holders of ADMIN.TARIFF.CREATE / EDIT.
 */
export function TariffsPage() {
  const can = useCan();
  const sizeTypes = useSizeTypeOptions();
  const { filters, set: setFilter, range, pages, editor } = useListPage<Filters, Tariff>(NO_FILTERS);
  const list = useTariffs({
    polId: filters.pol?.id,
    podId: filters.pod?.id,
    isoCode: filters.isoCode ?? undefined,
    validOn: /^\d{4}-\d{2}-\d{2}$/.test(filters.validOn) ? filters.validOn : undefined,
    isActive: filters.active === null ? undefined : filters.active === 'true',
    ...range,
  });
  const columns: WorkListColumn<Tariff>[] = [
    { label: 'Lane', render: (tariff) => laneLabel(tariff.pol, tariff.pod) },
    { label: 'Size-type', render: (tariff) => tariff.isoCode },
    {
      label: 'Validity',
      render: (tariff) => `${formatDate(tariff.validFrom)} – ${formatDate(tariff.validTo)}`,
    },
    { label: 'Charges', render: chargesLabel },
    {
      label: 'Status',
      render: (tariff) => (
        <Group gap={6} wrap="wrap">
          <StatusPill {...tariffStatus(tariff)} />
          <Text span size="xs" c="dimmed">
            {pricedFrom(tariff)}
          </Text>
        </Group>
      ),
    },
    ...(can('ADMIN.TARIFF.EDIT')
      ? [
          {
            label: 'Actions',
            actions: true,
            render: (tariff: Tariff) => <TariffRowActions tariff={tariff} canEdit onEdit={editor.open} />,
          },
        ]
      : []),
  ];
  const activeFilters = [
    filters.pol,
    filters.pod,
    filters.isoCode,
    filters.validOn || null,
    filters.active,
  ].filter((value) => value !== null).length;
  const filterFields = (
    <>
      <Typeahead<Port>
        label="Port of loading"
        value={filters.pol}
        onChange={(pol) => setFilter({ pol })}
        search={searchSeaPorts}
        getOptionLabel={portLabel}
        getOptionKey={(port) => String(port.id)}
        placeholder="Any"
      />
      <Typeahead<Port>
        label="Port of discharge"
        value={filters.pod}
        onChange={(pod) => setFilter({ pod })}
        search={searchSeaPorts}
        getOptionLabel={portLabel}
        getOptionKey={(port) => String(port.id)}
        placeholder="Any"
      />
      <OnDemandSelect
        label="Size-type"
        placeholder="Any"
        clearable
        searchable
        data={sizeTypes}
        value={filters.isoCode}
        onChange={(isoCode) => setFilter({ isoCode })}
      />
      <DateInput
        label="Valid on"
        value={filters.validOn}
        onChange={(validOn) => {
          if (isDateValue(validOn)) setFilter({ validOn });
        }}
      />
      <OnDemandSelect
        label="Status"
        placeholder="Any"
        clearable
        data={STATUS_OPTIONS}
        value={filters.active}
        onChange={(active) => setFilter({ active })}
      />
    </>
  );
  return (
    <ListPage
      title="Tariffs"
      filters={
        <ListFilters
          label="Filter tariffs"
          cols={{ base: 2, md: 5 }}
          active={activeFilters}
          onClear={() => setFilter(NO_FILTERS)}
          count={list.data?.count}
          noun={TARIFFS}
        >
          {filterFields}
        </ListFilters>
      }
      noun={TARIFFS}
      query={list}
      onCreate={can('ADMIN.TARIFF.CREATE') ? () => editor.open('new') : undefined}
      empty="No tariff matches these filters."
      columns={columns}
      pages={{ ...pages, size: 'md' }}
    >
      <EditorModal
        editor={editor}
        size="80rem"
        title={(tariff) =>
          tariff ? `Edit tariff ${tariff.pol.code} → ${tariff.pod.code} ${tariff.isoCode}` : 'New tariff'
        }
        onReload={list.refetch}
      >
        {(tariff, done) => (
          <TariffEditor key={tariff ? `${tariff.id}-${tariff.version}` : 'new'} tariff={tariff} {...done} />
        )}
      </EditorModal>
    </ListPage>
  );
}
