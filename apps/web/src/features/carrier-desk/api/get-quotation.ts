import type { Quotation } from '@lading/contract/quotations';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { carrierDeskKeys } from './query-keys';

/** GET cp/quotations/{id} (within the staff member's scope; 404 otherwise). */
export function getQuotation(id: number, signal?: AbortSignal): Promise<Quotation> {
  return apiRequest<Quotation>(`/cp/quotations/${id}`, { signal });
}

export function useQuotation(id: number) {
  return useQuery({
    queryKey: carrierDeskKeys.quotation(id),
    queryFn: ({ signal }) => getQuotation(id, signal),
  });
}
