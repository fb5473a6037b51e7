import type { Quotation } from '@lading/contract/quotations';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchOldestPage } from '../components/work-list-order';
import { carrierDeskKeys } from './query-keys';

/** How many requests the desk loads at once (the API's largest page). */
export const WORK_LIST_LIMIT = 100;

/** GET cp/quotations/?status=REQUESTED: the on-request enquiries of the staff member's office (all for corporate). */
export function findQuotationsToPrice(
  signal?: AbortSignal,
): Promise<{ count: number; results: Quotation[] }> {
  return fetchOldestPage(
    (skip) =>
      apiRequest<{ count: number; results: Quotation[] }>('/cp/quotations/', {
        query: { status: 'REQUESTED', skip, limit: WORK_LIST_LIMIT },
        signal,
      }),
    WORK_LIST_LIMIT,
  );
}

export function useQuotationsToPrice() {
  return useQuery({
    queryKey: carrierDeskKeys.quotationsToPrice,
    // A queue that customers fill: read again whenever it is opened, not from a cache of the dashboard's count.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => findQuotationsToPrice(signal),
  });
}
