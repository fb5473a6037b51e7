import type { BlStatus } from '@lading/contract/bills-of-lading';
import type { BookingStatus } from '@lading/contract/bookings';
import {
  type AdminSearchResult,
  ATTENTION_LIMIT,
  type AttentionItem,
  type CustomerVolume,
  DASHBOARD_MONTHS,
  EXPIRING_WITHIN_DAYS,
  type LaneVolume,
  type QueueCode,
  RECENT_LIMIT,
  type RecentActivity,
  type ShipmentMonth,
  VOLUME_TOP,
} from '@lading/contract/dashboards';
import type { QuotationStatus } from '@lading/contract/quotations';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { escapeLike, foldedTerm } from '../../db/text-search';
import { type Scope, scoped } from '../../lib/scopes';
import { EFFECTIVE_STATUS } from '../quotations';
import { sailingJoin } from '../voyages';

const parseJson = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

const ISO_TIME = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * When a bill's containers sail: shipped on board, else the booking's ETD (its voyage's current estimate, else the
 * date kept on the booking), else the BL date. Used with `from bills_of_lading b left join bookings bk on bk.id =
 * b.booking_id ${SAILING}`.
 */
const SAILING_DATE = sql`coalesce(b.shipped_on_board_date, (sl.etd at time zone 'UTC')::date, bk.etd, b.bl_date::date)`;
const SAILING = sailingJoin('sl', {
  voyageId: sql`bk.voyage_id`,
  polId: sql`bk.pol_id`,
  podId: sql`bk.pod_id`,
});
/** The first day of the first month the charts cover, and the first day after the current month. */
const WINDOW_START = sql.raw(
  `(date_trunc('month', current_date) - interval '${DASHBOARD_MONTHS - 1} months')::date`,
);
const WINDOW_END = sql`(date_trunc('month', current_date) + interval '1 month')::date`;

/** One row per container on a bill sailing within the window, with its TEU; `extra` adds columns. */
const containersInWindow = (scope: Scope, extra: SQL) => sql`
  select date_trunc('month', ${SAILING_DATE})::date as month, b.id as bill_id, coalesce(ie.teu, 0) as teu ${extra}
  from bills_of_lading b
  left join bookings bk on bk.id = b.booking_id
  ${SAILING}
  join bl_containers bc on bc.bl_id = b.id
  join containers c on c.id = bc.container_id
  left join iso_equipment ie on ie.code = c.iso_code
  where ${scoped('bill', scope)} and ${SAILING_DATE} >= ${WINDOW_START} and ${SAILING_DATE} < ${WINDOW_END}`;

/** Containers and TEU per month over the window, months without shipments included. */
const shipmentsByMonth = (scope: Scope) => sql`
  select coalesce(json_agg(json_build_object('month', to_char(m.month, 'YYYY-MM'),
      'containers', coalesce(v.containers, 0), 'teu', coalesce(v.teu, 0)) order by m.month), '[]'::json)
  from generate_series(${WINDOW_START}, ${WINDOW_END} - 1, interval '1 month') as m(month)
  left join (
    select month, count(*)::int as containers, sum(teu)::float8 as teu
    from (${containersInWindow(scope, sql``)}) s group by month
  ) v on v.month = m.month::date`;

const lane = (alias: string) =>
  sql.raw(`case when ${alias}pl.id is null then '' else ${alias}pl.code || ' → ' || ${alias}pd.code end`);

/** Grouped status counts as a JSON object `{ status: n }` (statuses without records are absent). */
const statusCounts = (from: SQL, status: SQL) => sql`
  select coalesce(json_object_agg(status, n), '{}'::json)
  from (select ${status} as status, count(*)::int as n ${from} group by 1) counts`;

export type CustomerDashboardRow = {
  attention: AttentionItem[];
  attentionTotal: number;
  quotations: Partial<Record<QuotationStatus, number>>;
  bookings: Partial<Record<BookingStatus, number>>;
  bills: Partial<Record<BlStatus, number>>;
  shipmentsByMonth: ShipmentMonth[];
  recent: RecentActivity[];
};

