import { Button, Group, Modal, Pagination, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, type Ref, useState } from 'react';
import { usePhoneLayout } from '../lib/phone-layout';
import { AnchorLink } from './anchor-link';
import { PageFrame } from './page-frame';
import { PhoneFilters } from './phone-filters';
import type { QueryState } from './query-error';
import { QueryStatus } from './query-status';
import { WorkList, type WorkListColumn } from './work-list';

/** What a list page needs of its query (a TanStack `useQuery` result fits). */
type ListQuery<T> = QueryState & { data: { count: number; results: readonly T[] } | undefined };

/** The pages of a list, when it has more than one. */
export type ListPages = {
  page: number;
  pageSize: number;
  onChange: (page: number) => void;
  size?: 'sm' | 'md';
};

/**
 * A list page's state. Its filters and page: `set` changes some filters and goes back to the first page; `range` is
 * the `skip`/`limit` of the page shown, `pages` what the page controls need. Its `editor`: which row is open in the
 * editor dialog, a record or `'new'` for one being created (null: closed).
 */
export function useListPage<F extends object, T = never>(initial: F, pageSize = 20) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const set = (next: Partial<F>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  return {
    filters,
    set,
    range: { skip: (page - 1) * pageSize, limit: pageSize },
    pages: { page, pageSize, onChange: setPage } satisfies ListPages,
    editor: { editing, open: setEditing as (record: T | 'new') => void, close: () => setEditing(null) },
  };
}
type RecordEditor<T> = ReturnType<typeof useListPage<object, T>>['editor'];

/** Page controls of a list (nothing when everything fits on one page). */
export function ListPaging({ count, page, pageSize, onChange, size = 'sm' }: ListPages & { count?: number }) {
  const pages = count ? Math.max(1, Math.ceil(count / pageSize)) : 1;
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      size={size}
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
    />
  );
}

/**
 * The filter bar of a list page: a `search` landmark named `label`, its fields in a grid (`cols` per breakpoint),
 * and anything below them (a "Clear filters" button).
 */
export function FilterBar({
  label,
  cols,
  footer,
  children,
}: {
  label: string;
  cols: Record<string, number>;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="search" aria-label={label}>
      <SimpleGrid cols={cols} spacing="sm">
        {children}
      </SimpleGrid>
      {footer}
    </Paper>
  );
}

/**
 * A list's filters, section 9's way: on wide screens the filter bar (`label`, `cols`) with "Clear filters" below the
 * fields; on phones a "Filters" button (with how many are in use) that opens them in a drawer from the bottom, with
 * "Clear filters" and a button back to the results that says how many match ("Show 12 entries"). `children` are
 * the fields, the same in both.
 */
export function ListFilters({
  label,
  cols,
  active,
  onClear,
  count,
  noun,
  children,
}: {
  label: string;
  cols: Record<string, number>;
  /** How many filters are in use (shown on the phone's Filters button). */
  active: number;
  onClear: () => void;
  /** How many records match (undefined while loading). */
  count: number | undefined;
  noun: ListNoun;
  children: ReactNode;
}) {
  const isPhone = usePhoneLayout();
  if (isPhone)
    return (
      <PhoneFilters
        label={label}
        active={active}
        onClear={onClear}
        showLabel={
          count === undefined ? 'Show results' : `Show ${count} ${count === 1 ? noun.one : noun.many}`
        }
      >
        {children}
      </PhoneFilters>
    );
  // Never disabled: a button disabled under the keyboard's focus (by its own click) drops the focus to the page.
  return (
    <FilterBar
      label={label}
      cols={cols}
      footer={
        <Group mt="sm">
          <Button variant="subtle" size="xs" onClick={onClear}>
            Clear filters
          </Button>
        </Group>
      }
    >
      {children}
    </FilterBar>
  );
}

/**
 * The "Actions" column of a list with one button per row (Edit, Manage…), or no column at all when the caller may
 * not use it. `ariaLabel` names the row the button acts on.
 */
export function actionColumn<T>(
  allowed: boolean,
  action: { text: string; ariaLabel: (item: T) => string; onClick: (item: T) => void },
): WorkListColumn<T>[] {
  if (!allowed) return [];
  return [
    {
      label: 'Actions',
      actions: true,
      render: (item) => (
        <Button
          size="xs"
          variant="default"
          onClick={() => action.onClick(item)}
          aria-label={action.ariaLabel(item)}
        >
          {action.text}
        </Button>
      ),
    },
  ];
}

/** What an editor form is told to do when it is done: close the dialog, or close it and load the list again. */
type EditorDone = { onSaved: () => void; onCancel: () => void; onStale: () => void };

/**
 * The dialog a list page edits a row in (full screen on phones): `title` and `children` get the record, or null for
 * a new one; `children` also get the form's `onSaved`, `onCancel` and `onStale` (someone else saved the record
 * first: close, then `onReload`, the list's refetch).
 */
