import {
  BOOKING_TRANSITIONS,
  type Booking,
  type BookingListQuery,
  type BookingStatus,
} from '@lading/contract/bookings';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema/bills-of-lading';
import { notFound } from '../../lib/app-error';
import type { Principal } from '../../lib/principal';
import { applyTransition } from '../../lib/status-transition';
import { findBookingById, findBookings } from './bookings.repository';

export function createBookingsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The list within the caller's scope; a customer asking for someone else's bookings (created_by_id) gets none. */
    findBookings(caller: Principal, query: BookingListQuery) {
      return findBookings(db, query, caller.scope);
    },

    async getBooking(caller: Principal, id: number): Promise<Booking> {
      const booking = await findBookingById(db, id, caller.scope);
      if (!booking) throw notFound('Booking');
      return booking;
    },

    /** The customer withdraws a booking the carrier has not confirmed yet (REQUESTED -> CANCELLED). */
    cancelBooking(caller: Principal, id: number): Promise<Booking> {
      return db.transaction(async (tx) => {
        const { after } = await applyTransition<BookingStatus, 'cancel', Booking>(tx, caller, {
          table: bookings,
          rules: BOOKING_TRANSITIONS,
          name: 'cancel',
          id,
          expected: null,
          lock: (conn) => findBookingById(conn, id, caller.scope, true),
          reload: async (conn) => (await findBookingById(conn, id))!,
          noun: 'Booking',
          staleMessage: 'This booking has changed. Please reload it.',
          verb: 'cancelled',
          audit: { module: 'CP', recordType: 'BOOKING', action: 'CANCELLED' },
        });
        return after;
      });
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
