import { DEFAULT_PAGE_SIZE } from '@lading/contract/app-info';
import type { BillOfLadingListItem } from '@lading/contract/bills-of-lading';
import type { Port } from '@lading/contract/reference-data';
import { BL_STATUSES } from '@lading/contract/status-codes';
import { Button, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { PageFrame } from '../../../components/page-frame';
import { PendingSpace } from '../../../components/pending-space';
import { PhoneFilters } from '../../../components/phone-filters';
import { PlainGrid } from '../../../components/plain-grid';
import { PlainPagination } from '../../../components/plain-pagination';
import plain from '../../../components/plain-table.module.css';
import { QueryError } from '../../../components/query-error';
import { Typeahead } from '../../../components/typeahead';
import { formatDate } from '../../../lib/format';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { findPorts } from '../../../lib/reference-data/find-ports';
import { useSession } from '../../../lib/session';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { blListOrder, useBillsOfLading } from '../api/find-bills-of-lading';
import type { BlListSearch } from '../components/bl-list-search';
import { BlRowActions } from '../components/bl-row-actions';
import { StatusBadge } from '../components/status-badge';
import classes from './bl-list.module.css';

const SORTABLE: Record<string, BlListSearch['sort']> = {
  number: 'number',
  blDate: 'blDate',
  status: 'status',
  updatedAt: 'updatedAt',
};

function PortFilter({
  label,
  id,
  name,
  onChange,
}: {
  label: string;
  id?: number;
  name?: string;
  onChange: (port: { id: number; name: string } | null) => void;
}) {
  const value = id ? ({ id, name: name ?? String(id), code: '' } as Port) : null;
  return (
    <Typeahead<Port>
      label={label}
      placeholder="Search ports"
      value={value}
      onChange={(port) => onChange(port ? { id: port.id, name: `${port.name} (${port.code})` } : null)}
      search={async (term, signal) =>
        (await findPorts({ limit: 5, name: term, portType: ['SP', 'DP'] }, signal)).results
      }
      getOptionLabel={(port) => (port.code ? `${port.name} (${port.code})` : port.name)}
      getOptionKey={(port) => String(port.id)}
    />
  );
}

const SORT_LABELS: Record<NonNullable<BlListSearch['sort']>, string> = {
  number: 'BL No',
  blDate: 'BL Date',
  status: 'Status',
  updatedAt: 'Updated',
};
/** Columns that give way (hidden) on narrower desktop screens, so Status and Actions always stay in view. */
const SECONDARY_COLUMNS = new Set(['vessel', 'consignee', 'containers']);

const lane = (bill: BillOfLadingListItem) =>
  `${bill.polName ? `${bill.polName} (${bill.polCode})` : '—'} → ${bill.podName ? `${bill.podName} (${bill.podCode})` : '—'}`;

/** The desktop table's columns (section 3's list), in order. */
const COLUMNS: { id: string; header: string; cell: (bill: BillOfLadingListItem) => ReactNode }[] = [
  {
    id: 'number',
    header: 'BL No',
    cell: (bill) => (
      <AnchorLink to="/bl_view/$id" params={{ id: String(bill.id) }} fw={600}>
        {bill.number}
      </AnchorLink>
    ),
  },
  { id: 'blDate', header: 'BL Date', cell: (bill) => formatDate(bill.blDate) },
  { id: 'booking', header: 'Booking No', cell: (bill) => bill.bookingNumber ?? '—' },
  { id: 'pol', header: 'POL', cell: (bill) => (bill.polName ? `${bill.polName} (${bill.polCode})` : '—') },
  { id: 'pod', header: 'POD', cell: (bill) => (bill.podName ? `${bill.podName} (${bill.podCode})` : '—') },
  {
    id: 'vessel',
    header: 'Vessel / Voyage',
    cell: (bill) => `${bill.vesselName ?? '—'} ${bill.voyageNumber ?? ''}`,
  },
  { id: 'consignee', header: 'Consignee', cell: (bill) => bill.consigneeName ?? '—' },
  { id: 'containers', header: 'Containers', cell: (bill) => bill.totalContainers },
  { id: 'status', header: 'Status', cell: (bill) => <StatusBadge status={bill.status} /> },
  { id: 'updatedAt', header: 'Updated', cell: (bill) => formatDate(bill.updatedAt) },
  { id: 'actions', header: 'Actions', cell: (bill) => <BlRowActions bill={bill} /> },
];

type Filters = {
  search: BlListSearch;
  set: (patch: Partial<BlListSearch>) => void;
  blNo: string;
  bookingNo: string;
  setBlNo: (value: string) => void;
  setBookingNo: (value: string) => void;
  applyText: (patch: Partial<BlListSearch>) => void;
};

/** The five filters of section 3 ("BL list filter"); inline on desktops, in a drawer on phones. */
function FilterFields({ search, set, blNo, bookingNo, setBlNo, setBookingNo, applyText }: Filters) {
  return (
    <>
      <PortFilter
        label="POL"
        id={search.pol}
        name={search.polName}
        onChange={(port) => set({ pol: port?.id, polName: port?.name })}
      />
      <PortFilter
        label="POD"
        id={search.pod}
        name={search.podName}
        onChange={(port) => set({ pod: port?.id, podName: port?.name })}
      />
      <TextInput
        label="BL No"
        value={blNo}
        maxLength={40}
        onChange={(event) => {
          setBlNo(event.currentTarget.value);
          applyText({ blNo: event.currentTarget.value.trim() || undefined });
        }}
      />
      <TextInput
        label="Booking No"
        value={bookingNo}
        maxLength={40}
        onChange={(event) => {
          setBookingNo(event.currentTarget.value);
          applyText({ bookingNo: event.currentTarget.value.trim() || undefined });
        }}
      />
      <OnDemandSelect
        label="Status"
        placeholder="Any status"
        clearable
        data={[...BL_STATUSES]}
        value={search.status ?? null}
        onChange={(value) => set({ status: (value as BlListSearch['status']) ?? undefined })}
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}

/** A bill on a phone: number, status, lane, dates and actions, all within the screen's width. */
function BillCard({ bill }: { bill: BillOfLadingListItem }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" className={classes.card} data-testid="bl-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <AnchorLink to="/bl_view/$id" params={{ id: String(bill.id) }} fw={700}>
            {bill.number}
          </AnchorLink>
          <StatusBadge status={bill.status} />
        </Group>
        <Text size="sm">{lane(bill)}</Text>
        <Text size="xs" c="dimmed">
          BL date {formatDate(bill.blDate)} · Updated {formatDate(bill.updatedAt)}
          {bill.bookingNumber ? ` · Booking ${bill.bookingNumber}` : ''}
        </Text>
        <BlRowActions bill={bill} />
      </Stack>
    </Paper>
  );
}

const route = getRouteApi('/portal/app-dashboard/bl-list');

/** The route's component: the list with its search kept in the address (replaced, not pushed). */
export function BlListRoute() {
  const navigate = route.useNavigate();
  return (
    <BlListPage
      search={route.useSearch()}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}

/**
 * app-dashboard/bl-list: filters POL / POD / BL No / Booking No / Status, sortable list of 10 a page, filters in the
 * address. Desktops get a table (less important columns give way first on narrower screens); phones (section 9's
 * 780 px and below) get cards, with the filters folded into a drawer.
 */
export function BlListPage({
  search,
  onSearchChange,
}: {
  search: BlListSearch;
  onSearchChange: (next: BlListSearch) => void;
}) {
  // Carrier staff see the bills their selected office issued; the corporate office sees every office's.
  const authData = useSession()?.authData;
  const office = authData?.selectedOffice ?? null;
  const scope = office
    ? authData?.isCorporateOffice
      ? `All offices (working as ${office.name}, ${office.code})`
      : `Bills issued by ${office.name} (${office.code})`
    : null;
  const isPhone = usePhoneLayout();
  const page = search.page ?? 1;
  const { sort, order } = blListOrder(search);
  const bills = useBillsOfLading(search);
  const { data: fetched, isFetching } = bills;
  // The rows render from a deferred copy: the query's update is urgent (it comes through useSyncExternalStore) and
  // would render the page's ten rows in one long task; deferred, React renders them in slices that let input in
  // (Lighthouse's blocking time, figure 7).
  const data = useDeferredValue(fetched);
  const set = (patch: Partial<BlListSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  const [blNo, setBlNo] = useState(search.blNo ?? '');
  const [bookingNo, setBookingNo] = useState(search.bookingNo ?? '');
  const applyText = useDebouncedCallback((patch: Partial<BlListSearch>) => set(patch), 300);
  const filters: Filters = { search, set, blNo, bookingNo, setBlNo, setBookingNo, applyText };

  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / DEFAULT_PAGE_SIZE));
  const activeFilters = [search.pol, search.pod, search.blNo, search.bookingNo, search.status].filter(
    (value) => value !== undefined && value !== '',
  ).length;
  const hasFilters = activeFilters > 0;
  const clearFilters = () => {
    setBlNo('');
    setBookingNo('');
    onSearchChange({});
  };
  const emptyText = hasFilters
    ? 'No bills of lading match these filters.'
    : office
      ? 'No bills of lading in this office yet.'
      : 'You have no bills of lading yet. They appear here once the carrier confirms a booking.';
  const countText = data ? `${data.count} bill${data.count === 1 ? '' : 's'} of lading` : '';
  const columnClass = (id: string) => (SECONDARY_COLUMNS.has(id) ? classes.secondary : undefined);

  return (
    <PageFrame
      title="Bills of Lading"
      actions={
        scope && (
          <Text size="sm" c="dimmed">
            {scope}
          </Text>
        )
      }
    >
      {isPhone ? (
        <PhoneFilters
          label="Filter bills of lading"
          active={activeFilters}
          onClear={clearFilters}
          showLabel={data ? `Show ${countText}` : 'Show results'}
          beside={
            <OnDemandSelect
              aria-label="Sort by"
              w={170}
              allowDeselect={false}
              data={(Object.keys(SORT_LABELS) as NonNullable<BlListSearch['sort']>[]).flatMap((key) => [
                { value: `${key}:asc`, label: `${SORT_LABELS[key]} ↑` },
                { value: `${key}:desc`, label: `${SORT_LABELS[key]} ↓` },
              ])}
              value={`${sort}:${order}`}
              onChange={(value) => {
                if (!value) return;
                const [nextSort, nextOrder] = value.split(':') as [BlListSearch['sort'], 'asc' | 'desc'];
                onSearchChange({ ...search, sort: nextSort, order: nextOrder, page: undefined });
              }}
            />
          }
        >
          <FilterFields {...filters} />
        </PhoneFilters>
      ) : (
        <Paper withBorder p="md" radius="md" component="search" aria-label="Filter bills of lading">
          <PlainGrid cols={{ base: 2, lg: 5 }}>
            <FilterFields {...filters} />
          </PlainGrid>
          {hasFilters && (
            <Group justify="flex-end" mt="sm">
              <Button variant="subtle" onClick={clearFilters}>
                Clear filters
              </Button>
            </Group>
          )}
        </Paper>
      )}

      {bills.isError ? (
        <QueryError query={bills} errorTitle="The bills of lading could not be loaded" />
      ) : (
        <Stack gap="sm">
          {isPhone ? (
            <Stack
              gap="sm"
              component="ul"
              className={classes.cards}
              aria-busy={isFetching}
              aria-label="Bills of lading"
            >
              {data?.results.map((bill) => (
                <BillCard key={bill.id} bill={bill} />
              ))}
              {data && data.results.length === 0 && (
                <Text component="li" ta="center" c="dimmed" py="lg" className={classes.card}>
                  {emptyText}
                </Text>
              )}
            </Stack>
          ) : (
            <div className={classes.scroller}>
              <table
                data-bordered
                data-striped
                data-hover
                aria-busy={isFetching}
                aria-describedby="bl-count"
                className={`${plain.table} ${classes.table}`}
              >
                <thead>
                  <tr>
                    {COLUMNS.map((column) => {
                      const sortKey = SORTABLE[column.id];
                      const active = sortKey === sort;
                      return (
                        <th
                          key={column.id}
                          scope="col"
                          className={columnClass(column.id)}
                          aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                        >
                          {sortKey ? (
                            <UnstyledButton
                              fw={700}
                              fz="sm"
                              onClick={() =>
                                onSearchChange({
                                  ...search,
                                  sort: sortKey,
                                  order: active && order === 'asc' ? 'desc' : 'asc',
                                  page: undefined,
                                })
                              }
                            >
                              {column.header} {active ? (order === 'asc' ? '▲' : '▼') : ''}
                            </UnstyledButton>
                          ) : (
                            column.header
                          )}
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {data?.results.map((bill) => (
                    <tr key={bill.id}>
                      {COLUMNS.map((column) => (
                        <td key={column.id} className={columnClass(column.id)} data-column={column.id}>
                          {column.cell(bill)}
                        </td>
                      ))}
                    </tr>
                  ))}
                  {data && data.results.length === 0 && (
                    <tr>
                      <td colSpan={COLUMNS.length}>
                        <Text ta="center" c="dimmed" py="lg">
                          {emptyText}
                        </Text>
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          )}
          {!data && <PendingSpace />}
          <Group justify="space-between">
            <Text size="sm" c="dimmed" id="bl-count">
              {countText}
            </Text>
            {pages > 1 && (
              <PlainPagination
                total={pages}
                value={page}
                siblings={isPhone ? 0 : 1}
                onChange={(next) => onSearchChange({ ...search, page: next === 1 ? undefined : next })}
              />
            )}
          </Group>
        </Stack>
      )}
    </PageFrame>
  );
}
