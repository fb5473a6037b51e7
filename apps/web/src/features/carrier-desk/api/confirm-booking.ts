import type { Booking, ConfirmBookingBody } from '@lading/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

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
      queryClient.setQueryData(['carrier-desk', 'booking', booking.id], booking);
      void queryClient.invalidateQueries({ queryKey: ['carrier-desk', 'bookings-to-confirm'] });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
