import { Group, Pagination, Paper, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhoneLayout } from '../lib/phone-layout';
import { QueryError, type QueryState } from './query-error';
import classes from './record-list.module.css';

export type SortOrder = 'asc' | 'desc';

export type RecordListColumn<T, S extends string> = {
  label: string;
  render: (item: T) => ReactNode;
  /** The server's sort key for this column: the header becomes a button that sorts by it. */
  sort?: S;
  align?: 'right';
  nowrap?: boolean;
};

export type RecordListSort<S extends string> = {
  value: S;
  order: SortOrder;
  /** What each sort key reads as in the phone's "Sort by" menu. */
  labels: Record<S, string>;
  onChange: (sort: S, order: SortOrder) => void;
};

/**
 * A customer's list of records (quotations, bookings): a table on wide screens with sortable headers, one card per
 * record on phones (780 px and below) with a "Sort by" menu, so nothing scrolls sideways; the count, the pager and
 * the load error with "Try again" below or instead. The caller renders each card's content and names the list.
 */
export function RecordList<T extends { id: number }, S extends string>({
  label,
  query,
  errorTitle,
  noun,
  columns,
  card,
  rowTestId,
  cardTestId,
  emptyText,
  page,
  pageSize,
  onPageChange,
  sort,
}: {
  label: string;
  /** The page's query: its records and count (none while the first page loads), whether it is fetching, its error. */
  query: QueryState & { data: { count: number; results: readonly T[] } | undefined; isFetching: boolean };
  /** The alert's title when the list could not be loaded (it offers "Try again"). */
  errorTitle: string;
  /** The count's noun, singular and plural ("1 booking", "3 bookings"). */
  noun: [string, string];
  columns: readonly RecordListColumn<T, S>[];
  card: (item: T) => ReactNode;
  rowTestId: string;
  cardTestId: string;
  emptyText: ReactNode;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  sort?: RecordListSort<S>;
}) {
  const isPhone = usePhoneLayout();
  const items = query.data?.results;
  const count = query.data?.count;
  const { isFetching } = query;
  const pages = Math.max(1, Math.ceil((count ?? 0) / pageSize));
  let body: ReactNode;
  if (query.isError) {
    body = <QueryError query={query} errorTitle={errorTitle} />;
  } else if (isPhone) {
    body = (
      <Stack gap="sm" component="ul" className={classes.cards} aria-busy={isFetching} aria-label={label}>
        {items?.map((item) => (
          <Paper
            key={item.id}
            withBorder
            radius="md"
            p="sm"
            component="li"
            className={classes.card}
            data-testid={cardTestId}
          >
            <Stack gap={6}>{card(item)}</Stack>
          </Paper>
        ))}
        {items && items.length === 0 && (
          <Text component="li" ta="center" c="dimmed" py="lg" className={classes.card}>
            {emptyText}
          </Text>
        )}
      </Stack>
    );
  } else {
    body = (
      <div className={classes.scroller}>
        <Table striped highlightOnHover withTableBorder aria-busy={isFetching} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <HeaderCell key={column.label} column={column} sort={sort} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items?.map((item) => (
              <Table.Tr key={item.id} data-testid={rowTestId}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.label}
                    ta={column.align}
                    className={column.nowrap ? classes.nowrap : undefined}
                  >
                    {column.render(item)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {items && items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text ta="center" c="dimmed" py="lg">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </div>
    );
  }
  return (
    <>
      {isPhone && sort && !query.isError && <SortMenu sort={sort} />}
      {body}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {count === undefined ? '' : `${count} ${count === 1 ? noun[0] : noun[1]}`}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            siblings={isPhone ? 0 : 1}
            onChange={onPageChange}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        )}
      </Group>
    </>
  );
}

function HeaderCell<T, S extends string>({
  column,
  sort,
}: {
  column: RecordListColumn<T, S>;
  sort: RecordListSort<S> | undefined;
}) {
  const active = Boolean(sort && column.sort === sort.value);
  const order = sort?.order ?? 'desc';
  return (
    <Table.Th
      scope="col"
      ta={column.align}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      {sort && column.sort ? (
        <UnstyledButton
          fw={700}
          fz="sm"
          onClick={() => sort.onChange(column.sort!, active && order === 'asc' ? 'desc' : 'asc')}
        >
          {column.label} {active ? (order === 'asc' ? '▲' : '▼') : ''}
        </UnstyledButton>
      ) : (
        column.label
      )}
    </Table.Th>
  );
}

function SortMenu<S extends string>({ sort }: { sort: RecordListSort<S> }) {
  return (
    <Group justify="flex-end">
      <Select
        aria-label="Sort by"
        w={200}
        allowDeselect={false}
        data={(Object.keys(sort.labels) as S[]).flatMap((key) => [
          { value: `${key}:asc`, label: `${sort.labels[key]} ↑` },
          { value: `${key}:desc`, label: `${sort.labels[key]} ↓` },
        ])}
        value={`${sort.value}:${sort.order}`}
        onChange={(value) => {
          if (!value) return;
          const [key, order] = value.split(':') as [S, SortOrder];
          sort.onChange(key, order);
        }}
      />
    </Group>
  );
}
