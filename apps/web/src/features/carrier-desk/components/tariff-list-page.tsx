import { Group, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { DateInput } from '../../../components/date-input';
import { isDateValue } from '../../../components/form/date-text';
import { EditorModal, ListFilters, ListPage, type useListPage } from '../../../components/list-page';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { StatusPill } from '../../../components/status-pill';
import type { WorkListColumn } from '../../../components/work-list';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSizeTypeOptions } from './tariff-fields';
import { type LifecycleTariff, pricedFrom, type TariffKind, tariffStatus } from './tariff-lifecycle';
import { TariffRowActions } from './tariff-row-actions';

/** The filters every kind of tariff list has, besides what it prices (a lane, a leg). */
export type TariffFilters = {
  isoCode: string | null;
  validOn: string;
  /** 'true' active only, 'false' inactive only, null both. */
  active: string | null;
};
export const NO_TARIFF_FILTERS: TariffFilters = { isoCode: null, validOn: '', active: null };

/** Those filters as the list query takes them (a day of validity once it is a whole date). */
export const tariffFilterQuery = (filters: TariffFilters) => ({
  isoCode: filters.isoCode ?? undefined,
  validOn: /^\d{4}-\d{2}-\d{2}$/.test(filters.validOn) ? filters.validOn : undefined,
  isActive: filters.active === null ? undefined : filters.active === 'true',
});

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

type TariffRow = LifecycleTariff & { isoCode: string; validFrom: string; validTo: string };

/**
 * The list screen of one kind of tariff (sea, inland): filters (the kind's own, then size-type, a day of validity and
 * status), the list (what it prices, size-type, validity, the price, the status with how many quotations were priced
 * from it, and the row actions for holders of ADMIN.TARIFF.EDIT), "New …" for holders of ADMIN.TARIFF.CREATE and the
 * editor dialog.
 */
export function TariffListPage<T extends TariffRow, F extends TariffFilters>({
  kind,
  title,
  page,
  noFilters,
  query,
  what,
  price,
  kindFilters,
  editorSize,
  editor,
}: {
  kind: TariffKind<T>;
  title: string;
  /** The page's state (useListPage). */
  page: ReturnType<typeof useListPage<F, T>>;
  noFilters: F;
  query: Parameters<typeof ListPage<T>>[0]['query'] & { refetch: () => unknown };
  /** The first column: the lane or leg the tariff prices. */
  what: WorkListColumn<T>;
  /** The price column. */
  price: WorkListColumn<T>;
  /** The filters before the shared ones. */
  kindFilters: ReactNode;
  editorSize: string;
  editor: (
    tariff: T | null,
    done: { onSaved: () => void; onCancel: () => void; onStale: () => void },
  ) => ReactNode;
}) {
  const can = useCan();
  const sizeTypes = useSizeTypeOptions();
  const { filters, pages } = page;
  const set = (next: Partial<TariffFilters>) => page.set(next as Partial<F>);
  const noun = { one: kind.noun, many: `${kind.noun}s` };
  const columns: WorkListColumn<T>[] = [
    what,
    { label: 'Size-type', render: (tariff) => tariff.isoCode },
    {
      label: 'Validity',
      render: (tariff) => `${formatDate(tariff.validFrom)} – ${formatDate(tariff.validTo)}`,
    },
    price,
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
            render: (tariff: T) => <TariffRowActions kind={kind} tariff={tariff} onEdit={page.editor.open} />,
          },
        ]
      : []),
  ];
  const activeFilters = Object.values(filters).filter((value) => value !== null && value !== '').length;
  return (
    <ListPage
      title={title}
      filters={
        <ListFilters
          label={`Filter ${noun.many}`}
          cols={{ base: 2, md: 5 }}
          active={activeFilters}
          onClear={() => page.set(noFilters)}
          count={query.data?.count}
          noun={noun}
        >
          {kindFilters}
          <OnDemandSelect
            label="Size-type"
            placeholder="Any"
            clearable
            searchable
            data={sizeTypes}
            value={filters.isoCode}
            onChange={(isoCode) => set({ isoCode })}
          />
          <DateInput
            label="Valid on"
            value={filters.validOn}
            onChange={(validOn) => {
              if (isDateValue(validOn)) set({ validOn });
            }}
          />
          <OnDemandSelect
            label="Status"
            placeholder="Any"
            clearable
            data={STATUS_OPTIONS}
            value={filters.active}
            onChange={(active) => set({ active })}
          />
        </ListFilters>
      }
      noun={noun}
      query={query}
      onCreate={can('ADMIN.TARIFF.CREATE') ? () => page.editor.open('new') : undefined}
      empty={`No ${kind.noun} matches these filters.`}
      columns={columns}
      pages={{ ...pages, size: 'md' }}
    >
      <EditorModal
        editor={page.editor}
        size={editorSize}
        title={(tariff) => (tariff ? `Edit ${kind.noun} ${kind.label(tariff)}` : `New ${kind.noun}`)}
        onReload={query.refetch}
      >
        {(tariff, done) => (
          // A new form for each tariff and each version of it.
          <Fragment key={tariff ? `${tariff.id}-${tariff.version}` : 'new'}>{editor(tariff, done)}</Fragment>
        )}
      </EditorModal>
    </ListPage>
  );
}
