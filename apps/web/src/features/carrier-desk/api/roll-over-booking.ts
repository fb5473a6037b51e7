import type { Booking, RollOverBody } from '@lading/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { carrierDeskKeys } from './query-keys';

/**
 * POST cp/bookings/{id}/roll-over/ (ADMIN.BOOKING.CONFIRM): the booking moves to another sailing of its lane with a
 * reason; its open bills follow, the history shows both sailings and the customer is told (BOOKING_ROLLED_OVER).
 */
export function rollOverBooking({ id, body }: { id: number; body: RollOverBody }): Promise<Booking> {
  return apiRequest<Booking>(`/cp/bookings/${id}/roll-over/`, { method: 'POST', json: body });
}

/**
 * The move; the desk's copy of the booking takes the answer, and the shipment pages and booking lists (the bookings'
 * shared root) are read again before the call settles, so the plan shows the new sailing when the dialog closes.
 */
export function useRollOverBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollOverBooking,
    onSuccess: (booking) => {
      queryClient.setQueryData(carrierDeskKeys.booking(booking.id), booking);
      void queryClient.invalidateQueries({ queryKey: carrierDeskKeys.bookingsToConfirm });
      return queryClient.invalidateQueries({ queryKey: sharedQueryRoots.bookings });
    },
  });
}
