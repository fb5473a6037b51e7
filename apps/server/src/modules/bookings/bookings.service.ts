import {
  BOOKING_TRANSITIONS,
  type Booking,
  type BookingListQuery,
  type BookingStatus,
  type ConfirmBookingBody,
  type RollOverBody,
} from '@lading/contract/bookings';
import type { Db, Tx } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { publishEvent } from '../../lib/domain-events';
import type { Principal } from '../../lib/principal';
import { applyTransition, type TransitionSpec } from '../../lib/status-transition';
import { createDraftBillFromBooking, followSailing } from '../bills-of-lading';
import { cutOffPassed, type VoyagesService } from '../voyages';
import {
  findBookingById,
  findBookingHistory,
  findBookingOffice,
  findBookings,
  insertBooking,
  reloadBooking,
  updateBookingSailing,
} from './bookings.repository';

type Transition = keyof typeof BOOKING_TRANSITIONS;
const VERBS: Record<Transition, string> = { cancel: 'cancelled', confirm: 'confirmed', reject: 'rejected' };
const ACTIONS: Record<Transition, string> = { cancel: 'CANCELLED', confirm: 'CONFIRMED', reject: 'REJECTED' };

/** A booking transition through the shared helper: scoped row lock, legal status, version + 1, audit row, events. */
function moveBooking(
  tx: Tx,
  caller: Principal,
  id: number,
  name: Transition,
  prepare?: TransitionSpec<BookingStatus, Transition, Booking>['prepare'],
) {
  return applyTransition<BookingStatus, Transition, Booking>(tx, caller, {
    table: bookings,
    rules: BOOKING_TRANSITIONS,
    name,
    id,
    expected: null,
    lock: (conn) => findBookingById(conn, caller.scope, id, true),
    reload: (conn) => reloadBooking(conn, id),
    noun: 'Booking',
    staleMessage: 'This booking has changed. Please reload it.',
    verb: VERBS[name],
    audit: { module: name === 'cancel' ? 'CP' : 'ADMIN', recordType: 'BOOKING', action: ACTIONS[name] },
    prepare,
  });
}

/** What a booking is made from: the accepted quotation. */
export type AcceptedQuotation = {
  id: number;
  number: string;
  createdById: number;
  polId: number;
  podId: number;
  /** The sailing chosen with the enquiry (null: the carrier picks one at confirmation). */
  voyageId: number | null;
  officeId: number | null;
};

