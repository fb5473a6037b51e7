import type { BillOfLading } from '@lading/contract/bills-of-lading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billPath } from '../../../lib/early-calls';
import { billOfLadingKeys } from './query-keys';

/** GET cp/bill-of-ladings/{id}: the bill with notify parties, containers and cargo rows. */
export function getBillOfLading(id: number): Promise<BillOfLading> {
  return apiRequest<BillOfLading>(billPath(id));
}

export const billOfLadingQuery = (id: number) =>
  queryOptions({
    queryKey: billOfLadingKeys.detail(id),
    queryFn: () => getBillOfLading(id),
    retry: false,
  });

/** `enabled` lets the screen keep the specification's load order (package types first, then the bill). */
export function useBillOfLading(id: number, enabled = true) {
  return useQuery({ ...billOfLadingQuery(id), enabled });
}
