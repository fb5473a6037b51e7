import { sharedQueryRoots } from '../../../lib/query-keys';
import type { FindBookingsQuery } from './find-bookings';

/** The customer's booking lists and shipment pages, under the root refreshed by an accepted quotation and the carrier's decisions. */
export const bookingKeys = {
  all: sharedQueryRoots.bookings,
  list: (query: FindBookingsQuery) => [...sharedQueryRoots.bookings, query] as const,
  /** One booking's VGM declarations (also under the root: the carrier's decisions refresh them). */
  vgm: (id: number) => [...sharedQueryRoots.bookings, 'vgm', id] as const,
  /** One booking's shipment page: under the same root, so the carrier's decisions refresh it too. */
  shipment: (id: number) => [...sharedQueryRoots.bookings, 'shipment', id] as const,
};
