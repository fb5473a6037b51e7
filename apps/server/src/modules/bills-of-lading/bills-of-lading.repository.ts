import {
  type BillOfLading,
  type BillOfLadingListItem,
  type BillOfLadingListQuery,
  BL_COUNT_MAX,
  type ContainerDetail,
  DCSA_TRANSPORT_DOCUMENT_STATUS,
  LOCKED_STATUSES,
  vgmMismatch,
} from '@lading/contract/bills-of-lading';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { blLateAcceptances } from '../../db/schema/bills-of-lading';
import { escapeLike } from '../../db/text-search';
import { type Scope, scoped } from '../../lib/scopes';

type Conn = Db | Tx;

/**
 * The read shape of specification section 3, notify parties, containers and cargo rows included, built by one SQL
 * statement (json_agg in correlated sub-selects): one round trip, no N+1.
 */
const BILL_SELECT = sql`
  select
    b.id, b.created_by_id as "createdById", b.number, b.number as "billOfLadingNumber", b.id as "billOfLadingId",
    b.status, b.version,
    b.issued_by as "issuedBy", to_char(b.issued_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "issuedOn",
    b.delivery_agent as "deliveryAgent", b.released_at as "releasedAt", b.is_bl_surrendered as "isBlSurrendered",
    to_char(b.surrendered_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "surrenderedOn",
    b.surrendered_at as "surrenderedAt", b.surrendered_by as "surrenderedBy",
    b.shipped_on_board_date::text as "shippedOnBoardDate", b.payment_method as "paymentMethod",
    b.bl_date::text as "blDate", b.bl_type as "blType", b.load_discharge_terms as "loadDischargeTerms",
    b.load_type as "loadType", b.discharge_type as "dischargeType",
    b.no_of_originals as "noOfOriginals", b.no_of_originals_printed as "noOfOriginalsPrinted",
    b.no_of_copies as "noOfCopies", b.no_of_copies_printed as "noOfCopiesPrinted", b.no_of_draft_printed as "noOfDraftPrinted",
    b.cargo_category as "cargoCategory",
    b.booking_id as "bookingId", bk.number as "bookingNumber",
    b.pol_id as "polId", pol.code as "polCode", pol.name as "polName",
    b.pod_id as "podId", pod.code as "podCode", pod.name as "podName",
    b.vessel_name as "vesselName", b.voyage_number as "voyageNumber", o.name as "issuingOffice",
    b.shipper_id as "shipperId", sh.name as "shipperName", b.shipper_name_in_bl as "shipperNameInBl",
    sh.address as "shipperAddress", sh.email_id as "shipperMailId", b.shipper_phone_no as "shipperPhoneNo",
    b.consignee_id as "consigneeId", cn.name as "consigneeName", b.consignee_name_in_bl as "consigneeNameInBl",
    cn.address as "consigneeAddress", cn.email_id as "consigneeMailId", b.consignee_phone_no as "consigneePhoneNo",
    b.weight_unit_in_bl as "weightUnitInBl", b.description, b.surrender_remark as "surrenderRemark",
    b.marks_and_nos as "marksAndNos", b.no_of_packs as "noOfPacks", b.total_containers as "totalContainers",
    b.net_weight::float8 as "netWeight", b.net_weight_unit as "netWeightUnit",
    b.gross_weight::float8 as "grossWeight", b.gross_weight_unit as "grossWeightUnit",
    b.measurement::float8 as "measurement", b.said_to_contain as "saidToContain",
    b.shipper_load_and_stow_count as "shipperLoadAndStowCount", b.one_door_open_container as "oneDoorOpenContainer",
    b.docs_status as "docsStatus", b.hide_tare_weight as "hideTareWeight", b.hide_total_weight as "hideTotalWeight",
    b.hide_cbm as "hideCbm", b.status in ('ISSUED', 'SURRENDERED') as "isIssued", b.review_comment as "reviewComment",
    to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
    coalesce((
      select json_agg(json_build_object(
        'party', np.party_id, 'partyName', p.name, 'partyNameInBl', np.party_name_in_bl,
        'mobile', np.mobile, 'address', np.address, 'email', np.email) order by np.position)
      from bl_notify_parties np left join parties p on p.id = np.party_id
      where np.bl_id = b.id), '[]'::json) as "blNotifyPartyDetails",
    coalesce((
      select json_agg(json_build_object(
        'containerId', c.id, 'containerNumber', c.number, 'containerNickname', c.nickname, 'containerIsoCode', c.iso_code,
        'containerTareweight', c.tare_weight::float8, 'sealNo', bc.seal_no, 'noOfPacks', bc.no_of_packs,
        'grossWeight', bc.gross_weight::float8, 'measurement', bc.measurement::float8, 'vgm', bc.vgm::float8,
        'vgmMethod', bc.vgm_method, 'vgmDeclared', bc.vgm_declared, 'packageTypeId', bc.package_type_id,
        'packageTypeName', pt.name, 'grossWeightUnitId', bc.gross_weight_unit) order by bc.position)
      from bl_containers bc join containers c on c.id = bc.container_id
      left join package_types pt on pt.id = bc.package_type_id
      where bc.bl_id = b.id), '[]'::json) as "blContainerDetails",
    coalesce((
      select json_agg(json_build_object(
        'hsnCode', cd.hs_code_id, 'hsnCodeValue', hs.code, 'commodity', cd.commodity,
        'packageType', cd.package_type_id, 'packageTypeName', pt.name, 'packageDetails', cd.package_details) order by cd.position)
      from bl_cargo_details cd left join hs_codes hs on hs.id = cd.hs_code_id
      left join package_types pt on pt.id = cd.package_type_id
      where cd.bl_id = b.id), '[]'::json) as "blCargoDetails"
  from bills_of_lading b
  left join bookings bk on bk.id = b.booking_id
  left join ports pol on pol.id = b.pol_id
  left join ports pod on pod.id = b.pod_id
  left join offices o on o.id = b.issuing_office_id
  left join parties sh on sh.id = b.shipper_id
  left join parties cn on cn.id = b.consignee_id`;

