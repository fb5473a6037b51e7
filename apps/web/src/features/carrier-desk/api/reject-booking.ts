import type { Booking } from '@lading/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { carrierDeskKeys } from './query-keys';

/** POST cp/bookings/{id}/reject/ with the reason the customer will read. */
export function rejectBooking({ id, reason }: { id: number; reason: string }): Promise<Booking> {
  return apiRequest<Booking>(`/cp/bookings/${id}/reject/`, { method: 'POST', json: { reason } });
}

export function useRejectBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectBooking,
    onSuccess: (booking) => {
      queryClient.setQueryData(carrierDeskKeys.booking(booking.id), booking);
      void queryClient.invalidateQueries({ queryKey: carrierDeskKeys.bookingsToConfirm });
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.bookings });
    },
  });
}
