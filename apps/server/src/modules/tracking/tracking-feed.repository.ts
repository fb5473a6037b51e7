import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { trackingDeliveries, trackingSubscriptions } from '../../db/schema/tracking';
import { type Scope, scoped } from '../../lib/scopes';

type Conn = Db | Tx;

/**
 * The DCSA feed's reads and the push outbox (decision 029): events by the standard's filters within the caller's
 * scope, in the feed's order (`created_at`, `id`); subscriptions kept per scope; the deliveries of each appended
 * event to the subscriptions it matches, and their claim by the webhook worker.
 */

/** A transport call by the parts of its `transportCallReference` (service, vessel IMO, voyage, port, sequence). */
export type CallKey = {
  serviceCode: string;
  imoNumber: string;
  voyageNumber: string;
  portCode: string;
  sequence: number;
};

/**
 * The standard's filters (EVENT_DOMAIN 3.1.0), as the feed and the subscriptions apply them: AND between filters, a
 * list matches any of its codes. A code filter or a reference of one event type keeps to that type
 * (`equipmentReference` reads equipment events, `documentReference` shipment events); the call, voyage, service
 * and place filters read the equipment and transport events that carry them.
 */
export type FeedFilter = {
  eventTypes?: string[];
  shipmentEventTypeCodes?: string[];
  documentTypeCodes?: string[];
  documentReference?: string;
  transportEventTypeCodes?: string[];
  equipmentEventTypeCodes?: string[];
  equipmentReference?: string;
  /** A `transportCallReference`, taken apart; null: a reference that names no call of ours (matches nothing). */
  transportCall?: CallKey | null;
  vesselIMONumber?: string;
  carrierExportVoyageNumber?: string;
  carrierImportVoyageNumber?: string;
  carrierServiceCode?: string;
  UNLocationCode?: string;
  /** A filter on something we never publish (a universal reference): nothing matches. */
  nothing?: boolean;
  createdAt?: { op: DateOperator; at: string }[];
  eventAt?: { op: DateOperator; at: string }[];
};
export type DateOperator = 'gte' | 'gt' | 'lte' | 'lt' | 'eq';

type FilterKey =
  | 'eventTypes'
  | 'shipmentEventTypeCodes'
  | 'documentTypeCodes'
  | 'documentReference'
  | 'transportEventTypeCodes'
  | 'equipmentEventTypeCodes'
  | 'equipmentReference'
  | 'transportCall'
  | 'vesselIMONumber'
  | 'carrierExportVoyageNumber'
  | 'carrierImportVoyageNumber'
  | 'carrierServiceCode'
  | 'UNLocationCode';

/**
 * Each filter's condition over `tracking_events e`, given its value as SQL: a parameter for the feed, a column of
 * `tracking_subscriptions sub` for the push. Written once, so a subscription matches exactly what the same filters
 * read from the feed.
 */
const CONDITIONS: Record<FilterKey, (value: SQL) => SQL> = {
  eventTypes: (v) => sql`e.event_type = any(${v})`,
  shipmentEventTypeCodes: (v) => sql`(e.event_type = 'SHIPMENT' and e.code = any(${v}))`,
  documentTypeCodes: (v) => sql`(e.event_type = 'SHIPMENT' and e.document_type_code = any(${v}))`,
  documentReference: (v) => sql`(e.event_type = 'SHIPMENT' and e.document_reference = ${v})`,
  transportEventTypeCodes: (v) => sql`(e.event_type = 'TRANSPORT' and e.code = any(${v}))`,
  equipmentEventTypeCodes: (v) => sql`(e.event_type = 'EQUIPMENT' and e.code = any(${v}))`,
  equipmentReference: (v) => sql`(e.event_type = 'EQUIPMENT' and e.equipment_reference = ${v})`,
  transportCall: (v) => sql`e.transport_call_id = ${v}`,
  vesselIMONumber: (v) =>
    sql`e.voyage_id in (select fv.id from voyages fv join vessels fvs on fvs.id = fv.vessel_id
      where fvs.imo_number = ${v})`,
  // Our voyages have one number, import and export alike (docs/dcsa-mapping.md).
  carrierExportVoyageNumber: (v) =>
    sql`e.voyage_id in (select fv.id from voyages fv where fv.carrier_voyage_number = ${v})`,
  carrierImportVoyageNumber: (v) =>
    sql`e.voyage_id in (select fv.id from voyages fv where fv.carrier_voyage_number = ${v})`,
  carrierServiceCode: (v) =>
    sql`e.voyage_id in (select fv.id from voyages fv join carrier_services fs on fs.id = fv.service_id
      where fs.code = ${v})`,
  UNLocationCode: (v) => sql`e.port_id = (select fp.id from ports fp where fp.code = ${v})`,
};