function withDcsa<T extends { status: string }>(row: T): T & { dcsaStatus: string } {
  return {
    ...row,
    dcsaStatus: DCSA_TRANSPORT_DOCUMENT_STATUS[row.status as keyof typeof DCSA_TRANSPORT_DOCUMENT_STATUS],
  };
}

const parseJson = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

function toBill(row: Record<string, unknown>): BillOfLading {
  const containers = parseJson<Omit<ContainerDetail, 'vgmWarning'>[]>(row.blContainerDetails);
  return withDcsa({
    ...(row as unknown as BillOfLading),
    blNotifyPartyDetails: parseJson(row.blNotifyPartyDetails),
    // The VGM warning (issue 26): more than 5 % away from this container's cargo gross + tare.
    blContainerDetails: containers.map((c) => ({
      ...c,
      vgmWarning: vgmMismatch({
        vgm: c.vgm,
        cargoGrossWeight: c.grossWeight,
        tareWeight: c.containerTareweight,
      }),
    })),
    blCargoDetails: parseJson(row.blCargoDetails),
  });
}

/** One bill within the caller's `scope` (null when absent or outside it); `forUpdate` locks its row. */
export async function findBillById(
  db: Conn,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<BillOfLading | null> {
  const lock = forUpdate ? sql` for update of b` : sql``;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`${BILL_SELECT} where b.id = ${id} and ${scoped('bill', scope)}${lock}`,
  );
  return row ? toBill(row) : null;
}

/**
 * The bill as it is now, without a scope: only for a bill the caller has just locked through `findBillById`
 * (with its scope) or written in the same transaction.
 */
export async function reloadBill(db: Conn, id: number): Promise<BillOfLading> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${BILL_SELECT} where b.id = ${id}`);
  if (!row) throw new Error(`bill ${id} vanished after its scoped read`);
  return toBill(row);
}

/** Locks a bill's row (within `scope`) and answers its status and version, or null when not visible. */
export async function lockBill(
  tx: Tx,
  id: number,
  scope: Scope,
): Promise<{ status: BillOfLading['status']; version: number } | null> {
  const [row] = await queryRows<{ status: BillOfLading['status']; version: number }>(
    tx,
    sql`select b.status, b.version from bills_of_lading b where b.id = ${id} and ${scoped('bill', scope)} for update`,
  );
  return row ?? null;
}

/**
 * The columns of a list row (BillOfLadingListItem), read from `bills_of_lading b`. Shared by the BL list and the
 * review queue. The booking's number and the ports' and parties' names are scalar sub-selects by primary key, not
 * joins: with five left joins (seven relations with the page's) PostgreSQL spent most of a page's time choosing a
 * join order — planning 0.98 ms at 10,000 bills and 1.28 ms at 1,000,000 against 0.22 ms for both as sub-selects,
 * for the same ten index lookups a row (issue 29, figure 3).
 */
export const LIST_COLUMNS = sql`
      b.id, b.number, b.status, b.bl_date::text as "blDate", b.booking_id as "bookingId",
      (select bk.number from bookings bk where bk.id = b.booking_id) as "bookingNumber",
      b.pol_id as "polId", (select pol.code from ports pol where pol.id = b.pol_id) as "polCode",
      (select pol.name from ports pol where pol.id = b.pol_id) as "polName",
      b.pod_id as "podId", (select pod.code from ports pod where pod.id = b.pod_id) as "podCode",
      (select pod.name from ports pod where pod.id = b.pod_id) as "podName",
      b.vessel_name as "vesselName", b.voyage_number as "voyageNumber",
      (select sh.name from parties sh where sh.id = b.shipper_id) as "shipperName",
      (select cn.name from parties cn where cn.id = b.consignee_id) as "consigneeName",
      b.total_containers as "totalContainers", b.created_by_id as "createdById", b.version,
      to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"`;