/**
 * The customer dashboard in ONE statement over the caller's scope: what needs them, the status counts (the same
 * conditions and status expressions as the lists, so they agree), containers/TEU per month, and the latest audit
 * rows on their own bills, quotations and bookings.
 */
export async function findCustomerDashboard(
  db: Db,
  scope: Scope,
  userId: number,
): Promise<CustomerDashboardRow> {
  const attention = sql`
    select kind, title, detail, link, since, due, rank, due_date, at, count(*) over ()::int as total from (
      select 'BL_RETURNED' as kind, 1 as rank, 'Bill of lading ' || b.number || ' was returned with a comment' as title,
        b.review_comment as detail, '/bl_view/' || b.id as link, b.updated_at as at, null::date as due_date
      from bills_of_lading b
      where ${scoped('bill', scope)} and b.status = 'DRAFT' and b.review_comment is not null
      union all
      select 'QUOTATION_EXPIRING', 2, 'Quotation ' || q.number || ' expires soon', ${lane('q')},
        '/app-dashboard/app-active-quotation?status=QUOTED', q.updated_at, q.valid_until
      from quotations q left join ports qpl on qpl.id = q.pol_id left join ports qpd on qpd.id = q.pod_id
      where ${scoped('quotation', scope)} and q.status = 'QUOTED' and q.valid_until >= current_date
        and q.valid_until <= current_date + ${EXPIRING_WITHIN_DAYS}::int
      union all
      select 'BL_DRAFT', 3, 'Complete the draft bill of lading ' || b.number, ${lane('b')},
        '/bl_view/' || b.id, b.created_at, null
      from bills_of_lading b left join ports bpl on bpl.id = b.pol_id left join ports bpd on bpd.id = b.pod_id
      where ${scoped('bill', scope)} and b.status = 'DRAFT' and b.review_comment is null
      union all
      select 'BOOKING_AWAITING_CONFIRMATION', 4, 'Booking ' || bk.number || ' awaits the carrier''s confirmation',
        ${lane('bk')}, '/app-dashboard/app-shipment/' || bk.id, bk.created_at, null
      from bookings bk left join ports bkpl on bkpl.id = bk.pol_id left join ports bkpd on bkpd.id = bk.pod_id
      where ${scoped('booking', scope)} and bk.status = 'REQUESTED'
    ) items(kind, rank, title, detail, link, at, due_date)
    cross join lateral (select ${ISO_TIME(sql`items.at`)} as since, to_char(items.due_date, 'YYYY-MM-DD') as due) t
    order by rank, due_date nulls last, at, link
    limit ${ATTENTION_LIMIT}`;

  const recent = sql`
    select a.id, ${ISO_TIME(sql`a.at`)} as at, a.record_type as "recordType", a.record_id as "recordId", r.number,
      a.action, a.from_status as "fromStatus", a.to_status as "toStatus", a.comment,
      coalesce(a.actor_id = ${userId}, false) as "byYou", r.link
    from (
      select b.id, 'BILL_OF_LADING' as record_type, b.number, '/bl_view/' || b.id as link
      from bills_of_lading b where ${scoped('bill', scope)}
      union all
      select q.id, 'QUOTATION', q.number, '/app-dashboard/app-active-quotation?status=' || ${EFFECTIVE_STATUS}
      from quotations q where ${scoped('quotation', scope)}
      union all
      select bk.id, 'BOOKING', bk.number, '/app-dashboard/app-shipment/' || bk.id
      from bookings bk where ${scoped('booking', scope)}
    ) r
    join audit_events a on a.record_type = r.record_type and a.record_id = r.id
    order by a.at desc, a.id desc
    limit ${RECENT_LIMIT}`;

  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
      (select json_build_object('items', coalesce(json_agg(json_build_object('kind', kind, 'title', title,
          'detail', detail, 'link', link, 'since', since, 'due', due) order by rank, due_date nulls last, at, link),
          '[]'::json), 'total', coalesce(max(total), 0)) from (${attention}) x) as attention,
      (${statusCounts(sql`from quotations q where ${scoped('quotation', scope)}`, EFFECTIVE_STATUS)}) as quotations,
      (${statusCounts(sql`from bookings bk where ${scoped('booking', scope)}`, sql`bk.status`)}) as bookings,
      (${statusCounts(sql`from bills_of_lading b where ${scoped('bill', scope)}`, sql`b.status`)}) as bills,
      (${shipmentsByMonth(scope)}) as "shipmentsByMonth",
      (select coalesce(json_agg(x order by x.at desc, x.id desc), '[]'::json) from (${recent}) x) as recent`,
  );
  const attentionRow = parseJson<{ items: AttentionItem[]; total: number }>(row!.attention);
  return {
    attention: attentionRow.items,
    attentionTotal: attentionRow.total,
    quotations: parseJson(row!.quotations),
    bookings: parseJson(row!.bookings),
    bills: parseJson(row!.bills),
    shipmentsByMonth: parseJson(row!.shipmentsByMonth),
    recent: parseJson(row!.recent),
  };
}

type QueueRow = { count: number; oldestAt: string | null };

/** The SQL of each queue: exactly the set its work list shows, within the caller's scope. */
const QUEUE_SQL: Record<QueueCode, (scope: Scope) => SQL> = {
  // GET cp/bill-of-ladings/review-queue/ (oldest updated_at first).
  BL_REVIEW: (scope) => sql`select count(*)::int, min(b.updated_at) from bills_of_lading b
    where b.status = 'UPDATE PENDING' and ${scoped('bill', scope)}`,
  // GET cp/quotations/?status=REQUESTED (an on-request quotation never reads as EXPIRED).
  QUOTATION_PRICING: (scope) => sql`select count(*)::int, min(q.created_at) from quotations q
    where q.status = 'REQUESTED' and ${scoped('quotation', scope)}`,
  // GET cp/bookings/?status=REQUESTED.
  BOOKING_CONFIRMATION: (scope) => sql`select count(*)::int, min(bk.created_at) from bookings bk
    where bk.status = 'REQUESTED' and ${scoped('booking', scope)}`,
  // GET cp/company-memberships/?status=PENDING: memberships are carrier-wide (no office).
  COMPANY_APPROVAL: () => sql`select count(*)::int, min(m.requested_at) from company_memberships m
    where m.status = 'PENDING'`,
};

export type AdminDashboardRow = {
  queues: Partial<Record<QueueCode, QueueRow>>;
  byMonth: ShipmentMonth[];
  byLane: LaneVolume[];
  byCustomer: CustomerVolume[];
};

/** The admin dashboard in ONE statement: the queues asked for, and the volumes of the office's bills. */
export async function findAdminDashboard(
  db: Db,
  scope: Scope,
  queues: QueueCode[],
): Promise<AdminDashboardRow> {
  const queueColumns = queues.map(
    (code) => sql`(select json_build_object('count', q.n, 'oldestAt', ${ISO_TIME(sql`q.oldest`)})
      from (${QUEUE_SQL[code](scope)}) q(n, oldest)) as ${sql.identifier(code)}`,
  );
  const byLane = sql`
    select coalesce(json_agg(json_build_object('polCode', pl.code, 'polName', pl.name, 'podCode', pd.code,
        'podName', pd.name, 'bills', v.bills, 'containers', v.containers, 'teu', v.teu)
        order by v.teu desc, v.containers desc, pl.code, pd.code), '[]'::json)
    from (
      select pol_id, pod_id, count(distinct bill_id)::int as bills, count(*)::int as containers, sum(teu)::float8 as teu
      from (${containersInWindow(scope, sql`, b.pol_id, b.pod_id`)}) s
      group by pol_id, pod_id order by teu desc, containers desc limit ${VOLUME_TOP}
    ) v
    left join ports pl on pl.id = v.pol_id left join ports pd on pd.id = v.pod_id`;
  const byCustomer = sql`
    select coalesce(json_agg(json_build_object('partyId', v.party_id, 'name', v.name, 'bills', v.bills,
        'containers', v.containers, 'teu', v.teu) order by v.teu desc, v.containers desc, v.name), '[]'::json)
    from (
      select u.party_id, coalesce(p.name, min(u.first_name || ' ' || u.last_name)) as name,
        count(distinct s.bill_id)::int as bills, count(*)::int as containers, sum(s.teu)::float8 as teu
      from (${containersInWindow(scope, sql`, b.created_by_id`)}) s
      join users u on u.id = s.created_by_id
      left join parties p on p.id = u.party_id
      group by u.party_id, p.name, case when u.party_id is null then u.id end
      order by teu desc, containers desc limit ${VOLUME_TOP}
    ) v`;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${sql.join([...queueColumns, sql`(${shipmentsByMonth(scope)}) as "byMonth"`], sql`, `)},
      (${byLane}) as "byLane", (${byCustomer}) as "byCustomer"`,
  );
  return {
    queues: Object.fromEntries(queues.map((code) => [code, parseJson<QueueRow>(row![code])])),
    byMonth: parseJson(row!.byMonth),
    byLane: parseJson(row!.byLane),
    byCustomer: parseJson(row!.byCustomer),
  };
}