const textArray = (items: string[]) =>
  sql`array[${sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  )}]::text[]`;

/** The call a reference names, as SQL (null when none). */
const callOf = (key: CallKey) =>
  sql`(select tc.id from transport_calls tc join voyages cv on cv.id = tc.voyage_id
    join carrier_services cs on cs.id = cv.service_id join vessels cvs on cvs.id = cv.vessel_id
    join ports cp on cp.id = tc.port_id
    where cs.code = ${key.serviceCode} and cvs.imo_number = ${key.imoNumber}
      and cv.carrier_voyage_number = ${key.voyageNumber} and cp.code = ${key.portCode}
      and tc.sequence = ${key.sequence} limit 1)`;

const COMPARE: Record<DateOperator, SQL> = {
  gte: sql`>=`,
  gt: sql`>`,
  lte: sql`<=`,
  lt: sql`<`,
  eq: sql`=`,
};

/** The feed's filters as conditions over `tracking_events e`. */
function feedConditions(filter: FeedFilter): SQL[] {
  if (filter.nothing || filter.transportCall === null) return [sql`false`];
  const out: SQL[] = [];
  const lists = [
    'eventTypes',
    'shipmentEventTypeCodes',
    'documentTypeCodes',
    'transportEventTypeCodes',
    'equipmentEventTypeCodes',
  ] as const;
  for (const key of lists) {
    const items = filter[key];
    if (items) out.push(CONDITIONS[key](textArray(items)));
  }
  const texts = [
    'documentReference',
    'equipmentReference',
    'vesselIMONumber',
    'carrierExportVoyageNumber',
    'carrierImportVoyageNumber',
    'carrierServiceCode',
    'UNLocationCode',
  ] as const;
  for (const key of texts) {
    const value = filter[key];
    if (value !== undefined) out.push(CONDITIONS[key](sql`${value}`));
  }
  if (filter.transportCall) out.push(CONDITIONS.transportCall(callOf(filter.transportCall)));
  for (const { op, at } of filter.createdAt ?? [])
    out.push(sql`e.created_at ${COMPARE[op]} ${at}::timestamptz`);
  for (const { op, at } of filter.eventAt ?? []) out.push(sql`e.event_at ${COMPARE[op]} ${at}::timestamptz`);
  return out;
}

/**
 * A subscription's filters as one condition over `tracking_events e` and `tracking_subscriptions sub`: each filter
 * the subscription leaves empty (null) matches every event.
 */
