import type { Booking } from '@lading/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST cp/quotations/{id}/accept/: books the quotation; answers with the booking (REQUESTED). */
export function acceptQuotation(id: number): Promise<Booking> {
  return apiRequest<Booking>(`/cp/quotations/${id}/accept/`, { method: 'POST' });
}

export function useAcceptQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuotation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['quotations'] }),
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      ]),
  });
}