const SORT_COLUMNS: Record<BillOfLadingListQuery['sort'], SQL> = {
  number: sql`b.number`,
  blDate: sql`b.bl_date`,
  status: sql`b.status`,
  updatedAt: sql`b.updated_at`,
};
const ASC = sql`asc`;
const DESC = sql`desc`;

/**
 * The order of a bill list: the sort key, then the id in the same direction, so one index on (scope column, key,
 * id) walked forwards or backwards yields the page without sorting (bl_date, the one nullable key, puts nulls last).
 */
export function listOrder(sort: BillOfLadingListQuery['sort'], order: 'asc' | 'desc'): SQL {
  const direction = order === 'asc' ? ASC : DESC;
  const nulls = sort === 'blDate' ? sql` nulls last` : sql``;
  return sql`${SORT_COLUMNS[sort]} ${direction}${nulls}, b.id ${direction}`;
}

/**
 * One page of bills and their count, in two statements that each touch only what they need:
 * - the page: the ids of the page are found on `bills_of_lading` alone, by an index on the scope column and the
 *   sort key (no join, no sort), and only those rows are joined to their booking, ports and parties;
 * - the count: the matching rows counted up to `BL_COUNT_MAX` (10,000, the specification's count limit) along the same
 *   index; beyond that the count says 10,000 ("10,000 or more"). A list's count is sent with its page; a search's
 *   only when its page comes back full (see below).
 * `where` may only name columns of `bills_of_lading b` (filters on other tables are sub-selects of ids).
 */
export async function findBillPage<Row extends { status: BillOfLadingListItem['status'] }>(
  db: Conn,
  page: {
    where: SQL;
    order: SQL;
    skip: number;
    limit: number;
    columns: SQL;
    joins?: SQL;
    /** The filter searches text (a number typed in): counted after the page, and only when it comes back full. */
    search?: boolean;
  },
): Promise<{ count: number; rows: (Row & { dcsaStatus: string })[] }> {
  // The cap first: when a BL_COUNT_MAX-th row exists the answer is the cap, found by skipping to it (0.45 ms at
  // 10,000 index entries, where counting them through count(*) took 0.80); otherwise the fewer rows are counted.
  // One statement, so both parts read the same snapshot.
  const countRows = () =>
    queryRows<{ n: number }>(
      db,
      sql`select coalesce(
        (select ${BL_COUNT_MAX}::int from (
          select 1 from bills_of_lading b where ${page.where} offset ${BL_COUNT_MAX - 1} limit 1) beyond),
        (select count(*)::int from (
          select 1 from bills_of_lading b where ${page.where} limit ${BL_COUNT_MAX}) capped)) as n`,
    );
  // A list (no search term) is counted alongside its page: on PostgreSQL the two run side by side on two pooled
  // connections, so a page with a long list behind it waits for the longer of the two (counting 10,000 index
  // entries, ~0.9 ms) instead of their sum. A search usually finds fewer rows than a page holds, and then the
  // page shows the total: it is counted only when the page comes back full (its count would repeat the search).
  const counting = page.search ? null : countRows();
  // Awaited below; a failed page must not leave its rejection unhandled.
  counting?.catch(() => {});
  const rows = await queryRows<Row>(
    db,
    sql`
    with page as (
      select b.id from bills_of_lading b where ${page.where} order by ${page.order} limit ${page.limit} offset ${page.skip}
    )
    select ${page.columns}
    from page join bills_of_lading b on b.id = page.id
    ${page.joins ?? sql``}
    order by ${page.order}`,
  );
  let count: number;
  if (counting) count = (await counting)[0]?.n ?? 0;
  else if (rows.length > 0 && rows.length < page.limit) count = page.skip + rows.length;
  else if (rows.length === 0 && page.skip === 0) count = 0;
  else count = (await countRows())[0]?.n ?? 0;
  // The DCSA status is added to each row in place (a page is up to 100 rows; no copy of each).
  for (const row of rows as (Row & { dcsaStatus?: string })[])
    row.dcsaStatus =
      DCSA_TRANSPORT_DOCUMENT_STATUS[row.status as keyof typeof DCSA_TRANSPORT_DOCUMENT_STATUS];
  return { count, rows: rows as (Row & { dcsaStatus: string })[] };
}

