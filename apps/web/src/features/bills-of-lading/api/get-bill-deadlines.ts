import type { BillDeadlines } from '@lading/contract/shipments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billDeadlinesPath } from '../../../lib/early-calls';
import { billOfLadingKeys } from './query-keys';

/** GET cp/bill-of-ladings/{id}/deadlines/: the SI (DCO) and VGM (VCO) cut-offs of the bill's sailing. */
export function getBillDeadlines(id: number): Promise<BillDeadlines> {
  // In the background: the form does not wait for it, and it never holds the busy overlay.
  return apiRequest<BillDeadlines>(billDeadlinesPath(id), { busy: false });
}

export const billDeadlinesQuery = (id: number) =>
  queryOptions({
    queryKey: billOfLadingKeys.deadlines(id),
    queryFn: () => getBillDeadlines(id),
    retry: false,
  });

export function useBillDeadlines(id: number, enabled = true) {
  return useQuery({ ...billDeadlinesQuery(id), enabled });
}
