import type { Booking } from '@lading/contract/bookings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchOldestPage } from '../components/work-list-order';
import { WORK_LIST_LIMIT } from './find-quotations-to-price';
import { carrierDeskKeys } from './query-keys';

/** GET cp/bookings/?status=REQUESTED: bookings waiting for a sailing and containers, oldest first. */
export function findBookingsToConfirm(signal?: AbortSignal): Promise<{ count: number; results: Booking[] }> {
  return fetchOldestPage(
    (skip) =>
      apiRequest<{ count: number; results: Booking[] }>('/cp/bookings/', {
        query: { status: 'REQUESTED', skip, limit: WORK_LIST_LIMIT },
        signal,
      }),
    WORK_LIST_LIMIT,
  );
}

export function useBookingsToConfirm() {
  return useQuery({
    queryKey: carrierDeskKeys.bookingsToConfirm,
    // A queue that customers fill: read again whenever it is opened, not from a cache of the dashboard's count.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => findBookingsToConfirm(signal),
  });
}
