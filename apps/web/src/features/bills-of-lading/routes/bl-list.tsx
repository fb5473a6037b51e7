import { DEFAULT_PAGE_SIZE } from '@lading/contract/app-info';
import { type BillOfLadingListItem, BL_STATUSES } from '@lading/contract/bills-of-lading';
import type { Port } from '@lading/contract/reference-data';
import {
  Alert,
  Button,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { Typeahead } from '../../../components/typeahead';
import { useSession } from '../../../lib/session';
import { findPorts } from '../../reference-data/api/find-ports';
import { useBillsOfLading } from '../api/find-bills-of-lading';
import { formatDate } from '../components/bill-form-rules';
import type { BlListSearch } from '../components/bl-list-search';
import { BlRowActions } from '../components/bl-row-actions';
import { StatusBadge } from '../components/status-badge';

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

/** app-dashboard/bl-list: filters POL / POD / BL No / Booking No / Status, sortable table of 10 a page, filters in the address. */
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
  const page = search.page ?? 1;
  const sort = search.sort ?? 'updatedAt';
  const order = search.order ?? 'desc';
  const { data, isError, isFetching, refetch } = useBillsOfLading({
    pol_id: search.pol,
    pod_id: search.pod,
    bl_number: search.blNo,
    booking_number: search.bookingNo,
    status: search.status,
    skip: (page - 1) * DEFAULT_PAGE_SIZE,
    limit: DEFAULT_PAGE_SIZE,
    sort,
    order,
  });
  const set = (patch: Partial<BlListSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  const [blNo, setBlNo] = useState(search.blNo ?? '');
  const [bookingNo, setBookingNo] = useState(search.bookingNo ?? '');
  const applyText = useDebouncedCallback((patch: Partial<BlListSearch>) => set(patch), 300);

  const columns = useMemo<ColumnDef<BillOfLadingListItem>[]>(
    () => [
      {
        id: 'number',
        header: 'BL No',
        cell: ({ row }) => (
          <AnchorLink to="/bl_view/$id" params={{ id: String(row.original.id) }} fw={600}>
            {row.original.number}
          </AnchorLink>
        ),
      },
      { id: 'blDate', header: 'BL Date', cell: ({ row }) => formatDate(row.original.blDate) },
      { id: 'booking', header: 'Booking No', cell: ({ row }) => row.original.bookingNumber ?? '—' },
      {
        id: 'pol',
        header: 'POL',
        cell: ({ row }) => (row.original.polName ? `${row.original.polName} (${row.original.polCode})` : '—'),
      },
      {
        id: 'pod',
        header: 'POD',
        cell: ({ row }) => (row.original.podName ? `${row.original.podName} (${row.original.podCode})` : '—'),
      },
      {
        id: 'vessel',
        header: 'Vessel / Voyage',
        cell: ({ row }) => `${row.original.vesselName ?? '—'} ${row.original.voyageNumber ?? ''}`,
      },
      { id: 'consignee', header: 'Consignee', cell: ({ row }) => row.original.consigneeName ?? '—' },
      { id: 'containers', header: 'Containers', cell: ({ row }) => row.original.totalContainers },
      { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
      { id: 'updatedAt', header: 'Updated', cell: ({ row }) => formatDate(row.original.updatedAt) },
      { id: 'actions', header: 'Actions', cell: ({ row }) => <BlRowActions bill={row.original} /> },
    ],
    [],
  );
  const sorting: SortingState = [{ id: sort, desc: order === 'desc' }];
  const table = useReactTable({
    data: data?.results ?? [],
    columns,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    getCoreRowModel: getCoreRowModel(),
  });
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / DEFAULT_PAGE_SIZE));
  const hasFilters = Boolean(search.pol || search.pod || search.blNo || search.bookingNo || search.status);

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
      <Paper withBorder p="md" radius="md" component="search" aria-label="Filter bills of lading">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
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
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            data={[...BL_STATUSES]}
            value={search.status ?? null}
            onChange={(value) => set({ status: (value as BlListSearch['status']) ?? undefined })}
          />
        </SimpleGrid>
        {hasFilters && (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              onClick={() => {
                setBlNo('');
                setBookingNo('');
                onSearchChange({});
              }}
            >
              Clear filters
            </Button>
          </Group>
        )}
      </Paper>

      {isError ? (
        <Alert color="red" title="The bills of lading could not be loaded">
          <Button size="xs" variant="white" color="red" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Stack gap="sm">
          <ScrollArea type="auto" offsetScrollbars>
            <Table
              striped
              highlightOnHover
              withTableBorder
              miw={1100}
              aria-busy={isFetching}
              aria-describedby="bl-count"
            >
              <Table.Thead>
                {table.getHeaderGroups().map((group) => (
                  <Table.Tr key={group.id}>
                    {group.headers.map((header) => {
                      const sortKey = SORTABLE[header.column.id];
                      const active = sortKey === sort;
                      const label = flexRender(header.column.columnDef.header, header.getContext());
                      return (
                        <Table.Th
                          key={header.id}
                          scope="col"
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
                              {label} {active ? (order === 'asc' ? '▲' : '▼') : ''}
                            </UnstyledButton>
                          ) : (
                            label
                          )}
                        </Table.Th>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Thead>
              <Table.Tbody>
                {table.getRowModel().rows.map((row) => (
                  <Table.Tr key={row.id}>
                    {row.getVisibleCells().map((cell) => (
                      <Table.Td key={cell.id}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                {data && data.results.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length}>
                      <Text ta="center" c="dimmed" py="lg">
                        {hasFilters
                          ? 'No bills of lading match these filters.'
                          : office
                            ? 'No bills of lading in this office yet.'
                            : 'You have no bills of lading yet. They appear here once the carrier confirms a booking.'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" id="bl-count">
              {data ? `${data.count} bill${data.count === 1 ? '' : 's'} of lading` : ''}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page}
                onChange={(next) => onSearchChange({ ...search, page: next === 1 ? undefined : next })}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            )}
          </Group>
        </Stack>
      )}
    </PageFrame>
  );
}
