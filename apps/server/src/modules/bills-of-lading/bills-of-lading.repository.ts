import {
  type BillOfLading,
  type BillOfLadingListItem,
  type BillOfLadingListQuery,
  DCSA_TRANSPORT_DOCUMENT_STATUS,
} from '@lading/contract/bills-of-lading';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { type Scope, scopeCondition } from '../../lib/principal';

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
        'vgmMethod', bc.vgm_method, 'packageTypeId', bc.package_type_id, 'packageTypeName', pt.name,
        'grossWeightUnitId', bc.gross_weight_unit) order by bc.position)
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
  return withDcsa({
    ...(row as unknown as BillOfLading),
    blNotifyPartyDetails: parseJson(row.blNotifyPartyDetails),
    blContainerDetails: parseJson(row.blContainerDetails),
    blCargoDetails: parseJson(row.blCargoDetails),
  });
}

/** Who reaches a bill: its owner (created_by_id) and the staff of its issuing office. */
export const billScope = (scope: Scope) =>
  scopeCondition(scope, { owner: sql`b.created_by_id`, office: sql`b.issuing_office_id` });

/** One bill, or null when absent or outside `scope` (no scope: internal reads after a scoped check). */
export async function findBillById(
  db: Conn,
  id: number,
  scope?: Scope,
  forUpdate = false,
): Promise<BillOfLading | null> {
  const visible = scope ? sql` and ${billScope(scope)}` : sql``;
  const lock = forUpdate ? sql` for update of b` : sql``;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`${BILL_SELECT} where b.id = ${id}${visible}${lock}`,
  );
  return row ? toBill(row) : null;
}

/** The columns of a list row (BillOfLadingListItem); with LIST_JOINS. Shared by the BL list and the review queue. */
export const LIST_COLUMNS = sql`
      b.id, b.number, b.status, b.bl_date::text as "blDate", b.booking_id as "bookingId", bk.number as "bookingNumber",
      b.pol_id as "polId", pol.code as "polCode", pol.name as "polName", b.pod_id as "podId", pod.code as "podCode", pod.name as "podName",
      b.vessel_name as "vesselName", b.voyage_number as "voyageNumber", sh.name as "shipperName", cn.name as "consigneeName",
      b.total_containers as "totalContainers", b.created_by_id as "createdById", b.version,
      to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"`;

/** The joins LIST_COLUMNS reads from, after `from bills_of_lading b`. */
export const LIST_JOINS = sql`
    left join bookings bk on bk.id = b.booking_id
    left join ports pol on pol.id = b.pol_id
    left join ports pod on pod.id = b.pod_id
    left join parties sh on sh.id = b.shipper_id
    left join parties cn on cn.id = b.consignee_id`;

const SORT_COLUMNS: Record<BillOfLadingListQuery['sort'], SQL> = {
  number: sql`b.number`,
  blDate: sql`b.bl_date`,
  status: sql`b.status`,
  updatedAt: sql`b.updated_at`,
};

/** The list with its total, filtered, within the caller's scope. */
export async function findBills(
  db: Conn,
  query: BillOfLadingListQuery,
  scope: Scope,
): Promise<{ count: number; results: BillOfLadingListItem[] }> {
  const conditions: SQL[] = [billScope(scope)];
  if (query.created_by_id !== undefined) conditions.push(sql`b.created_by_id = ${query.created_by_id}`);
  if (query.pol_id !== undefined) conditions.push(sql`b.pol_id = ${query.pol_id}`);
  if (query.pod_id !== undefined) conditions.push(sql`b.pod_id = ${query.pod_id}`);
  if (query.status !== undefined) conditions.push(sql`b.status = ${query.status}`);
  if (query.bl_number) conditions.push(sql`b.number ilike ${`%${escapeLike(query.bl_number)}%`}`);
  if (query.booking_number) conditions.push(sql`bk.number ilike ${`%${escapeLike(query.booking_number)}%`}`);
  const where = sql.join(conditions, sql` and `);
  const order = sql`${SORT_COLUMNS[query.sort]} ${query.order === 'asc' ? sql`asc` : sql`desc`} nulls last, b.id desc`;
  const rows = await queryRows<BillOfLadingListItem & { totalCount: number }>(
    db,
    sql`
    select ${LIST_COLUMNS},
      count(*) over ()::int as "totalCount"
    from bills_of_lading b
    ${LIST_JOINS}
    where ${where}
    order by ${order}
    limit ${query.limit} offset ${query.skip}`,
  );
  let count = rows[0]?.totalCount ?? 0;
  if (rows.length === 0 && query.skip > 0) {
    const [counted] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bills_of_lading b left join bookings bk on bk.id = b.booking_id where ${where}`,
    );
    count = counted?.n ?? 0;
  }
  return { count, results: rows.map(({ totalCount: _, ...row }) => withDcsa(row)) };
}

/** `%` and `_` typed by a user are searched for literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
