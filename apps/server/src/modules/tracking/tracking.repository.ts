import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { trackingEvents } from '../../db/schema/tracking';
import { type Scope, scoped } from '../../lib/scopes';

type Conn = Db | Tx;

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export type PlaceRow = { id: number; code: string; name: string; timeZone: string | null };

/** Many places by UN/LOCODE, for a file of moves. */
export function findPlaces(conn: Conn, codes: string[]): Promise<PlaceRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return queryRows<PlaceRow>(
    conn,
    sql`select id, code, name, time_zone as "timeZone" from ports
      where code in (${sql.join(
        codes.map((code) => sql`${code}`),
        sql`, `,
      )})`,
  );
}

/** The shipment a container is on now: the latest confirmed booking whose bill of lading carries it. */
export type ContainerShipment = {
  containerId: number;
  containerNumber: string;
  isoCode: string;
  bookingId: number;
  bookingNumber: string;
  ownerId: number;
  officeId: number | null;
  voyageId: number | null;
  polCode: string | null;
  podCode: string | null;
  billId: number;
};

const SHIPMENT_COLUMNS = sql`c.id as "containerId", c.number as "containerNumber", c.iso_code as "isoCode",
  bk.id as "bookingId", bk.number as "bookingNumber", bk.created_by_id as "ownerId", bk.office_id as "officeId",
  bk.voyage_id as "voyageId", pol.code as "polCode", pod.code as "podCode", b.id as "billId"`;

/**
 * Per container number, its current shipment (SQL over `containers`, `bl_containers`, `bills_of_lading`,
 * `bookings`): the most recent CONFIRMED booking holding it. Numbers on no such booking are absent from the map.
 */
export async function findContainerShipments(
  conn: Conn,
  numbers: string[],
): Promise<Map<string, ContainerShipment>> {
  if (numbers.length === 0) return new Map();
  const rows = await queryRows<ContainerShipment>(
    conn,
    sql`select distinct on (c.number) ${SHIPMENT_COLUMNS}
      from containers c
      join bl_containers bc on bc.container_id = c.id
      join bills_of_lading b on b.id = bc.bl_id
      join bookings bk on bk.id = b.booking_id
      left join ports pol on pol.id = bk.pol_id
      left join ports pod on pod.id = bk.pod_id
      where c.number in (${sql.join(
        numbers.map((n) => sql`${n}`),
        sql`, `,
      )}) and bk.status = 'CONFIRMED'
      order by c.number, bk.created_at desc, bk.id desc`,
  );
  return new Map(rows.map((row) => [row.containerNumber, row]));
}

/** The booking's containers (its bills' containers), in the bills' order. */
export function findBookingContainers(conn: Conn, bookingId: number): Promise<ContainerShipment[]> {
  return queryRows<ContainerShipment>(
    conn,
    sql`select ${SHIPMENT_COLUMNS}
      from bookings bk
      join bills_of_lading b on b.booking_id = bk.id
      join bl_containers bc on bc.bl_id = b.id
      join containers c on c.id = bc.container_id
      left join ports pol on pol.id = bk.pol_id
      left join ports pod on pod.id = bk.pod_id
      where bk.id = ${bookingId}
      order by b.id, bc.position`,
  );
}

/** Whether one of these offices serves the port (a branch records the moves at its own port). */
export async function officesServePort(conn: Conn, officeIds: number[], portId: number): Promise<boolean> {
  if (officeIds.length === 0) return false;
  const [row] = await queryRows<{ ok: boolean }>(
    conn,
    sql`select exists (select 1 from offices o where o.port_id = ${portId} and o.id in (${sql.join(
      officeIds.map((id) => sql`${id}`),
      sql`, `,
    )})) as ok`,
  );
  return row?.ok ?? false;
}

export type CallRow = { id: number; voyageId: number; sequence: number; eta: string; etd: string };

/**
 * The call of a vessel move: a voyage numbered `voyageNumber` (or the voyage `voyageId`) calling at the port, not
 * omitted; of several, the booking's own voyage (`bookedVoyageId`: a voyage number is unique per service only, and two
 * services may sail under the same number), then the one whose stay is nearest the event's time. Null when there is
 * none.
 */