const SUBSCRIPTION_MATCH = sql.join(
  (
    [
      ['eventTypes', sql`sub.event_types`, sql`sub.event_types`],
      ['shipmentEventTypeCodes', sql`sub.shipment_event_type_codes`, sql`sub.shipment_event_type_codes`],
      ['documentTypeCodes', sql`sub.document_type_codes`, sql`sub.document_type_codes`],
      ['documentReference', sql`sub.document_reference`, sql`sub.document_reference`],
      ['transportEventTypeCodes', sql`sub.transport_event_type_codes`, sql`sub.transport_event_type_codes`],
      ['equipmentEventTypeCodes', sql`sub.equipment_event_type_codes`, sql`sub.equipment_event_type_codes`],
      ['equipmentReference', sql`sub.equipment_reference`, sql`sub.equipment_reference`],
      // A reference whose call was since removed (transport_call_id null) matches nothing.
      ['transportCall', sql`sub.transport_call_reference`, sql`sub.transport_call_id`],
      ['vesselIMONumber', sql`sub.vessel_imo_number`, sql`sub.vessel_imo_number`],
      [
        'carrierExportVoyageNumber',
        sql`sub.carrier_export_voyage_number`,
        sql`sub.carrier_export_voyage_number`,
      ],
      ['carrierServiceCode', sql`sub.carrier_service_code`, sql`sub.carrier_service_code`],
      ['UNLocationCode', sql`sub.un_location_code`, sql`sub.un_location_code`],
    ] as [FilterKey, SQL, SQL][]
  ).map(([key, given, value]) => sql`(${given} is null or coalesce(${CONDITIONS[key](value)}, false))`),
  sql` and `,
);

/**
 * Who may read an event: transport events (a vessel's arrivals and departures) are schedule facts, read by every
 * caller; equipment and shipment events belong to their booking (or, for a bill without one, to the bill), within
 * the scope (`lib/scopes.ts`), so a new kind of scope applies here as it does everywhere.
 */
function visible(scope: Scope): SQL {
  if (scope.kind === 'all') return sql`true`;
  return sql`(e.event_type = 'TRANSPORT'
    or e.booking_id in (select bk.id from bookings bk where ${scoped('booking', scope)})
    or (e.booking_id is null and e.bill_id in (select b.id from bills_of_lading b where ${scoped('bill', scope)})))`;
}

/** An event as the DCSA feed maps it: what it is, where, on which vessel and call, for which booking and bill. */
export type FeedEventRow = {
  id: number;
  eventId: string;
  eventType: 'EQUIPMENT' | 'TRANSPORT' | 'SHIPMENT';
  code: string;
  classifier: 'ACT' | 'EST' | 'PLN';
  /** When it happened (ISO, UTC, seconds). */
  at: string;
  /** `eventCreatedDateTime` to the microsecond (ISO, UTC): the feed's order and its cursor. */
  createdAt: string;
  /** A retraction: the event it retracts (then the rest describes the event it was recorded with). */
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
  /** The transport call of a vessel move or a transport event. */
  call: {
    sequence: number;
    portCode: string;
    portName: string;
    serviceCode: string;
    voyageNumber: string;
    vessel: { imoNumber: string; name: string; flag: string; callSign: string | null; operator: string };
  } | null;
  bookingNumber: string | null;
  billNumber: string | null;
  documentTypeCode: string | null;
  documentReference: string | null;
  reason: string | null;
};

type RawFeedRow = Omit<FeedEventRow, 'call'> & {
  callSequence: number | null;
  callPortCode: string | null;
  callPortName: string | null;
  serviceCode: string | null;
  voyageNumber: string | null;
  imoNumber: string | null;
  vesselName: string | null;
  vesselFlag: string | null;
  vesselCallSign: string | null;
  vesselOperator: string | null;
};

const FEED_SELECT = sql`select e.id, e.event_id as "eventId", e.event_type as "eventType", e.code, e.classifier,
    to_char(e.event_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
    to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt",
    r.event_id as "retractsEventId",
    e.equipment_reference as "equipmentReference", e.iso_equipment_code as "isoEquipmentCode",
    e.empty_indicator as "emptyIndicator", e.transshipment,
    p.code as "placeCode", p.name as "placeName", p.time_zone as "placeTimeZone",
    e.facility_code as "facilityCode", e.facility_type_code as "facilityTypeCode",
    tc.sequence as "callSequence", tp.code as "callPortCode", tp.name as "callPortName",
    svc.code as "serviceCode", v.carrier_voyage_number as "voyageNumber", vs.imo_number as "imoNumber",
    vs.name as "vesselName", vs.flag as "vesselFlag", vs.call_sign as "vesselCallSign",
    vs.operator_carrier_code as "vesselOperator",
    ebk.number as "bookingNumber", eb.number as "billNumber",
    e.document_type_code as "documentTypeCode", e.document_reference as "documentReference", e.reason
  from tracking_events e
  left join tracking_events r on r.id = e.retracts_id
  left join ports p on p.id = e.port_id
  left join transport_calls tc on tc.id = e.transport_call_id
  left join ports tp on tp.id = tc.port_id
  left join voyages v on v.id = tc.voyage_id
  left join carrier_services svc on svc.id = v.service_id
  left join vessels vs on vs.id = v.vessel_id
  left join bookings ebk on ebk.id = e.booking_id
  left join bills_of_lading eb on eb.id = e.bill_id`;

