import type { Booking } from '@lading/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** POST cp/bookings/{id}/cancel/: only before the carrier confirms (REQUESTED). */
export function cancelBooking(id: number): Promise<Booking> {
  return apiRequest<Booking>(`/cp/bookings/${id}/cancel/`, { method: 'POST' });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
