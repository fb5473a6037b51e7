import { Button, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type ListNoun, ListPage } from '../../../components/list-page';
import type { WorkListColumn } from '../../../components/work-list';

/**
 * A desk's work list page: what it holds and Refresh, then the requests (oldest first) or why there are none, and
 * how many more wait beyond the first page.
 */
export function WorkListPage<T extends { id: number }>({
  title,
  intro,
  list,
  columns,
  loadError,
  empty,
}: {
  title: string;
  intro: ReactNode;
  list: UseQueryResult<{ count: number; results: T[] }>;
  columns: readonly WorkListColumn<T>[];
  /** The alert's title when the list cannot be loaded. */
  loadError: string;
  /** What an empty list says. */
  empty: string;
}) {
  return (
    <ListPage
      title={title}
      noun={REQUESTS}
      summary={intro}
      query={list}
      action={
        <Button variant="default" size="xs" onClick={() => void list.refetch()} loading={list.isFetching}>
          Refresh
        </Button>
      }
      errorTitle={loadError}
      empty={empty}
      columns={columns}
      after={
        list.data && list.data.count > list.data.results.length ? (
          <Text size="sm" c="dimmed">
            Showing the oldest {list.data.results.length} of {list.data.count}.
          </Text>
        ) : null
      }
    />
  );
}

const REQUESTS: ListNoun = { one: 'request', many: 'requests' };