export async function findCall(
  conn: Conn,
  where: {
    portId: number;
    at: Date;
    voyageNumber?: string;
    voyageId?: number | null;
    bookedVoyageId?: number | null;
  },
): Promise<CallRow | null> {
  const voyage =
    where.voyageNumber !== undefined
      ? sql`v.carrier_voyage_number = ${where.voyageNumber}`
      : where.voyageId
        ? sql`v.id = ${where.voyageId}`
        : null;
  if (!voyage) return null;
  const at = where.at.toISOString();
  const [row] = await queryRows<CallRow>(
    conn,
    sql`select tc.id, tc.voyage_id as "voyageId", tc.sequence, ${iso(sql`tc.eta`)} as eta, ${iso(sql`tc.etd`)} as etd
      from transport_calls tc join voyages v on v.id = tc.voyage_id
      where ${voyage} and tc.port_id = ${where.portId} and tc.status <> 'OMITTED'
      order by (v.id = ${where.bookedVoyageId ?? null}::integer) is true desc, least(abs(extract(epoch from tc.eta - ${at}::timestamptz)),
        abs(extract(epoch from tc.etd - ${at}::timestamptz)))
      limit 1`,
  );
  return row ?? null;
}

/** A recorded event by its public id, with the container it is about (for a retraction). */
export async function findEventByPublicId(
  conn: Conn,
  eventId: string,
): Promise<{ id: number; eventType: string; equipmentReference: string | null; retracted: boolean } | null> {
  const [row] = await queryRows<{
    id: number;
    eventType: string;
    equipmentReference: string | null;
    retracted: boolean;
  }>(
    conn,
    sql`select e.id, e.event_type as "eventType", e.equipment_reference as "equipmentReference",
        exists (select 1 from tracking_events r where r.retracts_id = e.id) as retracted
      from tracking_events e where e.event_id = ${eventId}`,
  );
  return row ?? null;
}

export type NewEvent = typeof trackingEvents.$inferInsert;

/** Appends events (the table refuses any change afterwards); their ids and public ids, in order. */
export async function insertEvents(tx: Tx, rows: NewEvent[]): Promise<{ id: number; eventId: string }[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(trackingEvents)
    .values(rows)
    .returning({ id: trackingEvents.id, eventId: trackingEvents.eventId });
}