export function EditorModal<T>({
  editor,
  title,
  size,
  onReload,
  children,
}: {
  editor: RecordEditor<T>;
  title: (record: T | null) => string;
  size: string;
  onReload?: () => unknown;
  children: (record: T | null, done: EditorDone) => ReactNode;
}) {
  const isPhone = usePhoneLayout();
  const { editing, close } = editor;
  const record = editing === 'new' ? null : editing;
  const done: EditorDone = {
    onSaved: close,
    onCancel: close,
    onStale: () => {
      close();
      void onReload?.();
    },
  };
  return (
    <Modal
      opened={editing !== null}
      onClose={close}
      title={editing === null ? '' : title(record)}
      size={size}
      fullScreen={isPhone}
    >
      {editing !== null && children(record, done)}
    </Modal>
  );
}

/** What a list holds, for its count ("1 office", "3 offices"), its create button and its error. */
export type ListNoun = { one: string; many: string };

/**
 * A page of the carrier's workspace that lists records: title and the way back to the admin dashboard, the filter
 * bar, then the list's panel: a summary (by default how many match, announced politely; the `empty` text instead of
 * "0 …"), the `action` button and "New …" when `onCreate` is given, loading and error states, the empty message,
 * the work list (a table, or cards on phones; its caption is the title), what follows it and the pages. `children`
 * come after the panel (the page's dialogs).
 */
export function ListPage<T extends { id: number }>({
  title,
  noun,
  countSuffix = '',
  summary,
  summaryRef,
  filters,
  query,
  onCreate,
  action,
  errorTitle = `Could not load the ${noun.many}`,
  errorMessage = 'Please try again in a moment.',
  empty,
  columns,
  after,
  pages,
  children,
}: {
  title: string;
  noun: ListNoun;
  /** After the count: ", newest first". */
  countSuffix?: string;
  /** Instead of the count: a fixed text about the list. */
  summary?: ReactNode;
  /**
   * The summary, for the page to focus when the row holding the focus leaves the list (a request decided): the
   * focus stays on the list and the count is read, instead of falling back to the top of the page.
   */
  summaryRef?: Ref<HTMLParagraphElement>;
  filters?: ReactNode;
  query: ListQuery<T>;
  /** Offers "New <noun>" (leave out when the caller may not create). */
  onCreate?: () => void;
  /** Another button beside the summary (Refresh). */
  action?: ReactNode;
  errorTitle?: string;
  errorMessage?: ReactNode;
  /** Shown instead of the list when nothing matches; without it an empty list is shown as such. */
  empty?: ReactNode;
  columns: readonly WorkListColumn<T>[];
  /** Below the list, once it has rows. */
  after?: ReactNode;
  pages?: ListPages;
  children?: ReactNode;
}) {
  const { data } = query;
  const hasRows = data !== undefined && data.results.length > 0;
  // With the count as the summary, an empty list says so in its place (and is announced like a count would be).
  const emptyInSummary = summary === undefined && data?.count === 0 && empty !== undefined;
  // Focusable by script only (tabIndex -1) when the page asks for its ref, to take the focus back from a row that went.
  const focusable = summaryRef ? { ref: summaryRef, tabIndex: -1 } : {};
  const heading =
    summary === undefined ? (
      <Text size="sm" aria-live="polite" {...focusable}>
        {!data
          ? ' '
          : emptyInSummary
            ? empty
            : `${data.count} ${data.count === 1 ? noun.one : noun.many}${countSuffix}`}
      </Text>
    ) : (
      <Text size="sm" {...focusable}>
        {summary}
      </Text>
    );
  const buttons =
    onCreate || action ? (
      <Group gap="xs">
        {action}
        {onCreate && <Button onClick={onCreate}>New {noun.one}</Button>}
      </Group>
    ) : null;
  return (
    <PageFrame
      title={title}
      actions={
        <AnchorLink to="/app-dashboard-admin" size="sm">
          Back to the admin dashboard
        </AnchorLink>
      }
    >
      {filters}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          {buttons ? (
            <Group justify="space-between">
              {heading}
              {buttons}
            </Group>
          ) : (
            heading
          )}
          <QueryStatus
            query={query}
            skeletonHeight={120}
            holdFooter
            errorTitle={errorTitle}
            errorText={errorMessage}
          />
          {data && !hasRows && empty !== undefined && !emptyInSummary && <Text c="dimmed">{empty}</Text>}
          {data && (hasRows || empty === undefined) && (
            <WorkList caption={title} items={data.results} columns={columns} />
          )}
          {hasRows && after}
          {pages && <ListPaging count={data?.count} {...pages} />}
        </Stack>
      </Paper>
      {children}
    </PageFrame>
  );
}