function toFeedRow(raw: RawFeedRow): FeedEventRow {
  const {
    callSequence,
    callPortCode,
    callPortName,
    serviceCode,
    voyageNumber,
    imoNumber,
    vesselName,
    vesselFlag,
    vesselCallSign,
    vesselOperator,
    ...row
  } = raw;
  return {
    ...row,
    call:
      callSequence !== null && callPortCode && serviceCode && voyageNumber && imoNumber
        ? {
            sequence: callSequence,
            portCode: callPortCode,
            portName: callPortName ?? callPortCode,
            serviceCode,
            voyageNumber,
            vessel: {
              imoNumber,
              name: vesselName ?? imoNumber,
              flag: vesselFlag ?? '',
              callSign: vesselCallSign,
              operator: vesselOperator ?? '',
            },
          }
        : null,
  };
}

/**
 * A page of the feed: the events matching the filters that the scope may read, after the cursor (`createdAt` to the
 * microsecond, then `id`), oldest first, at most `limit`.
 */
export async function findFeedEvents(
  conn: Conn,
  scope: Scope,
  filter: FeedFilter,
  after: { createdAt: string; id: number } | null,
  limit: number,
): Promise<FeedEventRow[]> {
  const conditions = [...feedConditions(filter), visible(scope)];
  if (after) conditions.push(sql`(e.created_at, e.id) > (${after.createdAt}::timestamptz, ${after.id})`);
  const rows = await queryRows<RawFeedRow>(
    conn,
    sql`${FEED_SELECT} where ${sql.join(conditions, sql` and `)} order by e.created_at, e.id limit ${limit}`,
  );
  return rows.map(toFeedRow);
}

/** One event by its public id, when the scope may read it. */
export async function findFeedEvent(conn: Conn, scope: Scope, eventId: string): Promise<FeedEventRow | null> {
  const [row] = await queryRows<RawFeedRow>(
    conn,
    sql`${FEED_SELECT} where e.event_id = ${eventId}::uuid and ${visible(scope)}`,
  );
  return row ? toFeedRow(row) : null;
}

/** Events by id, unscoped: for a delivery claimed by the worker (its subscription's scope was checked when queued). */
export async function findFeedEventsById(conn: Conn, ids: number[]): Promise<FeedEventRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<RawFeedRow>(
    conn,
    sql`${FEED_SELECT} where e.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by e.id`,
  );
  return rows.map(toFeedRow);
}

/** The transport call a reference names, or null. */
export async function findCallId(conn: Conn, key: CallKey): Promise<number | null> {
  const [row] = await queryRows<{ id: number | null }>(conn, sql`select ${callOf(key)} as id`);
  return row?.id ?? null;
}

/* ---------------------------------------------------------------- subscriptions */

export type SubscriptionRow = typeof trackingSubscriptions.$inferSelect;
export type NewSubscription = typeof trackingSubscriptions.$inferInsert;
export type SubscriptionValues = Omit<
  NewSubscription,
  'id' | 'subscriptionId' | 'scope' | 'createdById' | 'secretSealed' | 'createdAt' | 'updatedAt'
>;

