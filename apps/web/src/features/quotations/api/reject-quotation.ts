import type { Quotation } from '@lading/contract/quotations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { quotationKeys } from './query-keys';

/** POST cp/quotations/{id}/reject/ with the customer's reason. */
export function rejectQuotation({ id, reason }: { id: number; reason: string }): Promise<Quotation> {
  return apiRequest<Quotation>(`/cp/quotations/${id}/reject/`, { method: 'POST', json: { reason } });
}

export function useRejectQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectQuotation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotationKeys.all }),
  });
}
