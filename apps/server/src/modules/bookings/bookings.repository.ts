import type { Booking, BookingListQuery } from '@lading/contract/bookings';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { type Scope, scopeCondition } from '../../lib/principal';
import { CUSTOMER_JSON } from '../quotations/quotations.repository';

type Conn = Db | Tx;

/** Who reaches a booking: its owner, and the staff of the office of its port of loading. */
export const bookingScope = (scope: Scope) =>
  scopeCondition(scope, { owner: sql`bk.created_by_id`, office: sql`bk.office_id` });

const BOOKING_SELECT = sql`
  select bk.id, bk.number, bk.status, bk.created_by_id as "createdById", bk.quotation_id as "quotationId",
    q.number as "quotationNumber", ${CUSTOMER_JSON} as customer,
    case when pl.id is null then null else json_build_object('id', pl.id, 'code', pl.code, 'name', pl.name) end as pol,
    case when pd.id is null then null else json_build_object('id', pd.id, 'code', pd.code, 'name', pd.name) end as pod,
    q.cargo_type as "cargoType",
    coalesce((select json_agg(json_build_object('isoCode', e.iso_code, 'quantity', e.quantity,
        'weightPerUnit', e.weight_per_unit::float8, 'weightUnit', e.weight_unit) order by e.position)
      from quotation_equipment e where e.quotation_id = bk.quotation_id), '[]'::json) as equipment,
    bk.vessel_name as "vesselName", bk.voyage_number as "voyageNumber",
    to_char(bk.etd, 'YYYY-MM-DD') as etd, to_char(bk.eta, 'YYYY-MM-DD') as eta,
    (select b.id from bills_of_lading b where b.booking_id = bk.id order by b.id limit 1) as "billOfLadingId",
    bk.rejection_reason as "rejectionReason", bk.version,
    to_char(bk.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
  from bookings bk
  join users u on u.id = bk.created_by_id
  left join parties cp on cp.id = u.party_id
  left join quotations q on q.id = bk.quotation_id
  left join ports pl on pl.id = bk.pol_id
  left join ports pd on pd.id = bk.pod_id`;

function toBooking(row: Record<string, unknown>): Booking {
  const out = { ...row };
  for (const field of ['pol', 'pod', 'customer', 'equipment'] as const)
    if (typeof out[field] === 'string') out[field] = JSON.parse(out[field] as string);
  return out as unknown as Booking;
}

export async function findBookingById(
  db: Conn,
  id: number,
  scope?: Scope,
  forUpdate = false,
): Promise<Booking | null> {
  const visible = scope ? sql` and ${bookingScope(scope)}` : sql``;
  const lock = forUpdate ? sql` for update of bk` : sql``;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`${BOOKING_SELECT} where bk.id = ${id}${visible}${lock}`,
  );
  return row ? toBooking(row) : null;
}

const SORT_COLUMNS: Record<BookingListQuery['sort'], SQL> = {
  createdAt: sql`bk.created_at`,
  number: sql`bk.number`,
  status: sql`bk.status`,
  etd: sql`bk.etd`,
  eta: sql`bk.eta`,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findBookings(
  db: Conn,
  query: BookingListQuery,
  scope: Scope,
): Promise<{ count: number; results: Booking[] }> {
  const conditions: SQL[] = [bookingScope(scope)];
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
