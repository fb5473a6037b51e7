import { Alert, Button, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { PendingSpace } from './pending-space';

/** What QueryStatus reads of a query (a TanStack `useQuery` result fits); `refetch` is what "Try again" calls. */
export type QueryState = {
  isPending: boolean;
  isError: boolean;
  error?: unknown;
  refetch?: () => unknown;
};

/**
 * A screen's data while it is not (or not only) the data: until the first answer, a skeleton `skeletonHeight` high
 * (none without it), followed by `PendingSpace` with `holdFooter` so the footer stays below the fold; when the call
 * failed, a red alert titled `errorTitle` that says `errorText` or, without one, offers "Try again" (the query's
 * `refetch`). For a record opened by its id, `notFoundText` turns a 404 into "Not found" with that text. Nothing once
 * the data is in; an alert beside the data when a later refetch fails.
 */
export function QueryStatus({
  query,
  skeletonHeight,
  holdFooter = false,
  errorTitle,
  errorText,
  notFoundText,
}: {
  query: QueryState;
  skeletonHeight?: number;
  holdFooter?: boolean;
  errorTitle: string;
  errorText?: ReactNode;
  notFoundText?: string;
}) {
  if (query.isPending) {
    if (skeletonHeight === undefined) return null;
    return (
      <>
        <Skeleton height={skeletonHeight} />
        {holdFooter && <PendingSpace />}
      </>
    );
  }
  if (!query.isError) return null;
  if (notFoundText !== undefined && query.error instanceof ApiError && query.error.status === 404) {
    return (
      <Alert color="red" title="Not found">
        {notFoundText}
      </Alert>
    );
  }
  return (
    <Alert color="red" title={errorTitle}>
      {errorText ??
        (query.refetch && (
          <Button size="xs" variant="white" color="red" onClick={() => void query.refetch?.()}>
            Try again
          </Button>
        ))}
    </Alert>
  );
}
