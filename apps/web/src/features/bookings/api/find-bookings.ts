import type { Booking, BookingListQuery } from '@lading/contract/bookings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

type BookingList = { count: number; results: Booking[] };

export type FindBookingsQuery = Partial<Omit<BookingListQuery, 'created_by_id'>>;

/** GET cp/bookings/?booking_number&status&sort&order&skip&limit (the specification's search; 10 by default). */
export function findBookings(query: FindBookingsQuery, signal?: AbortSignal): Promise<BookingList> {
  return apiRequest<BookingList>('/cp/bookings/', { query, signal });
}

export function useBookings(query: FindBookingsQuery) {
  return useQuery({
    queryKey: bookingKeys.list(query),
    queryFn: ({ signal }) => findBookings(query, signal),
    placeholderData: keepPreviousData,
  });
}
