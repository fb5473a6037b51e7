import type { BlHistoryEntry } from '@lading/contract/bill-of-lading-review';
import type { BillOfLading } from '@lading/contract/bills-of-lading';
import type { Booking } from '@lading/contract/bookings';
import type { Quotation } from '@lading/contract/quotations';
import {
  type BillDeadlines,
  SHIPMENT_TASKS,
  type Shipment,
  type ShipmentCall,
  type ShipmentLeg,
  type ShipmentLogEntry,
  type ShipmentTask,
  SI_SUBMITTED_STATUSES,
} from '@lading/contract/shipments';
import { type RouteStop, recogniseReference, type TrackResult } from '@lading/contract/tracking';
import type { TransportCall, Voyage } from '@lading/contract/voyages';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../../lib/principal';
import type { BillOfLadingReviewService, BillsOfLadingService } from '../bills-of-lading';
import type { BookingsService } from '../bookings';
import type { QuotationsService } from '../quotations';
import type { TrackingService } from '../tracking';
import type { VoyagesService } from '../voyages';

/** A part the caller may not reach (outside their scope: 404) is left out of the page, not an error of the page. */
async function orNull<T>(read: Promise<T> | null): Promise<T | null> {
  if (!read) return null;
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

const callOf = (call: TransportCall): ShipmentCall => ({
  sequence: call.sequence,
  port: call.port,
  terminalName: call.terminalName,
  eta: call.eta,
  etd: call.etd,
  ata: call.ata,
  atd: call.atd,
  status: call.status,
});

const legOf = (
  voyage: Voyage,
  load: TransportCall,
  discharge: TransportCall | undefined,
  planned: boolean,
): ShipmentLeg => ({
  voyageId: voyage.id,
  carrierVoyageNumber: voyage.carrierVoyageNumber,
  service: { code: voyage.service.code, name: voyage.service.name },
  vessel: { name: voyage.vessel.name, imoNumber: voyage.vessel.imoNumber, flag: voyage.vessel.flag },
  planned,
  load: callOf(load),
  discharge: discharge ? callOf(discharge) : null,
});

/** The transport plan: the legs, and the ids of the calls they load and discharge at (their transport events). */
type Plan = { legs: ShipmentLeg[]; callIds: number[] };

/** The first call of the voyage at this port after `afterSequence`, omitted calls aside. */
const callAt = (voyage: Voyage, portId: number, afterSequence = 0) =>
  voyage.calls.find((c) => c.port.id === portId && c.sequence > afterSequence && c.status !== 'OMITTED');

/** Audit values are shown as they are; anything but a scalar (none today) as its JSON text. */
const scalar = (value: unknown): string | number | boolean | null =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value)
    ? (value as string | number | boolean | null)
    : value === undefined
      ? null
      : JSON.stringify(value);

/**
 * The shipment page's read (issue 26): one booking with its transport plan, the customer's deadlines, its bill of
 * lading, parties, cargo, containers, pricing and log, composed from the bookings, bills-of-lading, quotations and
 * voyages modules through their front doors, each read with the caller's scope. A part outside the caller's scope or
 * permissions is left out (null or empty).
 */
