import type { CreateQuotationBody, Quotation } from '@lading/contract/quotations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { quotationKeys } from './query-keys';

/** POST cp/quotations/: the rate enquiry, priced at once (QUOTED) or left for the carrier to price (REQUESTED). */
export function createQuotation(body: CreateQuotationBody): Promise<Quotation> {
  return apiRequest<Quotation>('/cp/quotations/', { method: 'POST', json: body });
}

export function useCreateQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuotation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotationKeys.all }),
  });
}