/** The list with its count (capped at BL_COUNT_MAX), filtered, within the caller's scope. */
export async function findBills(
  db: Conn,
  query: BillOfLadingListQuery,
  scope: Scope,
): Promise<{ count: number; results: BillOfLadingListItem[] }> {
  const conditions: SQL[] = [scoped('bill', scope)];
  if (query.created_by_id !== undefined) conditions.push(sql`b.created_by_id = ${query.created_by_id}`);
  if (query.pol_id !== undefined) conditions.push(sql`b.pol_id = ${query.pol_id}`);
  if (query.pod_id !== undefined) conditions.push(sql`b.pod_id = ${query.pod_id}`);
  if (query.status !== undefined) conditions.push(sql`b.status = ${query.status}`);
  if (query.bl_number) conditions.push(numberContains(query.bl_number));
  if (query.booking_number) {
    // The matching bookings first (trigram index), then their bills by booking_id: as `= any(array(…))` the
    // planner reads bills through the booking index instead of guessing a large match and scanning every bill.
    const pattern = `%${escapeLike(query.booking_number)}%`;
    conditions.push(
      sql`b.booking_id = any(array(select bk.id from bookings bk where bk.number ilike ${pattern}))`,
    );
  }
  const { count, rows } = await findBillPage<BillOfLadingListItem>(db, {
    where: sql.join(conditions, sql` and `),
    order: listOrder(query.sort, query.order),
    skip: query.skip,
    limit: query.limit,
    columns: LIST_COLUMNS,
    search: !!(query.bl_number || query.booking_number),
  });
  return { count, results: rows };
}

/** What a customer's save writes: the bill's editable fields and totals, and all its rows. */
export type BillWrite = {
  shipperNameInBl: string | null | undefined;
  shipperPhoneNo: string | null | undefined;
  consigneeNameInBl: string | null | undefined;
  consigneePhoneNo: string | null | undefined;
  description: string | null | undefined;
  marksAndNos: string | null | undefined;
  netWeight: number | null;
  grossWeight: number | null;
  measurement: number | null;
  noOfPacks: number | null;
  notifyParties: {
    position: number;
    partyId: number | null;
    partyNameInBl: string | null;
    address: string | null;
    mobile: string | null;
    email: string | null;
  }[];
  /** Updates of the containers allocated to the bill (the carrier allocates them; a save never adds one). */
  containers: {
    containerId: number;
    sealNo: string | null;
    noOfPacks: number;
    packageTypeId: number;
    grossWeight: number;
    measurement: number;
    vgm: number;
    vgmMethod: string | null | undefined;
  }[];
  cargo: {
    position: number;
    hsCodeId: number;
    commodity: string;
    packageTypeId: number;
    packageDetails: string | null | undefined;
  }[];
};

/**
 * A customer's save in one statement (one round trip), which is also its row lock: the bill (status UPDATE PENDING,
 * version + 1) is updated only while it is still at `guard.version`, not locked (ISSUED, SURRENDERED) and within
 * `guard.scope`, and its notify parties (upserted by position, extra positions deleted), its containers' declared
 * load and its cargo rows (replaced) are written only when the bill was. A save racing another waits for the other's
 * row lock, then finds the version moved on and writes nothing (every write of a bill's content moves its version,
 * so rows changed since the statement began belong to a save that also moved the version). Rows travel as JSON
 * (jsonb_to_recordset); decimals keep their JSON digits as numeric. The notify companies `guard.partyIds` are
 * read `for share` once the bill is locked: a company's active flag lives on its own row and does not move the bill's
 * version, so the statement answers which of them are still active (a racing deactivation waits for the save), and
 * the caller refuses the save (rolling it back) when one is not. Answers whether it wrote and the active companies.
 */
