import { BOOKING_STATUSES, type BookingStatus } from '@lading/contract/bookings';

/** The booking list's search (booking number, status) and page, kept in the address. */
export type BookingListSearch = { bookingNo?: string; status?: BookingStatus; page?: number };

export function parseBookingListSearch(search: Record<string, unknown>): BookingListSearch {
  const page = Number(search.page);
  return {
    bookingNo:
      typeof search.bookingNo === 'string' && search.bookingNo.trim() !== ''
        ? search.bookingNo.trim().slice(0, 40)
        : undefined,
    status: BOOKING_STATUSES.includes(search.status as BookingStatus)
      ? (search.status as BookingStatus)
      : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
