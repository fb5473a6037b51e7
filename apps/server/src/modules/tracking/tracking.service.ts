import {
  type ActiveShipment,
  DELAYED_AFTER_HOURS,
  EQUIPMENT_EVENT_TYPE_CODES,
  type EventClassifierCode,
  type ImportError,
  type ImportMovesBody,
  MILESTONES,
  type Milestone,
  milestoneOf,
  type PublicTrack,
  type RecordEquipmentEventBody,
  RecordEquipmentEventBodySchema,
  type RouteStop,
  recogniseReference,
  SHIPMENT_EVENT_TYPE_CODES,
  type ShipmentSummary,
  TRANSPORT_EVENT_TYPE_CODES,
  type TrackedContainer,
  type TrackingEvent,
  type TrackingPosition,
  VESSEL_MOVES,
} from '@lading/contract/tracking';
import { parse } from 'csv-parse/sync';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { publishEvent } from '../../lib/domain-events';
import type { Principal } from '../../lib/principal';
import {
  bookingNumberOf,
  bookingOfBill,
  type ContainerShipment,
  type EventRow,
  findActualEquipmentEvents,
  findBillByNumber,
  findBillOfBooking,
  findBookingByNumber,
  findBookingContainers,
  findCall,
  findCallActuals,
  findCallBookings,
  findContainerBooking,
  findContainerShipments,
  findEquipmentEventsOf,
  findEventByPublicId,
  findMoveCalls,
  findPendingDemoSteps,
  findPlaces,
  findPublicBooking,
  findShipmentEvents,
  findTrackedBookings,
  hasActualEvent,
  insertEvents,
  type NewEvent,
  officesServePort,
  type PlaceRow,
  placeOf,
} from './tracking.repository';
import { createTrackingFeed, queueDeliveries } from './tracking-feed.service';

type Conn = Db | Tx;

/**
 * Appends events, and queues their pushes to the DCSA subscriptions they match, in the caller's transaction (every
 * event this module writes goes through here; decision 029).
 */
async function append(tx: Tx, rows: NewEvent[]): Promise<{ id: number; eventId: string }[]> {
  const inserted = await insertEvents(tx, rows);
  await queueDeliveries(
    tx,
    inserted.map((row) => row.id),
  );
  return inserted;
}

/** A container move as recorded or imported, already in the standard's terms. */
type Move = RecordEquipmentEventBody;

/** An error of one move: the field (in the body's names) and what is wrong. */
type MoveError = { index: number; field: string; message: string };

const labelOf = (eventType: string, code: string): string =>
  (eventType === 'EQUIPMENT'
    ? EQUIPMENT_EVENT_TYPE_CODES[code as keyof typeof EQUIPMENT_EVENT_TYPE_CODES]
    : eventType === 'TRANSPORT'
      ? TRANSPORT_EVENT_TYPE_CODES[code as keyof typeof TRANSPORT_EVENT_TYPE_CODES]
      : SHIPMENT_EVENT_TYPE_CODES[code as keyof typeof SHIPMENT_EVENT_TYPE_CODES]) ?? code;

function milestoneOfRow(row: EventRow, route: { pol: string | null; pod: string | null }): Milestone | null {
  return milestoneOf(
    {
      eventType: row.eventType,
      code: row.code,
      classifier: row.classifier,
      emptyIndicator: row.emptyIndicator,
      transshipment: row.transshipment,
      placeCode: row.placeCode,
    },
    route,
  );
}

export function toTrackingEvent(
  row: EventRow,
  route: { pol: string | null; pod: string | null },
): TrackingEvent {
  return {
    eventId: row.eventId,
    eventType: row.eventType,
    code: row.code,
    label: labelOf(row.eventType, row.code),
    classifier: row.classifier,
    at: row.at,
    createdAt: row.createdAt,
    place:
      row.placeCode === null
        ? null
        : { code: row.placeCode, name: row.placeName ?? row.placeCode, timeZone: row.placeTimeZone },
    facility:
      row.facilityCode === null && row.facilityTypeCode === null
        ? null
        : { code: row.facilityCode, typeCode: row.facilityTypeCode },
    containerNumber: row.equipmentReference,
    emptyIndicator: row.emptyIndicator,
    transshipment: row.transshipment,
    vessel:
      row.vesselName && row.carrierVoyageNumber
        ? { name: row.vesselName, carrierVoyageNumber: row.carrierVoyageNumber }
        : null,
    document:
      row.documentTypeCode && row.documentReference
        ? { typeCode: row.documentTypeCode, reference: row.documentReference }
        : null,
    milestone: milestoneOfRow(row, route),
    retracted: row.retracted,
  };
}

