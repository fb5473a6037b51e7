import type { Booking, ConfirmBookingBody } from '@lading/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { carrierDeskKeys } from './query-keys';

export type ConfirmBookingResult = { booking: Booking; billOfLadingId: number };

/** POST cp/bookings/{id}/confirm/: confirms, allocates the containers and creates the customer's bill draft. */
export function confirmBooking({
  id,
  body,
}: {
  id: number;
  body: ConfirmBookingBody;
}): Promise<ConfirmBookingResult> {
  return apiRequest<ConfirmBookingResult>(`/cp/bookings/${id}/confirm/`, { method: 'POST', json: body });
}

export function useConfirmBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmBooking,
    onSuccess: ({ booking }) => {
      queryClient.setQueryData(carrierDeskKeys.booking(booking.id), booking);
      void queryClient.invalidateQueries({ queryKey: carrierDeskKeys.bookingsToConfirm });
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.bookings });
    },
  });
}
