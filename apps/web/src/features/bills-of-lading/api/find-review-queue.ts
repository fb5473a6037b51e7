import type { ReviewQueueResponse } from '@lading/contract/bill-of-lading-review';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billOfLadingKeys } from './query-keys';

/** GET cp/bill-of-ladings/review-queue/: bills awaiting review (UPDATE PENDING), the longest-waiting first. */
export function findReviewQueue(page: { skip?: number; limit?: number } = {}): Promise<ReviewQueueResponse> {
  return apiRequest<ReviewQueueResponse>('/cp/bill-of-ladings/review-queue/', {
    query: { skip: page.skip ?? 0, limit: page.limit ?? 50 },
  });
}

export function useReviewQueue() {
  return useQuery({ queryKey: billOfLadingKeys.reviewQueue, queryFn: () => findReviewQueue(), staleTime: 0 });
}
