import { Skeleton } from '@mantine/core';
import { PendingSpace } from './pending-space';
import { QueryError, type QueryErrorText, type QueryState } from './query-error';

/**
 * A screen's data while it is not (or not only) the data: until the first answer, a skeleton `skeletonHeight` high
 * (none without it), followed by `PendingSpace` with `holdFooter` so the footer stays below the fold; when the call
 * failed, QueryError's alert ("Try again", a fixed text, or "Not found"). Nothing once the data is in; the alert
 * beside the data when a later refetch fails.
 */
export function QueryStatus({
  query,
  skeletonHeight,
  holdFooter = false,
  ...text
}: QueryErrorText & { query: QueryState; skeletonHeight?: number; holdFooter?: boolean }) {
  if (query.isPending) {
    if (skeletonHeight === undefined) return null;
    return (
      <>
        <Skeleton height={skeletonHeight} />
        {holdFooter && <PendingSpace />}
      </>
    );
  }
  return <QueryError query={query} {...text} />;
}