/**
 * Bills of lading and bookings within the caller's scope whose number contains the term, or whose owner's company
 * name does (folded like every search column). Each branch is indexed: the numbers by trigram GIN indexes, the
 * companies by `parties.search_name` (trigram) and then `users.party_id` and the owners' indexes.
 */
export function buildAdminSearch(scope: Scope, term: string, limit: number): SQL {
  const pattern = `%${escapeLike(term)}%`;
  const exact = term.toUpperCase();
  const companyOwners = sql`select u.id from users u where u.party_id in (
    select p.id from parties p where p.search_name like '%' || ${foldedTerm(escapeLike(term))} || '%')`;
  const bills = sql`
    select 'BILL_OF_LADING' as kind, b.id, b.number, b.status, b.updated_at, b.created_by_id, b.pol_id, b.pod_id,
      '/app-dashboard-admin/bl-review/' || b.id as link,
      case when b.number ilike ${pattern} then 'NUMBER' else 'COMPANY' end as matched_on
    from bills_of_lading b
    where b.id in (
      select id from bills_of_lading where number ilike ${pattern}
      union
      select id from bills_of_lading where created_by_id in (${companyOwners})
    ) and ${scoped('bill', scope)}`;
  const bookingRows = sql`
    select 'BOOKING', bk.id, bk.number, bk.status, bk.updated_at, bk.created_by_id, bk.pol_id, bk.pod_id,
      '/app-dashboard-admin/bookings-to-confirm/' || bk.id,
      case when bk.number ilike ${pattern} then 'NUMBER' else 'COMPANY' end
    from bookings bk
    where bk.id in (
      select id from bookings where number ilike ${pattern}
      union
      select id from bookings where created_by_id in (${companyOwners})
    ) and ${scoped('booking', scope)}`;
  return sql`
    select r.kind, r.id, r.number, r.status, p.name as customer, u.email::text as "customerEmail",
      pl.code as "polCode", pd.code as "podCode", r.matched_on as "matchedOn", r.link
    from (${bills} union all ${bookingRows}) r
    join users u on u.id = r.created_by_id
    left join parties p on p.id = u.party_id
    left join ports pl on pl.id = r.pol_id
    left join ports pd on pd.id = r.pod_id
    order by (upper(r.number) = ${exact}) desc, (r.matched_on = 'NUMBER') desc, r.updated_at desc, r.kind, r.id desc
    limit ${limit}`;
}

export function findAdminSearch(db: Db, scope: Scope, term: string, limit: number) {
  return queryRows<AdminSearchResult>(db, buildAdminSearch(scope, term, limit));
}