/**
 * Where a container is, from its latest actual equipment event (retracted ones aside) and the route: not yet gated
 * in; at origin (empty picked up, gated in full); at sea from the loading place to the route's next stop (with that
 * stop's ETA); at a transhipment port; arrived (discharged at, or available at, the port of discharge); delivered
 * (gated out full at destination); returned (the empty back in a depot).
 */
export function positionOf(events: TrackingEvent[], route: RouteStop[]): TrackingPosition {
  const actual = events.filter((e) => e.eventType === 'EQUIPMENT' && e.classifier === 'ACT' && !e.retracted);
  const last = actual.at(-1);
  const none = { at: null, from: null, to: null, eta: null };
  if (!last) return { status: 'NOT_GATED_IN', ...none };
  const pod = route.find((stop) => stop.role === 'POD')?.place.code ?? null;
  const place = last.place;
  const discharged = actual.some((e) => e.code === 'DISC' && e.place?.code === pod && !e.transshipment);
  switch (last.code) {
    case 'LOAD': {
      const index = route.findIndex((stop) => stop.place.code === place?.code);
      const next = index >= 0 ? route[index + 1] : route.find((stop) => stop.role === 'POD');
      return {
        status: 'AT_SEA',
        at: null,
        from: place,
        to: next?.place ?? null,
        eta: next?.ata ?? next?.eta ?? null,
      };
    }
    case 'DISC':
      return place?.code === pod && !last.transshipment
        ? { status: 'ARRIVED', ...none, at: place }
        : { status: 'AT_TRANSHIPMENT', ...none, at: place };
    case 'AVPU':
      return { status: 'ARRIVED', ...none, at: place };
    case 'GTOT':
      return last.emptyIndicator === 'LADEN' && discharged
        ? { status: 'DELIVERED', ...none, at: place }
        : { status: 'AT_ORIGIN', ...none, at: place };
    case 'GTIN':
      return last.emptyIndicator === 'EMPTY' && discharged
        ? { status: 'RETURNED', ...none, at: place }
        : discharged
          ? { status: 'ARRIVED', ...none, at: place }
          : { status: 'AT_ORIGIN', ...none, at: place };
    default:
      return discharged
        ? { status: 'ARRIVED', ...none, at: place }
        : { status: 'AT_ORIGIN', ...none, at: place };
  }
}

/** A call's estimate or actual, as the voyages module reports it (in the transaction of the change). */
export type CallChange = {
  voyageId: number;
  transportCallId: number;
  portId: number;
  events: { code: 'ARRI' | 'DEPA'; classifier: 'EST' | 'ACT'; at: Date }[];
  reason?: string;
};

const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * Track and trace (issue 30, decision 027): equipment events recorded by carrier staff (one, or a CSV of terminal
 * moves, all or nothing), transport events from the voyages' estimates and actuals, shipment events from the
 * bookings' and bills' domain events; the reads behind the Track screen, the shipment page and public tracking; the
 * milestones customers are told of.
 */
