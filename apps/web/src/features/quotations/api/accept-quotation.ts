import type { Booking } from '@lading/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { quotationKeys } from './query-keys';

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
        queryClient.invalidateQueries({ queryKey: quotationKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedQueryRoots.bookings }),
      ]),
  });
}
