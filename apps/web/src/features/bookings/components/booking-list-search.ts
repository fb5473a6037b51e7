import {
  BOOKING_SORT_FIELDS,
  BOOKING_STATUSES,
  type BookingSort,
  type BookingStatus,
} from '@lading/contract/status-codes';

/** The booking list's search (booking number, status), sort and page, kept in the address. */
export type BookingListSearch = {
  bookingNo?: string;
  status?: BookingStatus;
  sort?: BookingSort;
  order?: 'asc' | 'desc';
  page?: number;
};

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
    sort: BOOKING_SORT_FIELDS.includes(search.sort as BookingSort) ? (search.sort as BookingSort) : undefined,
    order: search.order === 'asc' || search.order === 'desc' ? search.order : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
