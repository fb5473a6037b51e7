import type { BlHistoryEntry } from '@lading/contract/bill-of-lading-review';
import type { Booking, BookingListQuery } from '@lading/contract/bookings';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { escapeLike } from '../../db/text-search';
import { type Scope, scoped } from '../../lib/scopes';
import { CUSTOMER_JSON } from '../users';
import { sailingJoin } from '../voyages';

type Conn = Db | Tx;

const BOOKING_SELECT = sql`
  select bk.id, bk.number, bk.status, bk.created_by_id as "createdById", bk.quotation_id as "quotationId",
    q.number as "quotationNumber", ${CUSTOMER_JSON} as customer,
    case when pl.id is null then null else json_build_object('id', pl.id, 'code', pl.code, 'name', pl.name) end as pol,
    case when pd.id is null then null else json_build_object('id', pd.id, 'code', pd.code, 'name', pd.name) end as pod,
    q.cargo_type as "cargoType",
    coalesce((select json_agg(json_build_object('isoCode', e.iso_code, 'quantity', e.quantity,
        'weightPerUnit', e.weight_per_unit::float8, 'weightUnit', e.weight_unit) order by e.position)
      from quotation_equipment e where e.quotation_id = bk.quotation_id), '[]'::json) as equipment,
    bk.voyage_id as "voyageId",
    coalesce(sl.vessel_name, bk.vessel_name) as "vesselName",
    coalesce(sl.voyage_number, bk.voyage_number) as "voyageNumber",
    coalesce(to_char(sl.etd at time zone 'UTC', 'YYYY-MM-DD'), to_char(bk.etd, 'YYYY-MM-DD')) as etd,
    coalesce(to_char(sl.eta at time zone 'UTC', 'YYYY-MM-DD'), to_char(bk.eta, 'YYYY-MM-DD')) as eta,
    coalesce(sl.cut_offs, '[]'::json) as "cutOffs",
    (select b.id from bills_of_lading b where b.booking_id = bk.id order by b.id limit 1) as "billOfLadingId",
    bk.rejection_reason as "rejectionReason", bk.version,
    to_char(bk.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
  from bookings bk
  join users u on u.id = bk.created_by_id
  left join parties cp on cp.id = u.party_id
  left join quotations q on q.id = bk.quotation_id
  left join ports pl on pl.id = bk.pol_id
  left join ports pd on pd.id = bk.pod_id
  ${sailingJoin('sl', { voyageId: sql`bk.voyage_id`, polId: sql`bk.pol_id`, podId: sql`bk.pod_id` })}`;

function toBooking(row: Record<string, unknown>): Booking {
  const out = { ...row };
  for (const field of ['pol', 'pod', 'customer', 'equipment', 'cutOffs'] as const)
    if (typeof out[field] === 'string') out[field] = JSON.parse(out[field] as string);
  return out as unknown as Booking;
}

/** One booking within the caller's `scope` (null when absent or outside it); `forUpdate` locks its row. */
export async function findBookingById(
  db: Conn,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<Booking | null> {
  const lock = forUpdate ? sql` for update of bk` : sql``;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`${BOOKING_SELECT} where bk.id = ${id} and ${scoped('booking', scope)}${lock}`,
  );
  return row ? toBooking(row) : null;
}

/**
 * The booking as it is now, without a scope: only for a booking the caller has just locked through `findBookingById`
 * (with its scope) or written in the same transaction.
 */
export async function reloadBooking(db: Conn, id: number): Promise<Booking> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${BOOKING_SELECT} where bk.id = ${id}`);
  if (!row) throw new Error(`booking ${id} vanished after its scoped read`);
  return toBooking(row);
}

const SORT_COLUMNS: Record<BookingListQuery['sort'], SQL> = {
  createdAt: sql`bk.created_at`,
  number: sql`bk.number`,
  status: sql`bk.status`,
  etd: sql`bk.etd`,
  eta: sql`bk.eta`,
};

export async function findBookings(
  db: Conn,
  query: BookingListQuery,
  scope: Scope,
): Promise<{ count: number; results: Booking[] }> {
  const conditions: SQL[] = [scoped('booking', scope)];
  if (query.booking_number) conditions.push(sql`bk.number ilike ${`%${escapeLike(query.booking_number)}%`}`);
  if (query.created_by_id !== undefined) conditions.push(sql`bk.created_by_id = ${query.created_by_id}`);
  if (query.status) conditions.push(sql`bk.status = ${query.status}`);
  const where = sql.join(conditions, sql` and `);
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const order = sql`${SORT_COLUMNS[query.sort]} ${direction} nulls last, bk.id ${direction}`;
  const [rows, counted] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`${BOOKING_SELECT} where ${where} order by ${order} limit ${query.limit} offset ${query.skip}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from bookings bk where ${where}`),
  ]);
  return { count: counted[0]?.n ?? 0, results: rows.map(toBooking) };
}

/** A new booking (REQUESTED) numbered BKGyymmNNNN from the booking_numbers sequence; answers its id and number. */
export async function insertBooking(
  tx: Tx,
  values: {
    createdById: number;
    polId: number;
    podId: number;
    quotationId: number;
    officeId: number | null;
    voyageId: number | null;
  },
): Promise<{ id: number; number: string; officeId: number | null }> {
  const [row] = await tx
    .insert(bookings)
    .values({
      number: sql`'BKG' || to_char(now(), 'YYMM') || lpad(nextval('booking_numbers')::text, 4, '0')`,
      status: 'REQUESTED',
      ...values,
    })
    .returning({ id: bookings.id, number: bookings.number, officeId: bookings.officeId });
  return row!;
}

/** The office a booking belongs to (the office of its port of loading), or null. */
export async function findBookingOffice(tx: Tx, id: number): Promise<number | null> {
  const [row] = await tx.select({ officeId: bookings.officeId }).from(bookings).where(eq(bookings.id, id));
  return row?.officeId ?? null;
}

/** The booking's sailing changed (a roll-over): the voyage, its vessel and number as of now, version + 1. */
export async function updateBookingSailing(
  tx: Tx,
  id: number,
  set: { voyageId: number; vesselName: string; voyageNumber: string },
): Promise<void> {
  await tx
    .update(bookings)
    .set({ ...set, version: sql`${bookings.version} + 1`, updatedAt: sql`now()` })
    .where(eq(bookings.id, id));
}

/** A booking's history (its rows of the audit trail, record type BOOKING), oldest first, with the actor's name. */
export async function findBookingHistory(db: Conn, bookingId: number): Promise<BlHistoryEntry[]> {
  const rows = await queryRows<BlHistoryEntry>(
    db,
    sql`
    select h.id, to_char(h.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at",
      h.actor_id as "actorId", case when u.id is null then null else u.first_name || ' ' || u.last_name end as "actorName",
      h.action, h.from_status as "fromStatus", h.to_status as "toStatus", coalesce(h.version, 0) as version, h.changes, h.comment
    from audit_events h
    left join users u on u.id = h.actor_id
    where h.record_type = 'BOOKING' and h.record_id = ${bookingId}
    order by h.at asc, h.id asc`,
  );
  return rows.map((row) => ({
    ...row,
    changes: typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes,
  }));
}