export function createTrackingService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * Checks moves and turns them into rows, or lists what is wrong with each (nothing is written then). A branch
   * records moves at the ports its office serves or of its office's bookings; the corporate office anywhere.
   */
  async function prepareMoves(
    conn: Conn,
    caller: Principal,
    moves: Move[],
    source: 'STAFF' | 'IMPORT' | 'DEMO',
  ): Promise<{ rows: NewEvent[]; shipments: ContainerShipment[]; places: PlaceRow[]; errors: MoveError[] }> {
    const errors: MoveError[] = [];
    const places = new Map(
      (await findPlaces(conn, [...new Set(moves.map((m) => m.UNLocationCode))])).map((p) => [p.code, p]),
    );
    const shipments = await findContainerShipments(conn, [
      ...new Set(moves.map((m) => m.equipmentReference)),
    ]);
    const rows: NewEvent[] = [];
    const rowShipments: ContainerShipment[] = [];
    const rowPlaces: PlaceRow[] = [];
    const now = Date.now();
    for (const [index, move] of moves.entries()) {
      const fail = (field: string, message: string) => errors.push({ index, field, message });
      const place = places.get(move.UNLocationCode);
      const shipment = shipments.get(move.equipmentReference);
      if (!place) fail('UNLocationCode', `${move.UNLocationCode} is not a known UN/LOCODE`);
      if (!shipment) fail('equipmentReference', `${move.equipmentReference} is on no confirmed booking`);
      const at = new Date(move.eventDateTime);
      if (move.eventClassifierCode === 'ACT' && at.getTime() > now + FUTURE_SLACK_MS)
        fail('eventDateTime', 'an actual event cannot lie in the future');
      if (!place || !shipment) continue;
      if (caller.scope.kind === 'offices') {
        const own =
          (shipment.officeId !== null && caller.scope.officeIds.includes(shipment.officeId)) ||
          (await officesServePort(conn, caller.scope.officeIds, place.id));
        if (!own) {
          fail(
            'UNLocationCode',
            `${place.code} is not served by your office, and the booking is not your office's`,
          );
          continue;
        }
      } else if (caller.scope.kind !== 'all') {
        fail('equipmentReference', 'you cannot record events');
        continue;
      }
      let call: Awaited<ReturnType<typeof findCall>> = null;
      if (move.carrierExportVoyageNumber) {
        call = await findCall(conn, {
          portId: place.id,
          at,
          voyageNumber: move.carrierExportVoyageNumber,
          bookedVoyageId: shipment.voyageId,
        });
        if (!call)
          fail(
            'carrierExportVoyageNumber',
            `no voyage ${move.carrierExportVoyageNumber} calls at ${place.code}`,
          );
      } else if (VESSEL_MOVES.includes(move.equipmentEventTypeCode)) {
        call = await findCall(conn, { portId: place.id, at, voyageId: shipment.voyageId });
        if (!call)
          fail(
            'carrierExportVoyageNumber',
            `is required: the booking's sailing does not call at ${place.code} (name the voyage of this vessel move)`,
          );
      }
      let retractsId: number | null = null;
      if (move.retractedEventID) {
        const earlier = await findEventByPublicId(conn, move.retractedEventID);
        if (!earlier || earlier.equipmentReference !== move.equipmentReference)
          fail('retractedEventID', `is not an event of container ${move.equipmentReference}`);
        else if (earlier.retracted) fail('retractedEventID', 'that event was already corrected');
        else retractsId = earlier.id;
      }
      rows.push({
        eventType: 'EQUIPMENT',
        code: move.equipmentEventTypeCode,
        classifier: move.eventClassifierCode,
        eventAt: at,
        containerId: shipment.containerId,
        equipmentReference: shipment.containerNumber,
        isoEquipmentCode: shipment.isoCode,
        emptyIndicator: move.emptyIndicatorCode,
        transshipment: move.isTransshipmentMove ?? false,
        portId: place.id,
        facilityCode: move.facilitySMDGCode || null,
        facilityTypeCode:
          move.facilityTypeCode ?? (VESSEL_MOVES.includes(move.equipmentEventTypeCode) ? 'POTE' : null),
        voyageId: call?.voyageId ?? null,
        transportCallId: call?.id ?? null,
        bookingId: shipment.bookingId,
        billId: shipment.billId,
        source,
        recordedById: caller.userId,
        // Carried to the insert below: the row a correction retracts.
        retractsId,
      });
      rowShipments.push(shipment);
      rowPlaces.push(place);
    }
    return { rows, shipments: rowShipments, places: rowPlaces, errors };
  }

  /**
   * Writes prepared moves: a correction first appends the retraction of the event it replaces (the standard's
   * metadata-only event), then the new event. Each actual milestone reaches the booking's customer once per booking,
   * milestone and place.
   */
  async function writeMoves(
    tx: Tx,
    caller: Principal | null,
    prepared: { rows: NewEvent[]; shipments: ContainerShipment[]; places: PlaceRow[] },
  ): Promise<string[]> {
    const eventIds: string[] = [];
    const written: number[] = [];
    const told = new Set<string>();
    for (const [index, row] of prepared.rows.entries()) {
      const { retractsId, ...event } = row;
      if (retractsId) await append(tx, [{ ...event, retractsId, source: event.source }]);
      const [inserted] = await append(tx, [{ ...event, retractsId: null }]);
      eventIds.push(inserted!.eventId);
      written.push(inserted!.id);
      const shipment = prepared.shipments[index]!;
      const place = prepared.places[index]!;
      const milestone = milestoneOf(
        {
          eventType: 'EQUIPMENT',
          code: event.code,
          classifier: event.classifier as EventClassifierCode,
          emptyIndicator: event.emptyIndicator ?? null,
          transshipment: event.transshipment ?? false,
          placeCode: place.code,
        },
        { pol: shipment.polCode, pod: shipment.podCode },
      );
      if (!milestone) continue;
      const key = `${shipment.bookingId}:${milestone}:${place.code}`;
      if (told.has(key)) continue;
      told.add(key);
      const before = await hasActualEvent(tx, {
        bookingId: shipment.bookingId,
        eventType: 'EQUIPMENT',
        code: event.code,
        portId: place.id,
        exceptIds: written,
      });
      if (before) continue;
      await publishEvent(tx, caller, {
        type: 'SHIPMENT_MILESTONE',
        recordType: 'BOOKING',
        recordId: shipment.bookingId,
        payload: {
          number: shipment.bookingNumber,
          ownerId: shipment.ownerId,
          milestone,
          label: MILESTONES[milestone],
          containerNumber: shipment.containerNumber,
          place: { code: place.code, name: place.name },
          at: (event.eventAt as Date).toISOString(),
          eventId: inserted!.eventId,
        },
      });
    }
    return eventIds;
  }

  const asFieldErrors = (errors: MoveError[]) =>
    new AppError('VALIDATION_FAILED', `${errors[0]!.field}: ${errors[0]!.message}`, {
      fields: Object.fromEntries(errors.map((e) => [e.field, e.message])),
    });

  return {
    // The DCSA feed, its subscriptions and the push outbox (tracking-feed.service.ts).
    ...createTrackingFeed(db),

    /** POST /cp/admin/equipment-events/: one event; answers it as the Track screen shows it. */
    async recordEquipmentEvent(caller: Principal, body: RecordEquipmentEventBody): Promise<TrackingEvent> {
      return db.transaction(async (tx) => {
        const prepared = await prepareMoves(tx, caller, [body], 'STAFF');
        if (prepared.errors.length) throw asFieldErrors(prepared.errors);
        const [eventId] = await writeMoves(tx, caller, prepared);
        const shipment = prepared.shipments[0]!;
        const rows = await findShipmentEvents(tx, shipment.bookingId, []);
        const row = rows.find((r) => r.eventId === eventId)!;
        return toTrackingEvent(row, { pol: shipment.polCode, pod: shipment.podCode });
      });
    },

    /**
     * POST /cp/admin/equipment-events/import/: a CSV of terminal moves (header line, then one actual move per
     * line). The whole file is checked first; any bad line -> 400 with every error by line number, nothing written.
     */
    async importMoves(
      caller: Principal,
      body: ImportMovesBody,
    ): Promise<{ imported: number; eventIds: string[] }> {
      const { moves, errors } = parseMoves(body.content);
      return db.transaction(async (tx) => {
        // Lines that read well are checked against the database too, so one answer names every bad line.
        const prepared = await prepareMoves(
          tx,
          caller,
          moves.map((m) => m.move),
          'IMPORT',
        );
        const all = [
          ...errors,
          ...prepared.errors.map((e) => ({
            line: moves[e.index]!.line,
            field: CSV_FIELD_OF[e.field] ?? e.field,
            message: e.message,
          })),
        ].sort((a, b) => a.line - b.line);
        if (all.length) throw importFailed(all);
        const eventIds = await writeMoves(tx, caller, prepared);
        return { imported: eventIds.length, eventIds };
      });
    },

    /**
     * Transport events of a call's new estimate (EST) or actual (ACT), in the voyages module's transaction. A new
     * actual replaces an earlier one of the same call (retracting it); an actual departure or arrival is the
     * "departed" / "arrived" milestone of the bookings it concerns.
     */
    async recordCallChange(tx: Tx, caller: Principal | null, change: CallChange): Promise<void> {
      for (const event of change.events) {
        const base = {
          eventType: 'TRANSPORT' as const,
          code: event.code,
          classifier: event.classifier,
          eventAt: event.at,
          portId: change.portId,
          voyageId: change.voyageId,
          transportCallId: change.transportCallId,
          reason: change.reason ?? null,
          source: 'VOYAGE' as const,
          recordedById: caller?.userId ?? null,
        };
        const [earlier] = await findCallActuals(tx, change.transportCallId, event.code, event.classifier);
        if (earlier && event.classifier === 'ACT')
          await append(tx, [{ ...base, eventAt: earlier.at, retractsId: earlier.id }]);
        const [inserted] = await append(tx, [base]);
        if (event.classifier !== 'ACT' || earlier) continue;
        const place = await placeOf(tx, change.portId);
        for (const booking of await findCallBookings(tx, change, event.code)) {
          const milestone: Milestone = event.code === 'DEPA' ? 'DEPARTED' : 'ARRIVED';
          await publishEvent(tx, caller, {
            type: 'SHIPMENT_MILESTONE',
            recordType: 'BOOKING',
            recordId: booking.id,
            payload: {
              number: booking.number,
              ownerId: booking.ownerId,
              milestone,
              label: MILESTONES[milestone],
              containerNumber: null,
              place: place ? { code: place.code, name: place.name } : null,
              at: event.at.toISOString(),
              eventId: inserted!.eventId,
            },
          });
        }
      }
    },

    /** A shipment event from a booking's or bill's domain event (the dispatcher's transaction: exactly once). */
    recordShipmentEvent: (tx: Tx, event: ShipmentEventSource) => recordShipmentEvent(tx, event),

    /**
     * A booking's tracking, for the Track screen and the shipment page: per container its events (the route's
     * transport events included) and position; the shipment events of the booking and its bills.
     */
    async shipmentTracking(
      bookingId: number,
      route: RouteStop[],
      routeCallIds: number[],
    ): Promise<{ containers: TrackedContainer[]; documents: TrackingEvent[] }> {
      const callIds = [...new Set([...routeCallIds, ...(await findMoveCalls(db, bookingId))])];
      const [rows, containers] = await Promise.all([
        findShipmentEvents(db, bookingId, callIds),
        findBookingContainers(db, bookingId),
      ]);
      const ends = {
        pol: route.find((s) => s.role === 'POL')?.place.code ?? containers[0]?.polCode ?? null,
        pod: route.find((s) => s.role === 'POD')?.place.code ?? containers[0]?.podCode ?? null,
      };
      // An estimate that has happened since is shown by its actual only.
      const happened = new Set(
        rows
          .filter((r) => r.classifier === 'ACT' && !r.retracted)
          .map((r) => `${r.eventType}:${r.equipmentReference}:${r.code}:${r.placeCode}:${r.transportCallId}`),
      );
      const events = rows
        .filter(
          (r) =>
            r.classifier === 'ACT' ||
            !happened.has(
              `${r.eventType}:${r.equipmentReference}:${r.code}:${r.placeCode}:${r.transportCallId}`,
            ),
        )
        .map((row) => toTrackingEvent(row, ends));
      const transport = events.filter((e) => e.eventType === 'TRANSPORT');
      return {
        containers: containers.map((container) => {
          const own = events
            .filter((e) => e.eventType === 'EQUIPMENT' && e.containerNumber === container.containerNumber)
            .concat(transport)
            .sort((a, b) => a.at.localeCompare(b.at));
          return {
            containerNumber: container.containerNumber,
            isoCode: container.isoCode,
            events: own,
            position: positionOf(own, route),
          };
        }),
        documents: events.filter((e) => e.eventType === 'SHIPMENT'),
      };
    },

    /**
     * Demo only: makes the next estimated step of every demo shipment happen now (an actual event for each of the
     * booking's containers), with its milestone notice, so a walkthrough sees events arrive live. 404 without demo
     * events.
     */
    async advanceDemo(caller: Principal): Promise<{ advanced: number }> {
      return db.transaction(async (tx) => {
        const pending = await findPendingDemoSteps(tx);
        if (pending.length === 0)
          throw new AppError('NOT_FOUND', 'No demo shipment has a step left to advance');
        const next = new Map<number, EventRow>();
        for (const row of pending)
          if (row.bookingId && !next.has(row.bookingId)) next.set(row.bookingId, row);
        const steps = pending.filter((row) => {
          const first = next.get(row.bookingId!)!;
          return (
            row.code === first.code &&
            row.placeCode === first.placeCode &&
            row.transportCallId === first.transportCallId
          );
        });
        const now = new Date().toISOString();
        const moves: Move[] = steps.map((row) => ({
          equipmentReference: row.equipmentReference!,
          equipmentEventTypeCode: row.code as Move['equipmentEventTypeCode'],
          eventClassifierCode: 'ACT',
          eventDateTime: now,
          UNLocationCode: row.placeCode!,
          emptyIndicatorCode: row.emptyIndicator ?? 'LADEN',
          ...(row.facilityTypeCode
            ? { facilityTypeCode: row.facilityTypeCode as Move['facilityTypeCode'] }
            : {}),
          ...(row.carrierVoyageNumber ? { carrierExportVoyageNumber: row.carrierVoyageNumber } : {}),
          isTransshipmentMove: row.transshipment,
        }));
        // Only the shipments the caller may record moves for (a branch: its port's or its office's).
        const prepared: Awaited<ReturnType<typeof prepareMoves>> = {
          rows: [],
          shipments: [],
          places: [],
          errors: [],
        };
        for (const move of moves) {
          const one = await prepareMoves(tx, caller, [move], 'DEMO');
          if (one.errors.length) continue;
          prepared.rows.push(...one.rows);
          prepared.shipments.push(...one.shipments);
          prepared.places.push(...one.places);
        }
        if (prepared.rows.length === 0)
          throw new AppError('NOT_FOUND', 'No demo shipment within your reach has a step left');
        return { advanced: (await writeMoves(tx, caller, prepared)).length };
      });
    },

    /**
     * The customer dashboard's shipments (issue 30): the caller's confirmed bookings with events, not yet delivered
     * (nor their empties returned), counted at sea, arrived and delayed (the ETA at the port of discharge more than
     * DELAYED_AFTER_HOURS from the plan), each with its next expected step; the soonest next step first.
     */
    async shipmentSummary(caller: Principal): Promise<ShipmentSummary> {
      const bookings = await findTrackedBookings(db, caller.scope);
      const rows = await findEquipmentEventsOf(
        db,
        bookings.map((b) => b.bookingId),
      );
      const byBooking = new Map<number, EventRow[]>();
      for (const row of rows) byBooking.set(row.bookingId!, [...(byBooking.get(row.bookingId!) ?? []), row]);
      const shipments: ActiveShipment[] = [];
      for (const booking of bookings) {
        const ends = { pol: booking.polCode, pod: booking.podCode };
        const events = (byBooking.get(booking.bookingId) ?? []).map((row) => toTrackingEvent(row, ends));
        const first = events[0]?.containerNumber;
        const own = events.filter((e) => e.containerNumber === first);
        const pod = booking.podCode
          ? { code: booking.podCode, name: booking.podName ?? booking.podCode, timeZone: booking.podTimeZone }
          : null;
        const position = positionOf(
          own,
          pod ? [{ place: pod, role: 'POD', eta: booking.eta, etd: null, ata: null, atd: null }] : [],
        );
        if (position.status === 'DELIVERED' || position.status === 'RETURNED') continue;
        const lastActual = own.filter((e) => e.classifier === 'ACT').at(-1)?.at ?? '';
        const upcoming = own.find((e) => e.classifier !== 'ACT' && e.at >= lastActual);
        shipments.push({
          bookingId: booking.bookingId,
          bookingNumber: booking.bookingNumber,
          containers: booking.containers,
          status: position.status,
          delayed: booking.etaMovedHours !== null && Math.abs(booking.etaMovedHours) > DELAYED_AFTER_HOURS,
          eta: booking.eta,
          pod,
          next: upcoming
            ? {
                code: upcoming.code,
                label: upcoming.label,
                place: upcoming.place,
                at: upcoming.at,
                classifier: upcoming.classifier,
              }
            : null,
        });
      }
      shipments.sort((a, b) => (a.next?.at ?? '9999').localeCompare(b.next?.at ?? '9999'));
      return {
        atSea: shipments.filter((s) => s.status === 'AT_SEA' || s.status === 'AT_TRANSHIPMENT').length,
        arrived: shipments.filter((s) => s.status === 'ARRIVED').length,
        delayed: shipments.filter((s) => s.delayed).length,
        shipments: shipments.slice(0, 10),
      };
    },

    /**
     * The booking (and bill) a tracking search names, within the caller's scope: a container's current booking, a
     * bill's booking, a booking; null when there is none the caller reaches (the same answer as an unknown number).
     */
    async findReference(
      caller: Principal,
      recognised: { kind: 'container' | 'bill-of-lading' | 'booking'; reference: string },
    ): Promise<{
      booking: { id: number; number: string } | null;
      bill: { id: number; number: string } | null;
    }> {
      if (recognised.kind !== 'bill-of-lading') {
        const booking =
          recognised.kind === 'booking'
            ? await findBookingByNumber(db, caller.scope, recognised.reference)
            : await findContainerBooking(db, caller.scope, recognised.reference);
        return { booking, bill: booking ? await findBillOfBooking(db, caller.scope, booking.id) : null };
      }
      const bill = await findBillByNumber(db, caller.scope, recognised.reference);
      if (!bill) return { booking: null, bill: null };
      const booking =
        bill.bookingId === null
          ? null
          : await findBookingByNumber(db, caller.scope, await bookingNumberOf(db, bill.bookingId));
      return { booking, bill: { id: bill.id, number: bill.number } };
    },

    /**
     * GET /public/track/?ref=: the milestones of a container's or a bill's shipment (event, place, time), nothing
     * else. An unknown reference, a booking number and a known one without milestones answer alike: kind null, none.
     */
    async publicTrack(ref: string): Promise<PublicTrack> {
      const recognised = recogniseReference(ref);
      const empty: PublicTrack = { reference: recognised.reference, kind: null, milestones: [] };
      if (!recognised.valid || recognised.kind === 'booking') return empty;
      const found = await findPublicBooking(db, recognised.kind, recognised.reference);
      if (!found) return empty;
      const rows = await findActualEquipmentEvents(db, found.bookingId, found.containerNumber);
      const [first] = await findBookingContainers(db, found.bookingId);
      const ends = { pol: first?.polCode ?? null, pod: first?.podCode ?? null };
      const seen = new Set<string>();
      const milestones: PublicTrack['milestones'] = [];
      for (const row of rows) {
        const milestone = milestoneOfRow(row, ends);
        if (!milestone || row.eventType !== 'EQUIPMENT' || !row.placeCode) continue;
        const key = `${milestone}:${row.placeCode}`;
        if (seen.has(key)) continue;
        seen.add(key);
        milestones.push({
          code: milestone,
          label: MILESTONES[milestone],
          place: { code: row.placeCode, name: row.placeName ?? row.placeCode, timeZone: row.placeTimeZone },
          at: row.at,
          classifier: row.classifier,
        });
      }
      return milestones.length
        ? { reference: recognised.reference, kind: recognised.kind, milestones }
        : empty;
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;

/* ---------------------------------------------------------------- shipment events */

/** The domain events that become shipment events, and the document each names (docs/dcsa-mapping.md). */
export type ShipmentEventSource = {
  type:
    | 'BOOKING_REQUESTED'
    | 'BOOKING_CONFIRMED'
    | 'BOOKING_REJECTED'
    | 'BOOKING_CANCELLED'
    | 'BL_SUBMITTED'
    | 'BL_RETURNED'
    | 'BL_APPROVED'
    | 'BL_ISSUED';
  recordId: number;
  actorId: number | null;
  createdAt: Date;
  payload: { number: string; reason?: string; comment?: string };
};

const SHIPMENT_EVENT_OF: Record<
  ShipmentEventSource['type'],
  { code: keyof typeof SHIPMENT_EVENT_TYPE_CODES; document: 'BKG' | 'SHI' | 'TRD' }
> = {
  BOOKING_REQUESTED: { code: 'RECE', document: 'BKG' },
  BOOKING_CONFIRMED: { code: 'CONF', document: 'BKG' },
  BOOKING_REJECTED: { code: 'REJE', document: 'BKG' },
  BOOKING_CANCELLED: { code: 'CANC', document: 'BKG' },
  BL_SUBMITTED: { code: 'SUBM', document: 'SHI' },
  BL_RETURNED: { code: 'PENU', document: 'SHI' },
  BL_APPROVED: { code: 'APPR', document: 'TRD' },
  BL_ISSUED: { code: 'ISSU', document: 'TRD' },
};

export const SHIPMENT_EVENT_SOURCES = Object.keys(SHIPMENT_EVENT_OF) as ShipmentEventSource['type'][];

async function recordShipmentEvent(tx: Tx, event: ShipmentEventSource): Promise<void> {
  const { code, document } = SHIPMENT_EVENT_OF[event.type];
  const isBooking = event.type.startsWith('BOOKING_');
  const ids = isBooking
    ? { bookingId: event.recordId, billId: null }
    : { bookingId: await bookingOfBill(tx, event.recordId), billId: event.recordId };
  await append(tx, [
    {
      eventType: 'SHIPMENT',
      code,
      classifier: 'ACT',
      eventAt: event.createdAt,
      documentTypeCode: document,
      documentReference: event.payload.number,
      reason: event.payload.reason ?? event.payload.comment ?? null,
      bookingId: ids.bookingId,
      billId: ids.billId,
      source: 'SYSTEM',
      recordedById: event.actorId,
    },
  ]);
}

/* ---------------------------------------------------------------- CSV of terminal moves */

/** A file column's name for each body field, so a line's error names the column the user wrote. */
const CSV_FIELD_OF: Record<string, string> = {
  equipmentReference: 'containerNumber',
  equipmentEventTypeCode: 'eventCode',
  UNLocationCode: 'UNLocationCode',
  facilitySMDGCode: 'facility',
  eventDateTime: 'eventDateTime',
  carrierExportVoyageNumber: 'voyageNumber',
  emptyIndicatorCode: 'emptyIndicator',
  isTransshipmentMove: 'transshipment',
};

const MAX_LINES = 5000;

function importFailed(errors: ImportError[]): AppError {
  const first = errors[0]!;
  return new AppError(
    'VALIDATION_FAILED',
    `line ${first.line}, ${first.field}: ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`,
    {
      fields: Object.fromEntries(errors.slice(0, 200).map((e) => [`line ${e.line}.${e.field}`, e.message])),
    },
  );
}

/**
 * Reads the file: a header line naming the columns (containerNumber, eventCode, UNLocationCode, facility,
 * eventDateTime, voyageNumber, emptyIndicator; optional transshipment), then one actual move per line. Every line is
 * checked against the one-event body; errors carry the file's line number and column.
 */
export function parseMoves(content: string): {
  moves: { line: number; move: Move }[];
  errors: ImportError[];
} {
  let records: string[][];
  try {
    records = parse(content.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { moves: [], errors: [{ line, field: 'file', message: 'is not a readable CSV file' }] };
  }
  const [header, ...lines] = records;
  if (!header) return { moves: [], errors: [{ line: 1, field: 'file', message: 'is empty' }] };
  const columns = header.map((name) => name.trim());
  const required = ['containerNumber', 'eventCode', 'UNLocationCode', 'eventDateTime', 'emptyIndicator'];
  const missing = required.filter((name) => !columns.includes(name));
  if (missing.length)
    return {
      moves: [],
      errors: missing.map((name) => ({
        line: 1,
        field: name,
        message: 'column is missing from the header line',
      })),
    };
  if (lines.length === 0)
    return { moves: [], errors: [{ line: 2, field: 'file', message: 'holds no moves' }] };
  if (lines.length > MAX_LINES)
    return {
      moves: [],
      errors: [{ line: MAX_LINES + 2, field: 'file', message: `holds more than ${MAX_LINES} moves` }],
    };
  const moves: { line: number; move: Move }[] = [];
  const errors: ImportError[] = [];
  for (const [index, record] of lines.entries()) {
    const line = index + 2;
    const cell = (name: string) => {
      const at = columns.indexOf(name);
      const value = at >= 0 ? record[at]?.trim() : undefined;
      return value === '' ? undefined : value;
    };
    const transshipment = cell('transshipment');
    const candidate = {
      equipmentReference: cell('containerNumber'),
      equipmentEventTypeCode: cell('eventCode')?.toUpperCase(),
      eventClassifierCode: 'ACT',
      eventDateTime: cell('eventDateTime'),
      UNLocationCode: cell('UNLocationCode'),
      facilitySMDGCode: cell('facility'),
      emptyIndicatorCode: cell('emptyIndicator')?.toUpperCase(),
      carrierExportVoyageNumber: cell('voyageNumber'),
      isTransshipmentMove:
        transshipment === undefined
          ? undefined
          : /^(true|yes|y|1)$/i.test(transshipment)
            ? true
            : /^(false|no|n|0)$/i.test(transshipment)
              ? false
              : transshipment,
    };
    const parsed = RecordEquipmentEventBodySchema.safeParse(candidate);
    if (parsed.success) moves.push({ line, move: parsed.data });
    else
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'line');
        errors.push({ line, field: CSV_FIELD_OF[field] ?? field, message: issue.message });
      }
  }
  return { moves, errors };
}