export function createShipmentsService(deps: {
  bookings: Pick<BookingsService, 'getBooking' | 'findHistory'>;
  bills: Pick<BillsOfLadingService, 'getBill' | 'getDeadlines'>;
  billHistory: Pick<BillOfLadingReviewService, 'findHistory'>;
  quotations: Pick<QuotationsService, 'getQuotation'>;
  voyages: Pick<VoyagesService, 'getVoyage' | 'onwardConnection'>;
  tracking: Pick<TrackingService, 'shipmentTracking' | 'findReference'>;
}) {
  const { bookings, bills, billHistory, quotations, voyages, tracking } = deps;

  /** The route strip's stops (loading port, transhipment port, port of discharge) and the calls they are. */
  function routeOf(plan: Plan): RouteStop[] {
    const stop = (call: ShipmentCall, role: RouteStop['role'], departure?: ShipmentCall): RouteStop => ({
      place: { code: call.port.code, name: call.port.name, timeZone: call.port.timeZone },
      role,
      eta: role === 'POL' ? null : call.eta,
      etd: role === 'POD' ? null : (departure ?? call).etd,
      ata: role === 'POL' ? null : call.ata,
      atd: role === 'POD' ? null : (departure ?? call).atd,
    });
    const [first, second] = plan.legs;
    if (!first) return [];
    const stops = [stop(first.load, 'POL')];
    if (second && first.discharge) stops.push(stop(first.discharge, 'TRANSHIPMENT', second.load));
    const last = (second ?? first).discharge;
    if (last) stops.push(stop(last, 'POD'));
    return stops;
  }

  const canTrack = (caller: Principal) =>
    caller.can({ module: 'CP', resource: 'TRACKING', operation: 'VIEW' });

  async function trackingOf(bookingId: number, plan: Plan) {
    const route = routeOf(plan);
    return { route, ...(await tracking.shipmentTracking(bookingId, route, plan.callIds)) };
  }

  /**
   * The legs: the booking's voyage from its loading call to the port of discharge; when that voyage does not go
   * there, to the transhipment port, then the onward voyage the schedule connects to (planned).
   */
  async function planOf(booking: Booking): Promise<Plan> {
    const none: Plan = { legs: [], callIds: [] };
    if (booking.voyageId === null || !booking.pol || !booking.pod) return none;
    const voyage = await voyages.getVoyage(booking.voyageId);
    const load = callAt(voyage, booking.pol.id);
    if (!load) return none;
    const plan = (...calls: (TransportCall | undefined)[]) =>
      calls.filter((c): c is TransportCall => c !== undefined).map((c) => c.id);
    const discharge = callAt(voyage, booking.pod.id, load.sequence);
    if (discharge) return { legs: [legOf(voyage, load, discharge, false)], callIds: plan(load, discharge) };
    const onward = await voyages.onwardConnection({
      voyageId: voyage.id,
      polId: booking.pol.id,
      podId: booking.pod.id,
    });
    if (!onward) return { legs: [legOf(voyage, load, undefined, false)], callIds: plan(load) };
    const next = await voyages.getVoyage(onward.voyageId);
    const arrival = voyage.calls.find((c) => c.sequence === onward.arrivalSequence);
    const departure = next.calls.find((c) => c.sequence === onward.departureSequence);
    if (!arrival || !departure) return { legs: [legOf(voyage, load, undefined, false)], callIds: plan(load) };
    const final = callAt(next, booking.pod.id, departure.sequence);
    return {
      legs: [legOf(voyage, load, arrival, false), legOf(next, departure, final, true)],
      callIds: plan(load, arrival, departure, final),
    };
  }

  function tasksOf(
    booking: Booking,
    legs: ShipmentLeg[],
    bill: BillOfLading | null,
    deadlines: BillDeadlines | null,
    billLog: BlHistoryEntry[],
  ): ShipmentTask[] {
    const first = legs[0];
    if (!first || booking.status === 'CANCELLED' || booking.status === 'REJECTED') return [];
    const submitted = bill !== null && (SI_SUBMITTED_STATUSES as readonly string[]).includes(bill.status);
    const lastSubmission = billLog.findLast((entry) => entry.toStatus === 'UPDATE PENDING');
    const containers = bill?.blContainerDetails ?? [];
    const vgmDeclared =
      containers.length > 0 && containers.every((c) => c.vgm !== null && Boolean(c.vgmMethod));
    return (Object.entries(SHIPMENT_TASKS) as [keyof typeof SHIPMENT_TASKS, 'DCO' | 'VCO'][]).map(
      ([code, cutOff]) => {
        const fromBill = deadlines?.sailing?.deadlines.find((d) => d.cutOff === cutOff);
        const done = code === 'SI' ? submitted : vgmDeclared;
        return {
          code,
          cutOff,
          at: fromBill ? fromBill.at : (booking.cutOffs.find((c) => c.code === cutOff)?.at ?? null),
          lateUntil: fromBill?.lateUntil ?? null,
          port: first.load.port,
          done,
          doneAt: code === 'SI' && done ? (lastSubmission?.at ?? null) : null,
          open: bill !== null,
          departed: first.load.status === 'DEPARTED',
        };
      },
    );
  }

  function logOf(
    caller: Principal,
    booking: Booking,
    bill: BillOfLading | null,
    bookingLog: BlHistoryEntry[],
    billLog: BlHistoryEntry[],
  ): ShipmentLogEntry[] {
    const entry =
      (record: ShipmentLogEntry['record'], recordNumber: string) =>
      (row: BlHistoryEntry): ShipmentLogEntry => {
        const actor =
          row.actorId === null ? 'SYSTEM' : row.actorId === booking.createdById ? 'CUSTOMER' : 'CARRIER';
        return {
          id: row.id,
          at: row.at,
          record,
          recordNumber,
          action: row.action,
          fromStatus: row.fromStatus,
          toStatus: row.toStatus,
          comment: row.comment,
          actor,
          // Customers are told that the carrier acted, not who at the carrier (as on their dashboard).
          actorName: caller.isStaff || actor === 'CUSTOMER' ? row.actorName : null,
          changes: (row.changes ?? []).map((change) => ({
            field: change.field,
            before: scalar(change.before),
            after: scalar(change.after),
          })),
        };
      };
    return [
      ...bookingLog.map(entry('BOOKING', booking.number)),
      ...(bill ? billLog.map(entry('BILL_OF_LADING', bill.number)) : []),
    ].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  }

  const pricingOf = (quotation: Quotation | null): Shipment['pricing'] =>
    quotation && {
      quotationId: quotation.id,
      quotationNumber: quotation.number,
      currency: quotation.currency,
      totalAmount: quotation.totalAmount,
      charges: quotation.charges,
    };

  return {
    /** The shipment of one booking within the caller's scope (404 outside it, as for the booking itself). */
    async getShipment(caller: Principal, id: number): Promise<Shipment> {
      const booking = await bookings.getBooking(caller, id);
      const billId =
        booking.billOfLadingId !== null && caller.can({ module: 'CP', resource: 'BL', operation: 'VIEW' })
          ? booking.billOfLadingId
          : null;
      const quotationId =
        booking.quotationId !== null && caller.can({ module: 'CP', resource: 'QUOTATION', operation: 'VIEW' })
          ? booking.quotationId
          : null;
      const [plan, bookingLog, bill, deadlines, billLog, quotation] = await Promise.all([
        planOf(booking),
        bookings.findHistory(caller, id),
        orNull(billId === null ? null : bills.getBill(caller, billId)),
        orNull(billId === null ? null : bills.getDeadlines(caller, billId)),
        orNull(billId === null ? null : billHistory.findHistory(caller, billId)),
        orNull(quotationId === null ? null : quotations.getQuotation(caller, quotationId)),
      ]);
      const legs = plan.legs;
      return {
        booking,
        legs,
        tasks: tasksOf(booking, legs, bill, deadlines, billLog ?? []),
        bill: bill && {
          id: bill.id,
          number: bill.number,
          status: bill.status,
          dcsaStatus: bill.dcsaStatus,
          isIssued: bill.isIssued,
          reviewComment: bill.reviewComment,
          updatedAt: bill.updatedAt,
        },
        parties: bill && {
          shipper: {
            name: bill.shipperNameInBl || bill.shipperName,
            address: bill.shipperAddress,
            email: bill.shipperMailId,
            phone: bill.shipperPhoneNo,
          },
          consignee: {
            name: bill.consigneeNameInBl || bill.consigneeName,
            address: bill.consigneeAddress,
            email: bill.consigneeMailId,
            phone: bill.consigneePhoneNo,
          },
          notifyParties: bill.blNotifyPartyDetails,
        },
        cargo: {
          cargoType: quotation?.cargoType ?? booking.cargoType,
          commodity: quotation?.commodity ?? null,
          hsCode: quotation?.hsCodeValue ?? null,
          hazardClass: quotation?.hazardClass ?? null,
          unNumber: quotation?.unNumber ?? null,
          cargoReadyDate: quotation?.cargoReadyDate ?? null,
          description: bill?.description ?? null,
          rows: bill?.blCargoDetails ?? [],
        },
        containers: bill?.blContainerDetails ?? [],
        pricing: pricingOf(quotation),
        log: logOf(caller, booking, bill, bookingLog, billLog ?? []),
        tracking: canTrack(caller) ? await trackingOf(booking.id, plan) : null,
      };
    },

    /**
     * GET /cp/track/?ref=: what the search box's text is (container, bill of lading or booking number) and, for a
     * record within the caller's scope, its route and each container's timeline. A container number with a wrong check
     * digit, or a number outside the caller's reach, answers with a message and nothing else.
     */
    async track(caller: Principal, ref: string): Promise<TrackResult> {
      const recognised = recogniseReference(ref);
      const empty = {
        reference: recognised.reference,
        kind: recognised.kind,
        booking: null,
        bill: null,
        route: [],
        containers: [],
        documents: [],
      };
      if (!recognised.valid) return { ...empty, message: recognised.message };
      const found = await tracking.findReference(caller, recognised);
      const notFoundMessage = `No ${recognised.kind === 'bill-of-lading' ? 'bill of lading' : recognised.kind} ${recognised.reference} is in your shipments`;
      if (!found.booking)
        return {
          ...empty,
          bill: found.bill,
          message: found.bill ? 'This bill of lading has no booking to track' : notFoundMessage,
        };
      const booking = await bookings.getBooking(caller, found.booking.id);
      const plan = await planOf(booking);
      const tracked = await trackingOf(booking.id, plan);
      const containers =
        recognised.kind === 'container'
          ? tracked.containers.filter((c) => c.containerNumber === recognised.reference)
          : tracked.containers;
      return {
        ...empty,
        message: null,
        booking: found.booking,
        bill: found.bill,
        route: tracked.route,
        containers,
        documents: tracked.documents,
      };
    },
  };
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>;
