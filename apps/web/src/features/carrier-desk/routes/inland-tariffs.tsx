import type { InlandMode, InlandTariff } from '@lading/contract/inland-tariffs';
import type { Port } from '@lading/contract/reference-data';
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
import { useInlandTariffs } from '../api/inland-tariffs';
import { InlandTariffEditor, MODE_OPTIONS } from '../components/inland-tariff-form';
import { inlandLegLabel, inlandTariffName } from '../components/inland-tariff-mapping';
import { InlandTariffRowActions } from '../components/inland-tariff-row-actions';
import { searchSeaPorts, useSizeTypeOptions } from '../components/tariff-form';
import { pricedFrom, tariffStatus } from '../components/tariff-lifecycle';

const portLabel = (port: Port) => `${port.name} (${port.code})`;

type Filters = {
  mode: string | null;
  port: Port | null;
  isoCode: string | null;
  validOn: string;
  /** 'true' active only, 'false' inactive only, null both. */
  active: string | null;
};
const NO_FILTERS: Filters = { mode: null, port: null, isoCode: null, validOn: '', active: null };
const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
const INLAND_TARIFFS: ListNoun = { one: 'inland tariff', many: 'inland tariffs' };

/**
 * Inland haulage tariffs (issue 28 item 5): rail from a station or ICD to an Indian port, door by distance band to a
 * port, per size-type. Listed by mode, port, size-type, a day of validity and status; created, edited, deactivated,
 * reactivated and deleted (while no quotation was priced from it) under the sea tariffs' permissions.
 */
export function InlandTariffsPage() {
  const can = useCan();
  const sizeTypes = useSizeTypeOptions();
  const { filters, set: setFilter, range, pages, editor } = useListPage<Filters, InlandTariff>(NO_FILTERS);
  const list = useInlandTariffs({
    mode: (filters.mode as InlandMode | null) ?? undefined,
    portId: filters.port?.id,
    isoCode: filters.isoCode ?? undefined,
    validOn: /^\d{4}-\d{2}-\d{2}$/.test(filters.validOn) ? filters.validOn : undefined,
    isActive: filters.active === null ? undefined : filters.active === 'true',
    ...range,
  });
  const columns: WorkListColumn<InlandTariff>[] = [
    { label: 'Leg', render: inlandLegLabel },
    { label: 'Size-type', render: (tariff) => tariff.isoCode },
    {
      label: 'Validity',
      render: (tariff) => `${formatDate(tariff.validFrom)} – ${formatDate(tariff.validTo)}`,
    },
    { label: 'Per container', render: (tariff) => formatMoney(tariff.amount, tariff.currency) },
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
            render: (tariff: InlandTariff) => <InlandTariffRowActions tariff={tariff} onEdit={editor.open} />,
          },
        ]
      : []),
  ];
  const activeFilters = [
    filters.mode,
    filters.port,
    filters.isoCode,
    filters.validOn || null,
    filters.active,
  ].filter((value) => value !== null).length;
  return (
    <ListPage
      title="Inland tariffs"
      filters={
        <ListFilters
          label="Filter inland tariffs"
          cols={{ base: 2, md: 5 }}
          active={activeFilters}
          onClear={() => setFilter(NO_FILTERS)}
          count={list.data?.count}
          noun={INLAND_TARIFFS}
        >
          <OnDemandSelect
            label="Mode"
            placeholder="Any"
            clearable
            data={MODE_OPTIONS}
            value={filters.mode}
            onChange={(mode) => setFilter({ mode })}
          />
          <Typeahead<Port>
            label="Port"
            value={filters.port}
            onChange={(port) => setFilter({ port })}
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
        </ListFilters>
      }
      noun={INLAND_TARIFFS}
      query={list}
      onCreate={can('ADMIN.TARIFF.CREATE') ? () => editor.open('new') : undefined}
      empty="No inland tariff matches these filters."
      columns={columns}
      pages={{ ...pages, size: 'md' }}
    >
      <EditorModal
        editor={editor}
        size="48rem"
        title={(tariff) => (tariff ? `Edit inland tariff ${inlandTariffName(tariff)}` : 'New inland tariff')}
        onReload={list.refetch}
      >
        {(tariff, done) => (
          <InlandTariffEditor
            key={tariff ? `${tariff.id}-${tariff.version}` : 'new'}
            tariff={tariff}
            {...done}
          />
        )}
      </EditorModal>
    </ListPage>
  );
}