/** A subscription belongs to the scope it was created in: the same scope reaches it (`scope` as JSON). */
const inScope = (scope: Scope) => sql`${trackingSubscriptions.scope} = ${JSON.stringify(scope)}::jsonb`;

export async function countSubscriptions(conn: Conn, scope: Scope): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    conn,
    sql`select count(*)::int as n from tracking_subscriptions where ${inScope(scope)}`,
  );
  return row?.n ?? 0;
}

export async function insertSubscription(tx: Tx, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await tx.insert(trackingSubscriptions).values(values).returning();
  return row!;
}

/** The scope's subscriptions after `afterId`, oldest first. */
export function findSubscriptions(
  conn: Conn,
  scope: Scope,
  afterId: number,
  limit: number,
): Promise<SubscriptionRow[]> {
  return conn
    .select()
    .from(trackingSubscriptions)
    .where(sql`${inScope(scope)} and ${trackingSubscriptions.id} > ${afterId}`)
    .orderBy(trackingSubscriptions.id)
    .limit(limit);
}

/** One of the scope's subscriptions by its public id (locked for a change when `forUpdate`), or null. */
export async function findSubscription(
  conn: Conn,
  scope: Scope,
  subscriptionId: string,
  forUpdate = false,
): Promise<SubscriptionRow | null> {
  const query = conn
    .select()
    .from(trackingSubscriptions)
    .where(sql`${trackingSubscriptions.subscriptionId} = ${subscriptionId}::uuid and ${inScope(scope)}`);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateSubscription(
  tx: Tx,
  id: number,
  values: Partial<NewSubscription>,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(trackingSubscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(sql`${trackingSubscriptions.id} = ${id}`)
    .returning();
  return row!;
}

/** Removes a subscription; its deliveries go with it (cascade). */
export async function deleteSubscription(tx: Tx, id: number): Promise<void> {
  await tx.delete(trackingSubscriptions).where(sql`${trackingSubscriptions.id} = ${id}`);
}

/* ---------------------------------------------------------------- the push outbox */

/** An appended event and a subscription whose filters it matches (its scope not yet checked). */
export type SubscriptionMatch = {
  subscriptionId: number;
  scope: Scope;
  eventId: number;
  eventType: 'EQUIPMENT' | 'TRANSPORT' | 'SHIPMENT';
  bookingId: number | null;
  billId: number | null;
  equipmentReference: string | null;
  transportCallId: number | null;
  documentTypeCode: string | null;
  documentReference: string | null;
};

/**
 * The subscriptions each of these events matches by their filters, skipping those whose owner's account was
 * deactivated. One statement whatever the number of subscriptions.
 */
export function matchSubscriptions(tx: Tx, eventIds: number[]): Promise<SubscriptionMatch[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return queryRows<SubscriptionMatch>(
    tx,
    sql`select sub.id as "subscriptionId", sub.scope, e.id as "eventId", e.event_type as "eventType",
        e.booking_id as "bookingId", e.bill_id as "billId", e.equipment_reference as "equipmentReference",
        e.transport_call_id as "transportCallId", e.document_type_code as "documentTypeCode",
        e.document_reference as "documentReference"
      from tracking_events e
      join tracking_subscriptions sub on ${SUBSCRIPTION_MATCH}
      where e.id in (${sql.join(
        eventIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and (sub.created_by_id is null or exists (select 1 from users su where su.id = sub.created_by_id and su.is_active))
      order by e.id, sub.id`,
  );
}

/** Which of these bookings and bills the scope reaches (`lib/scopes.ts`). */
export async function reachable(
  tx: Tx,
  scope: Scope,
  bookingIds: number[],
  billIds: number[],
): Promise<{ bookings: Set<number>; bills: Set<number> }> {
  const list = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const bookings = bookingIds.length
    ? await queryRows<{ id: number }>(
        tx,
        sql`select bk.id from bookings bk where bk.id in (${list(bookingIds)}) and ${scoped('booking', scope)}`,
      )
    : [];
  const bills = billIds.length
    ? await queryRows<{ id: number }>(
        tx,
        sql`select b.id from bills_of_lading b where b.id in (${list(billIds)}) and ${scoped('bill', scope)}`,
      )
    : [];
  return { bookings: new Set(bookings.map((r) => r.id)), bills: new Set(bills.map((r) => r.id)) };
}

export async function insertDeliveries(
  tx: Tx,
  rows: { subscriptionId: number; eventId: number; orderingKey: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(trackingDeliveries).values(rows).onConflictDoNothing();
}

/** A delivery the worker holds (its row locked until the worker's transaction ends). */
export type ClaimedDelivery = {
  id: number;
  attempts: number;
  createdAt: Date;
  eventId: number;
  subscription: {
    subscriptionId: string;
    callbackUrl: string;
    secretSealed: SubscriptionRow['secretSealed'];
  };
};

/**
 * Claims one due delivery: pending, its next attempt due, and no earlier event of the same subscription and ordering
 * key (a container, a call, a document) still pending. `FOR UPDATE SKIP LOCKED`: another instance's claimed row is
 * passed over, and the lock lasts the claiming transaction, so a row is never sent by two workers at once. `skipIds`:
 * the deliveries this pass of the worker tried already (a pass tries each at most once).
 */
export async function claimDelivery(tx: Tx, skipIds: number[] = []): Promise<ClaimedDelivery | null> {
  const skip = skipIds.length
    ? sql`and d.id not in (${sql.join(
        skipIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await queryRows<{
    id: number;
    attempts: number;
    createdAt: string;
    eventId: number;
    subscriptionId: string;
    callbackUrl: string;
    secretSealed: SubscriptionRow['secretSealed'];
  }>(
    tx,
    sql`select d.id, d.attempts, d.created_at as "createdAt", d.event_id as "eventId",
        sub.subscription_id as "subscriptionId", sub.callback_url as "callbackUrl",
        sub.secret_sealed as "secretSealed"
      from tracking_deliveries d
      join tracking_subscriptions sub on sub.id = d.subscription_id
      where d.status = 'PENDING' and d.next_attempt_at <= now() ${skip}
        and not exists (select 1 from tracking_deliveries p
          where p.subscription_id = d.subscription_id and p.ordering_key = d.ordering_key
            and p.status = 'PENDING' and p.event_id < d.event_id)
      order by d.next_attempt_at, d.id
      limit 1
      for update of d skip locked`,
  );
  if (!row) return null;
  return {
    id: row.id,
    attempts: row.attempts,
    createdAt: new Date(row.createdAt),
    eventId: row.eventId,
    subscription: {
      subscriptionId: row.subscriptionId,
      callbackUrl: row.callbackUrl,
      secretSealed: row.secretSealed,
    },
  };
}

/** What became of an attempt: delivered, or failed (and retried at `nextAttemptAt`, or given up). */
export async function recordAttempt(
  tx: Tx,
  id: number,
  outcome:
    | { delivered: true; status: number }
    | { delivered: false; status: number | null; error: string; nextAttemptAt: Date; giveUp: boolean },
): Promise<void> {
  if (outcome.delivered) {
    await tx
      .update(trackingDeliveries)
      .set({
        status: 'DELIVERED',
        attempts: sql`${trackingDeliveries.attempts} + 1`,
        lastStatus: outcome.status,
        lastError: null,
        deliveredAt: sql`now()`,
      })
      .where(sql`${trackingDeliveries.id} = ${id}`);
    return;
  }
  await tx
    .update(trackingDeliveries)
    .set({
      status: outcome.giveUp ? 'FAILED' : 'PENDING',
      attempts: sql`${trackingDeliveries.attempts} + 1`,
      lastStatus: outcome.status,
      lastError: outcome.error.slice(0, 500),
      nextAttemptAt: outcome.nextAttemptAt,
    })
    .where(sql`${trackingDeliveries.id} = ${id}`);
}