export async function writeBill(
  tx: Tx,
  id: number,
  bill: BillWrite,
  guard: { version: number; scope: Scope; partyIds: number[] },
): Promise<{ wrote: boolean; activePartyIds: number[] }> {
  const json = (rows: unknown[]) => JSON.stringify(rows);
  const locked = sql.join(
    LOCKED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const partyIds = guard.partyIds.length
    ? sql.join(
        guard.partyIds.map((partyId) => sql`${partyId}::int`),
        sql`, `,
      )
    : sql`null`;
  const [row] = await queryRows<{ id: number | null; activePartyIds: number[] | null }>(
    tx,
    sql`
    with bill as (
      update bills_of_lading b set shipper_name_in_bl = ${bill.shipperNameInBl ?? null},
        shipper_phone_no = ${bill.shipperPhoneNo ?? null}, consignee_name_in_bl = ${bill.consigneeNameInBl ?? null},
        consignee_phone_no = ${bill.consigneePhoneNo ?? null}, description = ${bill.description ?? null},
        marks_and_nos = ${bill.marksAndNos ?? null}, net_weight = ${bill.netWeight}::numeric,
        gross_weight = ${bill.grossWeight}::numeric, measurement = ${bill.measurement}::numeric,
        no_of_packs = ${bill.noOfPacks}::int, status = 'UPDATE PENDING', version = b.version + 1, updated_at = now()
      where b.id = ${id} and b.version = ${guard.version}::int and b.status not in (${locked})
        and ${scoped('bill', guard.scope)}
      returning b.id
    ), notify as (
      insert into bl_notify_parties (bl_id, position, party_id, is_non_party, non_party, party_name_in_bl, address, mobile, email)
      select bill.id, v.position, v."partyId", false, '', v."partyNameInBl", v.address, v.mobile, v.email
      from bill, jsonb_to_recordset(${json(bill.notifyParties)}::jsonb)
        as v(position smallint, "partyId" int, "partyNameInBl" text, address text, mobile text, email text)
      on conflict (bl_id, position) do update set party_id = excluded.party_id, is_non_party = false, non_party = '',
        party_name_in_bl = excluded.party_name_in_bl, address = excluded.address, mobile = excluded.mobile,
        email = excluded.email
    ), notify_extra as (
      delete from bl_notify_parties where bl_id = (select bill.id from bill)
        and position > ${bill.notifyParties.length}::int
    ), containers as (
      update bl_containers bc set seal_no = v."sealNo", no_of_packs = v."noOfPacks", package_type_id = v."packageTypeId",
        net_weight = v."grossWeight", gross_weight = v."grossWeight", gross_weight_unit = 'KG',
        measurement = v.measurement, vgm = v.vgm, vgm_method = v."vgmMethod"
      from jsonb_to_recordset(${json(bill.containers)}::jsonb)
        as v("containerId" int, "sealNo" text, "noOfPacks" int, "packageTypeId" int, "grossWeight" numeric,
          measurement numeric, vgm numeric, "vgmMethod" text)
      where bc.bl_id = (select bill.id from bill) and bc.container_id = v."containerId"
    ), cargo_before as (
      delete from bl_cargo_details where bl_id = (select bill.id from bill)
    ), cargo as (
      insert into bl_cargo_details (bl_id, position, hs_code_id, hsn_code_add_on, commodity, package_type_id, package_details)
      select bill.id, v.position, v."hsCodeId", null, v.commodity, v."packageTypeId", v."packageDetails"
      from bill, jsonb_to_recordset(${json(bill.cargo)}::jsonb)
        as v(position smallint, "hsCodeId" int, commodity text, "packageTypeId" int, "packageDetails" text)
    ), parties as (
      select p.id from parties p where p.id in (${partyIds}) and p.is_active and exists (select 1 from bill)
      for share of p
    )
    select (select bill.id from bill) as id, array(select parties.id from parties) as "activePartyIds"`,
  );
  return { wrote: row?.id != null, activePartyIds: row?.activePartyIds ?? [] };
}

/** How long a piece of the number the piece index holds (migration 0034's bl_number_grams). */
const NUMBER_PIECE = 5;

/**
 * The bill's number contains `term`, case-insensitively (the BL-number search), found through an index.
 * Bill numbers are a shared prefix and a zero-padded sequence (`LDG2611…`, `GEN000…`), so the index is asked for the
 * term's last characters, where sequence numbers differ (every bill containing the term contains its tail), and the
 * whole term is checked on those candidates (`lower(…) like`; statistics on lower(number), migration 0018, let the
 * planner estimate it, so a short shared prefix still walks the sort index instead):
 * - five characters or more: the index of every five-character piece of lower(number) (migration 0034) is asked for
 *   the term's last five, an exact key in a few dozen bills at a million (figure 3: 0.44 -> 0.07 ms of execution);
 * - shorter: the trigram index, for the term itself.
 * The trigrams of a term's tail each sit in thousands of bills at a million, and GIN reads every one of them before
 * it intersects them; the trigrams of a full number's prefix sit in nearly every bill.
 */
function numberContains(term: string): SQL {
  if (Array.from(term).length < NUMBER_PIECE) return sql`b.number ilike ${`%${escapeLike(term)}%`}`;
  return sql`bl_number_grams(b.number) @> array[right(lower(${term}), ${sql.raw(String(NUMBER_PIECE))})]
    and lower(b.number) like lower(${`%${escapeLike(term)}%`})`;
}

/** Which of these package types, HS codes and (active) parties exist; one statement for the three lookups. */
export async function findKnownReferences(
  conn: Conn,
  wanted: { packageIds: number[]; hsIds: number[]; partyIds: number[] },
): Promise<{ kind: 'package' | 'hs' | 'party'; id: number; code: string | null }[]> {
  const ids = (values: number[]) =>
    values.length
      ? sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )
      : sql`null`;
  return queryRows<{ kind: 'package' | 'hs' | 'party'; id: number; code: string | null }>(
    conn,
    sql`select 'package' as kind, id, null::text as code from package_types where id in (${ids(wanted.packageIds)})
      union all select 'hs', id, code from hs_codes where id in (${ids(wanted.hsIds)})
      union all select 'party', id, null from parties where id in (${ids(wanted.partyIds)}) and is_active`,
  );
}

