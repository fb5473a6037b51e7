import type { PriceQuotationBody, Quotation } from '@lading/contract/quotations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { carrierDeskKeys } from './query-keys';

/** POST cp/quotations/{id}/price/: the server computes the amounts and the total and answers the QUOTED quotation. */
export function priceQuotation({ id, body }: { id: number; body: PriceQuotationBody }): Promise<Quotation> {
  return apiRequest<Quotation>(`/cp/quotations/${id}/price/`, { method: 'POST', json: body });
}

export function usePriceQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: priceQuotation,
    onSuccess: (quotation) => {
      queryClient.setQueryData(carrierDeskKeys.quotation(quotation.id), quotation);
      void queryClient.invalidateQueries({ queryKey: carrierDeskKeys.quotationsToPrice });
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.quotations });
    },
  });
}