export function createBookingsService(deps: {
  db: Db;
  voyages: Pick<VoyagesService, 'sailingFrom' | 'assertBeforeCutOff'>;
}) {
  const { db, voyages } = deps;
  return {
    /** The list within the caller's scope; a customer asking for someone else's bookings (created_by_id) gets none. */
    findBookings(caller: Principal, query: BookingListQuery) {
      return findBookings(db, query, caller.scope);
    },

    /**
     * The booking of an accepted quotation (REQUESTED, awaiting the carrier), written in the caller's transaction
     * (the quotation's accept): the row, its audit row and the BOOKING_REQUESTED event. Answers the booking's id.
     */
    async createFromQuotation(tx: Tx, caller: Principal, quotation: AcceptedQuotation): Promise<number> {
      const booking = await insertBooking(tx, {
        createdById: quotation.createdById,
        polId: quotation.polId,
        podId: quotation.podId,
        quotationId: quotation.id,
        officeId: quotation.officeId,
        voyageId: quotation.voyageId,
      });
      await recordAudit(tx, caller, {
        module: 'CP',
        recordType: 'BOOKING',
        recordId: booking.id,
        action: 'CREATED',
        toStatus: 'REQUESTED',
        version: 1,
        comment: `from quotation ${quotation.number}`,
      });
      await publishEvent(tx, caller, {
        type: 'BOOKING_REQUESTED',
        recordType: 'BOOKING',
        recordId: booking.id,
        payload: {
          number: booking.number,
          ownerId: quotation.createdById,
          officeId: booking.officeId,
          quotationId: quotation.id,
        },
      });
      return booking.id;
    },

    async getBooking(caller: Principal, id: number): Promise<Booking> {
      const booking = await findBookingById(db, caller.scope, id);
      if (!booking) throw notFound('Booking');
      return booking;
    },

    /** A booking's history within the caller's scope (its customer, or staff of its office), oldest first. */
    async findHistory(caller: Principal, id: number) {
      const booking = await findBookingById(db, caller.scope, id);
      if (!booking) throw notFound('Booking');
      return findBookingHistory(db, id);
    },

    /** The customer withdraws a booking the carrier has not confirmed yet (REQUESTED -> CANCELLED). */
    cancelBooking(caller: Principal, id: number): Promise<Booking> {
      return db.transaction(async (tx) => {
        const { after } = await moveBooking(tx, caller, id, 'cancel');
        // No one is notified (the customer did it); the booking's shipment events record it (issue 30).
        await publishEvent(tx, caller, {
          type: 'BOOKING_CANCELLED',
          recordType: 'BOOKING',
          recordId: id,
          payload: { number: after.number, ownerId: after.createdById },
        });
        return after;
      });
    },

    /**
     * Carrier staff confirm a booking of their office: REQUESTED -> CONFIRMED with the sailing, the containers
     * allocated (as many of each size-type as booked, ISO 6346 numbers) and the bill of lading draft created — one
     * transaction. The customer hears of it (BOOKING_CONFIRMED).
     */
    async confirmBooking(
      caller: Principal,
      id: number,
      body: ConfirmBookingBody,
    ): Promise<{ booking: Booking; billOfLadingId: number }> {
      return db.transaction(async (tx) => {
        let billOfLadingId = 0;
        const { after } = await moveBooking(tx, caller, id, 'confirm', async (conn, booking) => {
          // The sailing: a voyage loading at the booking's port of loading that has not left it. Staff may confirm
          // after the STA cut-off (the carrier's own acceptance); the customer's later deadlines still apply.
          const sailing = await voyages.sailingFrom(conn, body.voyageId, booking.pol?.id ?? 0);
          if (sailing.status === 'DEPARTED')
            throw cutOffPassed(
              'STA',
              sailing.etd,
              `${sailing.vesselName} ${sailing.carrierVoyageNumber} has departed; pick a later sailing.`,
            );
          const booked = new Map<string, number>();
          for (const line of booking.equipment)
            booked.set(line.isoCode, (booked.get(line.isoCode) ?? 0) + line.quantity);
          const given = new Map<string, number>();
          for (const c of body.containers) given.set(c.isoCode, (given.get(c.isoCode) ?? 0) + 1);
          if (booked.size) {
            const wanted = [...booked].map(([iso, n]) => `${n} x ${iso}`).join(', ');
            const matches =
              booked.size === given.size && [...booked].every(([iso, n]) => given.get(iso) === n);
            if (!matches) {
              throw new AppError('VALIDATION_FAILED', `containers: the booking is for ${wanted}`, {
                fields: { containers: `must be ${wanted}, as booked` },
              });
            }
          }
          billOfLadingId = await createDraftBillFromBooking(conn, {
            bookingId: id,
            ownerId: booking.createdById,
            polId: booking.pol?.id ?? null,
            podId: booking.pod?.id ?? null,
            officeId: await findBookingOffice(conn, id),
            cargoType: booking.cargoType,
            vesselName: sailing.vesselName,
            voyageNumber: sailing.carrierVoyageNumber,
            containers: body.containers,
          });
          return {
            // The vessel and voyage number are kept as they were at confirmation too; reads follow the voyage.
            set: {
              voyageId: body.voyageId,
              vesselName: sailing.vesselName,
              voyageNumber: sailing.carrierVoyageNumber,
            },
            events: (confirmed) => [
              {
                type: 'BOOKING_CONFIRMED',
                recordType: 'BOOKING',
                recordId: id,
                payload: { number: confirmed.number, ownerId: confirmed.createdById, billOfLadingId },
              },
            ],
          };
        });
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: 'BILL_OF_LADING',
          recordId: billOfLadingId,
          action: 'CREATED',
          toStatus: 'DRAFT',
          version: 1,
          comment: `from booking ${after.number}`,
        });
        return { booking: await reloadBooking(tx, id), billOfLadingId };
      });
    },

    /**
     * Carrier staff move a booking to another sailing of its lane (a vessel delayed or full), with a reason: the
     * voyage must load at the booking's port of loading and not have left; the bills not yet issued take the new
     * vessel and voyage; the history shows both sailings and the customer is told (BOOKING_ROLLED_OVER).
     */
    async rollOver(caller: Principal, id: number, body: RollOverBody): Promise<Booking> {
      return db.transaction(async (tx) => {
        const before = await findBookingById(tx, caller.scope, id, true);
        if (!before) throw notFound('Booking');
        if (before.status !== 'REQUESTED' && before.status !== 'CONFIRMED')
          throw new AppError(
            'CONFLICT',
            `Booking ${before.number} is ${before.status.toLowerCase()}: it cannot move`,
            {
              fields: { status: `is ${before.status}` },
            },
          );
        if (before.voyageId === body.voyageId)
          throw new AppError('VALIDATION_FAILED', 'voyageId: the booking is on this sailing already', {
            fields: { voyageId: 'is the sailing the booking is on' },
          });
        const sailing = await voyages.sailingFrom(tx, body.voyageId, before.pol?.id ?? 0);
        if (sailing.status === 'DEPARTED')
          throw cutOffPassed(
            'STA',
            sailing.etd,
            `${sailing.vesselName} ${sailing.carrierVoyageNumber} has departed.`,
          );
        const from = before.vesselName
          ? `${before.vesselName} ${before.voyageNumber ?? ''}`.trim()
          : 'no sailing';
        const to = `${sailing.vesselName} ${sailing.carrierVoyageNumber}`;
        await updateBookingSailing(tx, id, {
          voyageId: body.voyageId,
          vesselName: sailing.vesselName,
          voyageNumber: sailing.carrierVoyageNumber,
        });
        const bills = await followSailing(tx, id, {
          vesselName: sailing.vesselName,
          voyageNumber: sailing.carrierVoyageNumber,
        });
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: 'BOOKING',
          recordId: id,
          action: 'ROLLED_OVER',
          version: before.version + 1,
          comment: body.reason,
          changes: [
            { field: 'voyageId', before: before.voyageId, after: body.voyageId },
            { field: 'sailing', before: from, after: to },
          ],
        });
        for (const billId of bills)
          await recordAudit(tx, caller, {
            module: 'ADMIN',
            recordType: 'BILL_OF_LADING',
            recordId: billId,
            action: 'SAILING_CHANGED',
            comment: `booking ${before.number} rolled over from ${from} to ${to}: ${body.reason}`,
          });
        await publishEvent(tx, caller, {
          type: 'BOOKING_ROLLED_OVER',
          recordType: 'BOOKING',
          recordId: id,
          payload: { number: before.number, ownerId: before.createdById, from, to, reason: body.reason },
        });
        return reloadBooking(tx, id);
      });
    },

    /** Carrier staff turn a booking down with a reason (REQUESTED -> REJECTED); the customer hears of it. */
    rejectBooking(caller: Principal, id: number, reason: string): Promise<Booking> {
      return db.transaction(async (tx) => {
        const { after } = await moveBooking(tx, caller, id, 'reject', async () => ({
          set: { rejectionReason: reason },
          comment: reason,
          events: (rejected) => [
            {
              type: 'BOOKING_REJECTED',
              recordType: 'BOOKING',
              recordId: id,
              payload: { number: rejected.number, ownerId: rejected.createdById, reason },
            },
          ],
        }));
        return after;
      });
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