/** The sailing of the bill's booking: its voyage and port of loading (SQL over `bookings`); null without one. */
export async function findBillSailing(
  db: Conn,
  billId: number,
): Promise<{ voyageId: number; polId: number } | null> {
  const [row] = await queryRows<{ voyageId: number; polId: number }>(
    db,
    sql`select bk.voyage_id as "voyageId", bk.pol_id as "polId"
      from bills_of_lading b join bookings bk on bk.id = b.booking_id
      where b.id = ${billId} and bk.voyage_id is not null and bk.pol_id is not null`,
  );
  return row ?? null;
}

/**
 * Whether the bill is within the caller's `scope` (null when absent or outside it) and, if so, the voyage and port of
 * loading of its booking (`sailing: null` when it has no booking, or the booking no voyage): the deadlines' read,
 * without the whole bill.
 */
export async function findVisibleBillSailing(
  db: Conn,
  scope: Scope,
  billId: number,
): Promise<{ sailing: { voyageId: number; polId: number } | null } | null> {
  const [row] = await queryRows<{ voyageId: number | null; polId: number | null }>(
    db,
    sql`select bk.voyage_id as "voyageId", bk.pol_id as "polId"
      from bills_of_lading b left join bookings bk on bk.id = b.booking_id
      where b.id = ${billId} and ${scoped('bill', scope)}`,
  );
  if (!row) return null;
  const { voyageId, polId } = row;
  return { sailing: voyageId !== null && polId !== null ? { voyageId, polId } : null };
}

/** Until when each cut-off is accepted late for this bill (the latest grant per cut-off). */
export async function findLateAcceptances(db: Conn, billId: number): Promise<Map<string, Date>> {
  const rows = await queryRows<{ cutOff: string; until: string }>(
    db,
    sql`select distinct on (cut_off) cut_off as "cutOff",
        to_char(until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as until
      from bl_late_acceptances where bl_id = ${billId} order by cut_off, id desc`,
  );
  return new Map(rows.map((row) => [row.cutOff, new Date(row.until)]));
}

export async function insertLateAcceptance(
  tx: Tx,
  row: { blId: number; cutOff: string; reason: string; until: Date; grantedById: number },
): Promise<void> {
  await tx.insert(blLateAcceptances).values(row);
}
