import type { Quotation, QuotationSort, QuotationStatus } from '@lading/contract/quotations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { quotationKeys } from './query-keys';

export type FindQuotationsQuery = {
  status?: QuotationStatus;
  /** QUOTED and REQUESTED ones that have not expired. */
  active?: boolean;
  sort?: QuotationSort;
  order?: 'asc' | 'desc';
  skip?: number;
  limit?: number;
};

/** GET cp/quotations/: newest first unless sorted otherwise (customers get their own). */
export function findQuotations(
  query: FindQuotationsQuery,
  signal?: AbortSignal,
): Promise<{ count: number; results: Quotation[] }> {
  return apiRequest('/cp/quotations/', {
    query: {
      status: query.status,
      active: query.active ? 'true' : undefined,
      sort: query.sort,
      order: query.order,
      skip: query.skip,
      limit: query.limit,
    },
    signal,
  });
}

export function useQuotations(query: FindQuotationsQuery) {
  return useQuery({
    queryKey: quotationKeys.list(query),
    queryFn: ({ signal }) => findQuotations(query, signal),
    placeholderData: keepPreviousData,
  });
}
