import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { WorkList, type WorkListColumn } from '../../../components/work-list';

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
    <PageFrame
      title={title}
      actions={
        <AnchorLink to="/app-dashboard-admin" size="sm">
          Back to the admin dashboard
        </AnchorLink>
      }
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm">{intro}</Text>
            <Button variant="default" size="xs" onClick={() => void list.refetch()} loading={list.isFetching}>
              Refresh
            </Button>
          </Group>
          {list.isPending && <Skeleton height={120} />}
          {list.isError && (
            <Alert color="red" title={loadError}>
              Please try again in a moment.
            </Alert>
          )}
          {list.data && list.data.results.length === 0 && <Text c="dimmed">{empty}</Text>}
          {list.data && list.data.results.length > 0 && (
            <>
              <WorkList caption={title} items={list.data.results} columns={columns} />
              {list.data.count > list.data.results.length && (
                <Text size="sm" c="dimmed">
                  Showing the oldest {list.data.results.length} of {list.data.count}.
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </PageFrame>
  );
}
