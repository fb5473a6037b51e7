import type { PriceQuotationBody, Quotation } from '@lading/contract/quotations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST cp/quotations/{id}/price/: the server computes the amounts and the total and answers the QUOTED quotation. */
export function priceQuotation({ id, body }: { id: number; body: PriceQuotationBody }): Promise<Quotation> {
  return apiRequest<Quotation>(`/cp/quotations/${id}/price/`, { method: 'POST', json: body });
}

export function usePriceQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: priceQuotation,
    onSuccess: (quotation) => {
      queryClient.setQueryData(['carrier-desk', 'quotation', quotation.id], quotation);
      void queryClient.invalidateQueries({ queryKey: ['carrier-desk', 'quotations-to-price'] });
      void queryClient.invalidateQueries({ queryKey: ['quotations'] });
    },
  });
}
