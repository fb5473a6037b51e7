import type { BillOfLadingReview } from '@lading/contract/bill-of-lading-review';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billOfLadingKeys } from './query-keys';

/** GET cp/bill-of-ladings/{id}/review/: the bill, its approved content against the current one, and its history. */
export function getBillOfLadingReview(id: number): Promise<BillOfLadingReview> {
  return apiRequest<BillOfLadingReview>(`/cp/bill-of-ladings/${id}/review/`);
}

export function useBillOfLadingReview(id: number) {
  return useQuery({
    queryKey: billOfLadingKeys.review(id),
    queryFn: () => getBillOfLadingReview(id),
    staleTime: 0,
    retry: false,
  });
}