/** Whether an actual event of this kind at this place is already on record for the booking (besides `exceptId`). */
export async function hasActualEvent(
  conn: Conn,
  where: { bookingId: number; eventType: string; code: string; portId: number | null; exceptIds: number[] },
): Promise<boolean> {
  const except = where.exceptIds.length
    ? sql`and e.id not in (${sql.join(
        where.exceptIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await queryRows<{ ok: boolean }>(
    conn,
    sql`select exists (select 1 from tracking_events e
      where e.booking_id = ${where.bookingId} and e.event_type = ${where.eventType} and e.code = ${where.code}
        and e.classifier = 'ACT' and e.port_id is not distinct from ${where.portId} and e.retracts_id is null ${except}
        and not exists (select 1 from tracking_events r where r.retracts_id = e.id)) as ok`,
  );
  return row?.ok ?? false;
}

/** An event as read: its place, vessel and document, and whether a later one retracted it. */
export type EventRow = {
  id: number;
  eventId: string;
  eventType: 'EQUIPMENT' | 'TRANSPORT' | 'SHIPMENT';
  code: string;
  classifier: 'ACT' | 'EST' | 'PLN';
  at: string;
  createdAt: string;
  retractsId: number | null;
  retractsEventId: string | null;
  equipmentReference: string | null;
  isoEquipmentCode: string | null;
  emptyIndicator: 'EMPTY' | 'LADEN' | null;
  transshipment: boolean;
  placeCode: string | null;
  placeName: string | null;
  placeTimeZone: string | null;
  facilityCode: string | null;
  facilityTypeCode: string | null;
  voyageId: number | null;
  carrierVoyageNumber: string | null;
  vesselName: string | null;
  transportCallId: number | null;
  bookingId: number | null;
  billId: number | null;
  documentTypeCode: 'BKG' | 'SHI' | 'TRD' | null;
  documentReference: string | null;
  reason: string | null;
  retracted: boolean;
};

const EVENT_SELECT = sql`select e.id, e.event_id as "eventId", e.event_type as "eventType", e.code, e.classifier,
    ${iso(sql`e.event_at`)} as at, ${iso(sql`e.created_at`)} as "createdAt", e.retracts_id as "retractsId",
    (select r.event_id from tracking_events r where r.id = e.retracts_id) as "retractsEventId",
    e.equipment_reference as "equipmentReference", e.iso_equipment_code as "isoEquipmentCode",
    e.empty_indicator as "emptyIndicator", e.transshipment, p.code as "placeCode", p.name as "placeName",
    p.time_zone as "placeTimeZone", e.facility_code as "facilityCode", e.facility_type_code as "facilityTypeCode",
    e.voyage_id as "voyageId", v.carrier_voyage_number as "carrierVoyageNumber", vs.name as "vesselName",
    e.transport_call_id as "transportCallId", e.booking_id as "bookingId", e.bill_id as "billId",
    e.document_type_code as "documentTypeCode", e.document_reference as "documentReference", e.reason,
    exists (select 1 from tracking_events r where r.retracts_id = e.id) as retracted
  from tracking_events e
  left join ports p on p.id = e.port_id
  left join voyages v on v.id = e.voyage_id
  left join vessels vs on vs.id = v.vessel_id`;

/**
 * A booking's events: its containers' equipment events, the shipment events of the booking and its bills, and the
 * transport events of the calls given (the route's calls), oldest first (by event time, then as recorded).
 */
export function findShipmentEvents(conn: Conn, bookingId: number, callIds: number[]): Promise<EventRow[]> {
  const calls = callIds.length
    ? sql`or (e.event_type = 'TRANSPORT' and e.transport_call_id in (${sql.join(
        callIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`
    : sql``;
  return queryRows<EventRow>(
    conn,
    sql`${EVENT_SELECT}
      where (e.booking_id = ${bookingId} ${calls}) and e.retracts_id is null
      order by e.event_at, e.id`,
  );
}

/** The calls where a booking's containers were loaded or discharged (transhipment legs included). */
export async function findMoveCalls(conn: Conn, bookingId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    conn,
    sql`select distinct e.transport_call_id as id from tracking_events e
      where e.booking_id = ${bookingId} and e.transport_call_id is not null and e.event_type = 'EQUIPMENT'`,
  );
  return rows.map((row) => row.id);
}

/** The booking a caller names by number, within their scope (SQL over `bookings bk`), or null. */
export async function findBookingByNumber(
  conn: Conn,
  scope: Scope,
  number: string,
): Promise<{ id: number; number: string } | null> {
  const [row] = await queryRows<{ id: number; number: string }>(
    conn,
    sql`select bk.id, bk.number from bookings bk where bk.number = ${number} and ${scoped('booking', scope)}`,
  );
  return row ?? null;
}

/** The bill a caller names by number, within their scope (SQL over `bills_of_lading b`), with its booking. */
export async function findBillByNumber(
  conn: Conn,
  scope: Scope,
  number: string,
): Promise<{ id: number; number: string; bookingId: number | null } | null> {
  const [row] = await queryRows<{ id: number; number: string; bookingId: number | null }>(
    conn,
    sql`select b.id, b.number, b.booking_id as "bookingId" from bills_of_lading b
      where b.number = ${number} and ${scoped('bill', scope)}`,
  );
  return row ?? null;
}

/**
 * The booking a container is on now, within the caller's scope: the latest booking (confirmed, or later done)
 * whose bill carries it and that the caller reaches; null otherwise.
 */
export async function findContainerBooking(
  conn: Conn,
  scope: Scope,
  containerNumber: string,
): Promise<{ id: number; number: string } | null> {
  const [row] = await queryRows<{ id: number; number: string }>(
    conn,
    sql`select bk.id, bk.number from containers c
      join bl_containers bc on bc.container_id = c.id
      join bills_of_lading b on b.id = bc.bl_id
      join bookings bk on bk.id = b.booking_id
      where c.number = ${containerNumber} and bk.status = 'CONFIRMED' and ${scoped('booking', scope)}
      order by bk.created_at desc, bk.id desc limit 1`,
  );
  return row ?? null;
}

/** Public tracking: the booking behind a container or bill-of-lading number (no scope: only milestones are shown). */
export async function findPublicBooking(
  conn: Conn,
  kind: 'container' | 'bill-of-lading',
  reference: string,
): Promise<{ bookingId: number; containerNumber: string | null } | null> {
  if (kind === 'container') {
    const map = await findContainerShipments(conn, [reference]);
    const hit = map.get(reference);
    return hit ? { bookingId: hit.bookingId, containerNumber: reference } : null;
  }
  const [row] = await queryRows<{ bookingId: number | null }>(
    conn,
    sql`select b.booking_id as "bookingId" from bills_of_lading b where b.number = ${reference}`,
  );
  return row?.bookingId ? { bookingId: row.bookingId, containerNumber: null } : null;
}

/** Actual equipment events of a booking (optionally one container), not retracted: the public page's source. */
export function findActualEquipmentEvents(
  conn: Conn,
  bookingId: number,
  containerNumber: string | null,
): Promise<EventRow[]> {
  const container = containerNumber ? sql`and e.equipment_reference = ${containerNumber}` : sql``;
  return queryRows<EventRow>(
    conn,
    sql`${EVENT_SELECT}
      where e.booking_id = ${bookingId} and e.classifier = 'ACT' and e.event_type in ('EQUIPMENT', 'TRANSPORT')
        ${container}
        and not exists (select 1 from tracking_events r where r.retracts_id = e.id) and e.retracts_id is null
      order by e.event_at, e.id`,
  );
}

/** Bookings a call's actual arrival or departure concerns: loading there on that voyage, or discharging there after
 * being loaded on it (the booking's own voyage, or a transhipment leg its containers were loaded on). */
export function findCallBookings(
  conn: Conn,
  call: { voyageId: number; portId: number },
  code: 'ARRI' | 'DEPA',
): Promise<
  { id: number; number: string; ownerId: number; polCode: string | null; podCode: string | null }[]
> {
  const at = code === 'DEPA' ? sql`bk.pol_id` : sql`bk.pod_id`;
  return queryRows(
    conn,
    sql`select bk.id, bk.number, bk.created_by_id as "ownerId", pol.code as "polCode", pod.code as "podCode"
      from bookings bk
      left join ports pol on pol.id = bk.pol_id
      left join ports pod on pod.id = bk.pod_id
      where bk.status = 'CONFIRMED' and ${at} = ${call.portId}
        and (bk.voyage_id = ${call.voyageId} or exists (select 1 from tracking_events e
          where e.booking_id = bk.id and e.event_type = 'EQUIPMENT' and e.code = 'LOAD'
            and e.voyage_id = ${call.voyageId}))`,
  );
}

/** The booking of a bill (null for a bill made before bookings existed). */
export async function bookingOfBill(conn: Conn, billId: number): Promise<number | null> {
  const [row] = await queryRows<{ bookingId: number | null }>(
    conn,
    sql`select booking_id as "bookingId" from bills_of_lading where id = ${billId}`,
  );
  return row?.bookingId ?? null;
}

/** A port's code and name. */
export async function placeOf(conn: Conn, portId: number): Promise<{ code: string; name: string } | null> {
  const [row] = await queryRows<{ code: string; name: string }>(
    conn,
    sql`select code, name from ports where id = ${portId}`,
  );
  return row ?? null;
}

/** The call's latest event of this kind and classifier that nothing retracted (its id and time). */
export async function findCallActuals(
  conn: Conn,
  callId: number,
  code: string,
  classifier: string,
): Promise<{ id: number; at: Date }[]> {
  const rows = await queryRows<{ id: number; at: string }>(
    conn,
    sql`select e.id, ${iso(sql`e.event_at`)} as at from tracking_events e
      where e.transport_call_id = ${callId} and e.event_type = 'TRANSPORT' and e.code = ${code}
        and e.classifier = ${classifier} and e.retracts_id is null
        and not exists (select 1 from tracking_events r where r.retracts_id = e.id)
      order by e.id desc limit 1`,
  );
  return rows.map((row) => ({ id: row.id, at: new Date(row.at) }));
}

/** A booking's number. */
export async function bookingNumberOf(conn: Conn, bookingId: number): Promise<string> {
  const [row] = await queryRows<{ number: string }>(
    conn,
    sql`select number from bookings where id = ${bookingId}`,
  );
  return row?.number ?? '';
}

/** A booking's (first) bill of lading within the caller's scope (SQL over `bills_of_lading b`), or null. */
export async function findBillOfBooking(
  conn: Conn,
  scope: Scope,
  bookingId: number,
): Promise<{ id: number; number: string } | null> {
  const [row] = await queryRows<{ id: number; number: string }>(
    conn,
    sql`select b.id, b.number from bills_of_lading b
      where b.booking_id = ${bookingId} and ${scoped('bill', scope)} order by b.id limit 1`,
  );
  return row ?? null;
}

/** A confirmed booking on a sailing, with its containers and the calls of its voyage (the demo's timelines). */
export type SailingBooking = {
  bookingId: number;
  polId: number;
  podId: number;
  voyageId: number;
  containers: { containerId: number; number: string; isoCode: string; billId: number }[];
};

/** Every confirmed booking on a voyage that has containers (for the demo's event histories). */
export function findSailingBookings(conn: Conn): Promise<SailingBooking[]> {
  return queryRows<SailingBooking>(
    conn,
    sql`select bk.id as "bookingId", bk.pol_id as "polId", bk.pod_id as "podId", bk.voyage_id as "voyageId",
        json_agg(json_build_object('containerId', c.id, 'number', c.number, 'isoCode', c.iso_code, 'billId', b.id)
          order by b.id, bc.position) as containers
      from bookings bk
      join bills_of_lading b on b.booking_id = bk.id
      join bl_containers bc on bc.bl_id = b.id
      join containers c on c.id = bc.container_id
      where bk.status = 'CONFIRMED' and bk.voyage_id is not null and bk.pol_id is not null and bk.pod_id is not null
      group by bk.id
      order by bk.id`,
  ).then((rows) =>
    rows.map((row) => ({
      ...row,
      containers: typeof row.containers === 'string' ? JSON.parse(row.containers) : row.containers,
    })),
  );
}

export type VoyageCall = {
  id: number;
  voyageId: number;
  sequence: number;
  portId: number;
  portCode: string;
  eta: string;
  etd: string;
  ata: string | null;
  atd: string | null;
  status: string;
};

/** A voyage's calls in order. */
export function findVoyageCalls(conn: Conn, voyageId: number): Promise<VoyageCall[]> {
  return queryRows<VoyageCall>(
    conn,
    sql`select tc.id, tc.voyage_id as "voyageId", tc.sequence, tc.port_id as "portId", p.code as "portCode",
        ${iso(sql`tc.eta`)} as eta, ${iso(sql`tc.etd`)} as etd, ${iso(sql`tc.ata`)} as ata, ${iso(sql`tc.atd`)} as atd,
        tc.status
      from transport_calls tc join ports p on p.id = tc.port_id
      where tc.voyage_id = ${voyageId} order by tc.sequence`,
  );
}

/**
 * The onward sailing from a transhipment call: a call at the same port leaving 24 hours to 14 days after `arrival`,
 * on a voyage that later calls at `podId`; the one arriving first. Its departure call and its arrival call.
 */
export async function findOnwardCalls(
  conn: Conn,
  where: { portId: number; arrival: string; podId: number },
): Promise<{ departure: VoyageCall; arrival: VoyageCall } | null> {
  const [row] = await queryRows<{ departureId: number; arrivalId: number; voyageId: number }>(
    conn,
    sql`select d.id as "departureId", a.id as "arrivalId", d.voyage_id as "voyageId"
      from transport_calls d
      join transport_calls a on a.voyage_id = d.voyage_id and a.sequence > d.sequence and a.port_id = ${where.podId}
        and a.status <> 'OMITTED'
      where d.port_id = ${where.portId} and d.status <> 'OMITTED'
        and d.etd between ${where.arrival}::timestamptz + interval '24 hours' and ${where.arrival}::timestamptz + interval '14 days'
      order by a.eta, d.id limit 1`,
  );
  if (!row) return null;
  const calls = await findVoyageCalls(conn, row.voyageId);
  return {
    departure: calls.find((c) => c.id === row.departureId)!,
    arrival: calls.find((c) => c.id === row.arrivalId)!,
  };
}

/** Which of these bookings already have events (the demo seeds each booking's history once). */
export async function bookingsWithEvents(conn: Conn, bookingIds: number[]): Promise<Set<number>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    conn,
    sql`select distinct booking_id as id from tracking_events where booking_id in (${sql.join(
      bookingIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((row) => row.id));
}

/** The demo's planned steps not yet done: estimated equipment events (source DEMO) with no later actual twin. */
export function findPendingDemoSteps(conn: Conn): Promise<EventRow[]> {
  return queryRows<EventRow>(
    conn,
    sql`${EVENT_SELECT}
      where e.source = 'DEMO' and e.classifier = 'EST' and e.event_type = 'EQUIPMENT' and e.retracts_id is null
        and not exists (select 1 from tracking_events a where a.booking_id = e.booking_id
          and a.equipment_reference = e.equipment_reference and a.code = e.code and a.classifier = 'ACT'
          and a.port_id is not distinct from e.port_id and a.retracts_id is null)
      order by e.event_at, e.id`,
  );
}

/** A confirmed booking in the caller's scope with its equipment events, for the dashboard's shipment summary. */
export type ActiveBookingRow = {
  bookingId: number;
  bookingNumber: string;
  containers: number;
  polCode: string | null;
  podCode: string | null;
  podName: string | null;
  podTimeZone: string | null;
  /** The ETA at the port of discharge on the booking's sailing, and how far it moved from the plan (hours). */
  eta: string | null;
  etaMovedHours: number | null;
};

/**
 * The caller's confirmed bookings that have tracking events (SQL over `bookings bk`, scope kind `booking`), newest
 * first (at most 200): the dashboard's active shipments are among them.
 */
export function findTrackedBookings(conn: Conn, scope: Scope): Promise<ActiveBookingRow[]> {
  return queryRows<ActiveBookingRow>(
    conn,
    sql`select bk.id as "bookingId", bk.number as "bookingNumber",
        (select count(*)::int from bills_of_lading b join bl_containers bc on bc.bl_id = b.id
          where b.booking_id = bk.id) as containers,
        pol.code as "polCode", pod.code as "podCode", pod.name as "podName", pod.time_zone as "podTimeZone",
        ${iso(sql`arrival.eta`)} as eta,
        extract(epoch from (arrival.eta - arrival.planned_arrival)) / 3600 as "etaMovedHours"
      from bookings bk
      left join ports pol on pol.id = bk.pol_id
      left join ports pod on pod.id = bk.pod_id
      left join lateral (select tc.eta, tc.planned_arrival from transport_calls tc
          where tc.voyage_id = bk.voyage_id and tc.port_id = bk.pod_id and tc.status <> 'OMITTED'
          order by tc.sequence limit 1) arrival on true
      where bk.status = 'CONFIRMED' and ${scoped('booking', scope)}
        and exists (select 1 from tracking_events e where e.booking_id = bk.id and e.event_type = 'EQUIPMENT')
      order by bk.created_at desc, bk.id desc
      limit 200`,
  );
}

/** The equipment events (retractions and retracted ones aside) of some bookings, oldest first. */
export function findEquipmentEventsOf(conn: Conn, bookingIds: number[]): Promise<EventRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return queryRows<EventRow>(
    conn,
    sql`${EVENT_SELECT}
      where e.booking_id in (${sql.join(
        bookingIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and e.event_type = 'EQUIPMENT' and e.retracts_id is null
        and not exists (select 1 from tracking_events r where r.retracts_id = e.id)
      order by e.event_at, e.id`,
  );
}
