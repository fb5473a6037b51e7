import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { PlainAlert } from './plain-alert';

/** What QueryStatus and QueryError read of a query (a TanStack `useQuery` result fits). */
export type QueryState = {
  isPending: boolean;
  isError: boolean;
  error?: unknown;
  /** What "Try again" calls. */
  refetch?: () => unknown;
};

export type QueryErrorText = {
  /** The alert's title when the call failed. */
  errorTitle: string;
  /** What the alert says; without it, it offers "Try again" (the query's `refetch`). */
  errorText?: ReactNode;
  /** For a record opened by its id: a 404 is "Not found" with this text. */
  notFoundText?: string;
};

/**
 * The failure half of QueryStatus, on its own for a screen that draws no skeleton while it waits (the BL list, a
 * first load: it keeps Mantine's Skeleton out of it). Nothing unless the query failed; then a red alert titled
 * `errorTitle` that says `errorText` or offers "Try again", or "Not found" on a 404 when `notFoundText` is given.
 */
export function QueryError({
  query,
  errorTitle,
  errorText,
  notFoundText,
}: QueryErrorText & { query: QueryState }) {
  if (!query.isError) return null;
  if (notFoundText !== undefined && query.error instanceof ApiError && query.error.status === 404) {
    return (
      <PlainAlert color="red" title="Not found">
        {notFoundText}
      </PlainAlert>
    );
  }
  return (
    <PlainAlert color="red" title={errorTitle}>
      {errorText ??
        (query.refetch && (
          <Button size="xs" variant="white" color="red" onClick={() => void query.refetch?.()}>
            Try again
          </Button>
        ))}
    </PlainAlert>
  );
}
