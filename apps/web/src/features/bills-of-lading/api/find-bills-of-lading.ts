import type { BillOfLadingListQuery, BillOfLadingListResponse } from '@lading/contract/bills-of-lading';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type FindBillsOfLadingQuery = Partial<BillOfLadingListQuery>;

/** GET cp/bill-of-ladings/ with the list filters (the server keeps customers to their own bills). */
export function findBillsOfLading(
  query: FindBillsOfLadingQuery,
  signal?: AbortSignal,
): Promise<BillOfLadingListResponse> {
  return apiRequest<BillOfLadingListResponse>('/cp/bill-of-ladings/', { query, signal });
}

export function useBillsOfLading(query: FindBillsOfLadingQuery) {
  return useQuery({
    queryKey: ['bills-of-lading', query],
    queryFn: ({ signal }) => findBillsOfLading(query, signal),
    placeholderData: keepPreviousData,
  });
}
