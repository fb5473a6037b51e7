import type { Port } from '@lading/contract/reference-data';
import type { Tariff } from '@lading/contract/tariffs';
import { TextInput } from '@mantine/core';
import {
  actionColumn,
  EditorModal,
  ListFilters,
  type ListNoun,
  ListPage,
  useListPage,
} from '../../../components/list-page';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { Typeahead } from '../../../components/typeahead';
import type { WorkListColumn } from '../../../components/work-list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useTariffs } from '../api/find-tariffs';
import { laneLabel } from '../components/desk-facts';
import { searchSeaPorts, TariffEditor, useSizeTypeOptions } from '../components/tariff-form';

const chargesLabel = (tariff: Tariff) =>
  tariff.charges
    .map(
      (charge) =>
        `${charge.code} ${formatMoney(charge.amount, tariff.currency)}${charge.basis === 'PER_BL' ? '/bill' : ''}${charge.hazardousOnly ? ' (HAZ)' : ''}`,
    )
    .join(' · ');

const portLabel = (port: Port) => `${port.name} (${port.code})`;

type Filters = { pol: Port | null; pod: Port | null; isoCode: string | null; validOn: string };
const NO_FILTERS: Filters = { pol: null, pod: null, isoCode: null, validOn: '' };
const TARIFFS: ListNoun = { one: 'tariff', many: 'tariffs' };

/** Tariffs by lane, size-type and a day of validity; create and edit for holders of ADMIN.TARIFF.CREATE / EDIT. */
export function TariffsPage() {
  const can = useCan();
  const sizeTypes = useSizeTypeOptions();
  const { filters, set: setFilter, range, pages, editor } = useListPage<Filters, Tariff>(NO_FILTERS);
  const list = useTariffs({
    polId: filters.pol?.id,
    podId: filters.pod?.id,
    isoCode: filters.isoCode ?? undefined,
    validOn: /^\d{4}-\d{2}-\d{2}$/.test(filters.validOn) ? filters.validOn : undefined,
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
    ...actionColumn<Tariff>(can('ADMIN.TARIFF.EDIT'), {
      text: 'Edit',
      ariaLabel: (tariff) =>
        `Edit tariff ${tariff.pol.code} to ${tariff.pod.code} ${tariff.isoCode} from ${tariff.validFrom}`,
      onClick: editor.open,
    }),
  ];
  const activeFilters = [filters.pol, filters.pod, filters.isoCode, filters.validOn || null].filter(
    (value) => value !== null,
  ).length;
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
      <TextInput
        label="Valid on"
        type="date"
        value={filters.validOn}
        onChange={(event) => setFilter({ validOn: event.currentTarget.value })}
      />
    </>
  );
  return (
    <ListPage
      title="Tariffs"
      filters={
        <ListFilters
          label="Filter tariffs"
          cols={{ base: 2, md: 4 }}
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
