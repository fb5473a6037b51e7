import { DEFAULT_PAGE_SIZE } from '@lading/contract/app-info';
import type { BillOfLadingListQuery, BillOfLadingListResponse } from '@lading/contract/bills-of-lading';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BlListSearch } from '../components/bl-list-search';
import { billOfLadingKeys } from './query-keys';

export type FindBillsOfLadingQuery = Partial<BillOfLadingListQuery>;

/** GET cp/bill-of-ladings/ with the list filters (the server keeps customers to their own bills). */
export function findBillsOfLading(
  query: FindBillsOfLadingQuery,
  signal?: AbortSignal,
): Promise<BillOfLadingListResponse> {
  return apiRequest<BillOfLadingListResponse>('/cp/bill-of-ladings/', { query, signal });
}

/** The list's order from its address: newest change first unless the user chose otherwise. */
export function blListOrder(search: BlListSearch) {
  return { sort: search.sort ?? 'updatedAt', order: search.order ?? 'desc' } as const;
}

/**
 * The list call for the screen's address (filters, page, sort), in one place: the route's prefetch and the screen
 * ask for the very same query, so the screen finds the prefetched one.
 */
export function billsOfLadingQuery(search: BlListSearch) {
  const page = search.page ?? 1;
  const query: FindBillsOfLadingQuery = {
    pol_id: search.pol,
    pod_id: search.pod,
    bl_number: search.blNo,
    booking_number: search.bookingNo,
    status: search.status,
    skip: (page - 1) * DEFAULT_PAGE_SIZE,
    limit: DEFAULT_PAGE_SIZE,
    ...blListOrder(search),
  };
  return {
    queryKey: billOfLadingKeys.list(query),
    queryFn: ({ signal }: { signal: AbortSignal }) => findBillsOfLading(query, signal),
  };
}

export function useBillsOfLading(search: BlListSearch) {
  return useQuery({ ...billsOfLadingQuery(search), placeholderData: keepPreviousData });
}
