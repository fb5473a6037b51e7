import type { Booking } from '@lading/contract/bookings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { carrierDeskKeys } from './query-keys';

/** GET cp/bookings/{id} (within the staff member's scope; 404 otherwise). */
export function getBooking(id: number, signal?: AbortSignal): Promise<Booking> {
  return apiRequest<Booking>(`/cp/bookings/${id}`, { signal });
}

export function useBooking(id: number) {
  return useQuery({
    queryKey: carrierDeskKeys.booking(id),
    queryFn: ({ signal }) => getBooking(id, signal),
  });
}
