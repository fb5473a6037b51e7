import type { Charge, EquipmentLine, Quotation, QuotationListQuery } from '@lading/contract/quotations';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import {
  quotationCharges,
  quotationEquipment,
  quotationInlandTariffs,
  quotations,
  quotationTariffs,
} from '../../db/schema/quotations';
import { type Scope, scoped } from '../../lib/scopes';
import { CUSTOMER_JSON } from '../users';

type Conn = Db | Tx;

/** A QUOTED quotation past its validity reads as EXPIRED (nothing sweeps it; the read decides). */
export const EFFECTIVE_STATUS = sql`case when q.status = 'QUOTED' and q.valid_until < current_date then 'EXPIRED' else q.status end`;

const QUOTATION_SELECT = sql`
  select q.id, q.number, ${EFFECTIVE_STATUS} as status, q.created_by_id as "createdById",
    q.pol_id as "polId", q.pod_id as "podId",
    json_build_object('id', pl.id, 'code', pl.code, 'name', pl.name) as pol,
    json_build_object('id', pd.id, 'code', pd.code, 'name', pd.name) as pod,
    q.cargo_type as "cargoType", q.hazard_class as "hazardClass", q.un_number as "unNumber",
    q.hs_code_id as "hsCode", h.code as "hsCodeValue", h.description as commodity,
    coalesce((select json_agg(json_build_object('isoCode', e.iso_code, 'quantity', e.quantity,
        'weightPerUnit', e.weight_per_unit::float8, 'weightUnit', e.weight_unit) order by e.position)
      from quotation_equipment e where e.quotation_id = q.id), '[]'::json) as equipment,
    to_char(q.cargo_ready_date, 'YYYY-MM-DD') as "cargoReadyDate",
    case when ps.id is null then q.pickup
      else q.pickup || jsonb_build_object('stationCode', ps.code, 'stationName', ps.name) end as pickup,
    case when ds.id is null then q.delivery
      else q.delivery || jsonb_build_object('stationCode', ds.code, 'stationName', ds.name) end as delivery,
    ${CUSTOMER_JSON} as customer, q.currency,
    q.total_amount::text as "totalAmount", to_char(q.valid_until, 'YYYY-MM-DD') as "validUntil",
    coalesce((select json_agg(json_build_object('code', c.code, 'name', c.name, 'basis', c.basis,
        'isoCode', c.iso_code, 'quantity', c.quantity, 'unitAmount', c.unit_amount::text,
        'amount', c.amount::text, 'currency', c.currency) order by c.position)
      from quotation_charges c where c.quotation_id = q.id), '[]'::json) as charges,
    q.inland_on_request as "inlandOnRequest",
    (select b.id from bookings b where b.quotation_id = q.id order by b.id limit 1) as "bookingId",
    q.voyage_id as "voyageId", q.rejection_reason as "rejectionReason", q.version,
    to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
  from quotations q
  join ports pl on pl.id = q.pol_id
  join ports pd on pd.id = q.pod_id
  join hs_codes h on h.id = q.hs_code_id
  join users u on u.id = q.created_by_id
  left join parties cp on cp.id = u.party_id
  left join railway_stations ps on q.pickup->>'kind' = 'RAIL' and ps.id = (q.pickup->>'stationId')::int
  left join railway_stations ds on q.delivery->>'kind' = 'RAIL' and ds.id = (q.delivery->>'stationId')::int`;

const JSON_FIELDS = ['pol', 'pod', 'customer', 'equipment', 'charges', 'pickup', 'delivery'] as const;

/** A text[] as the driver gives it: an array, or PostgreSQL's literal ("{PICKUP,DELIVERY}") on a driver that does not parse it. */
const textArray = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
    : typeof value === 'string' && value.length > 2
      ? value.slice(1, -1).split(',')
      : [];

function toQuotation(row: Record<string, unknown>): Quotation {
  const out = { ...row };
  for (const field of JSON_FIELDS)
    if (typeof out[field] === 'string') out[field] = JSON.parse(out[field] as string);
  out.inlandOnRequest = textArray(out.inlandOnRequest);
  return out as unknown as Quotation;
}

/** One quotation within the caller's `scope` (null when absent or outside it); `forUpdate` locks its row. */
export async function findQuotationById(
  db: Conn,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<Quotation | null> {
  const lock = forUpdate ? sql` for update of q` : sql``;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`${QUOTATION_SELECT} where q.id = ${id} and ${scoped('quotation', scope)}${lock}`,
  );
  return row ? toQuotation(row) : null;
}

/**
 * The quotation as it is now, without a scope: only for a quotation the caller has just locked through `findQuotationById`
 * (with its scope) or written in the same transaction.
 */
export async function reloadQuotation(db: Conn, id: number): Promise<Quotation> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${QUOTATION_SELECT} where q.id = ${id}`);
  if (!row) throw new Error(`quotation ${id} vanished after its scoped read`);
  return toQuotation(row);
}

const SORT_COLUMNS: Record<QuotationListQuery['sort'], SQL> = {
  createdAt: sql`q.created_at`,
  number: sql`q.number`,
  status: EFFECTIVE_STATUS,
  validUntil: sql`q.valid_until`,
};

export async function findQuotations(
  db: Conn,
  query: QuotationListQuery,
  scope: Scope,
): Promise<{ count: number; results: Quotation[] }> {
  const conditions: SQL[] = [scoped('quotation', scope)];
  if (query.status) conditions.push(sql`${EFFECTIVE_STATUS} = ${query.status}`);
  if (query.active === 'true') conditions.push(sql`${EFFECTIVE_STATUS} in ('QUOTED', 'REQUESTED')`);
  const where = sql.join(conditions, sql` and `);
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const order = sql`${SORT_COLUMNS[query.sort]} ${direction} nulls last, q.id ${direction}`;
  const [rows, counted] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`${QUOTATION_SELECT} where ${where} order by ${order} limit ${query.limit} offset ${query.skip}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from quotations q where ${where}`),
  ]);
  return { count: counted[0]?.n ?? 0, results: rows.map(toQuotation) };
}

export type TariffMatch = {
  id: number;
  isoCode: string;
  currency: string;
  validTo: string;
  charges: {
    code: string;
    name: string;
    basis: 'PER_CONTAINER' | 'PER_BL';
    amount: string;
    hazardousOnly: boolean;
  }[];
};

/**
 * The active tariffs of a lane for these size-types that are valid on `onDate` (one per size-type, non-overlapping);
 * a deactivated tariff never prices a new enquiry.
 */
export async function findTariffs(
  db: Conn,
  lane: { polId: number; podId: number; isoCodes: string[]; onDate: string },
): Promise<TariffMatch[]> {
  if (lane.isoCodes.length === 0) return [];
  const rows = await queryRows<TariffMatch & { charges: unknown }>(
    db,
    sql`select t.id, t.iso_code as "isoCode", t.currency, to_char(t.valid_to, 'YYYY-MM-DD') as "validTo",
          coalesce((select json_agg(json_build_object('code', c.code, 'name', c.name, 'basis', c.basis,
              'amount', c.amount::text, 'hazardousOnly', c.hazardous_only) order by c.position)
            from tariff_charges c where c.tariff_id = t.id), '[]'::json) as charges
        from tariffs t
        where t.active and t.pol_id = ${lane.polId} and t.pod_id = ${lane.podId}
          and t.iso_code in (${sql.join(
            lane.isoCodes.map((code) => sql`${code}`),
            sql`, `,
          )})
          and t.valid_from <= ${lane.onDate}::date and t.valid_to >= ${lane.onDate}::date
          and t.valid_to >= current_date`,
  );
  return rows.map((row) => ({
    ...row,
    charges:
      typeof row.charges === 'string' ? JSON.parse(row.charges) : (row.charges as TariffMatch['charges']),
  }));
}

/** The office serving a port (its `port_id`), else the corporate office. */
export async function findOfficeForPort(db: Conn, portId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from offices where port_id = ${portId} or is_corporate order by (port_id = ${portId}) desc nulls last, id limit 1`,
  );
  return row?.id ?? null;
}

/** A port as pricing needs it: its code, country and coordinates (null when UN/LOCODE gives none). */
export type PortPlace = {
  id: number;
  code: string;
  countryCode: string;
  latitude: number | null;
  longitude: number | null;
};

/**
 * Which of the referenced records exist: ports (with their code, country and coordinates), the HS code (6 or 8
 * digits), size-types, stations (with their code).
 */
export async function findReferences(
  db: Conn,
  ids: { portIds: number[]; hsCodeId: number; isoCodes: string[]; stationIds: number[] },
) {
  const list = (values: (number | string)[]) =>
    values.length
      ? sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )
      : sql`null`;
  const [row] = await queryRows<{
    ports: PortPlace[] | string | null;
    hs: boolean;
    iso: string[] | null;
    stations: { id: number; code: string }[] | string | null;
  }>(
    db,
    sql`select
      (select json_agg(json_build_object('id', id, 'code', code, 'countryCode', country_code,
          'latitude', latitude, 'longitude', longitude))
        from ports where id in (${list(ids.portIds)})) as ports,
      exists (select 1 from hs_codes where id = ${ids.hsCodeId} and length(code) in (6, 8)) as hs,
      (select array_agg(code) from iso_equipment where code in (${list(ids.isoCodes)})) as iso,
      (select json_agg(json_build_object('id', id, 'code', code)) from railway_stations
        where id in (${list(ids.stationIds)})) as stations`,
  );
  const parsed = <T>(value: T[] | string | null | undefined): T[] =>
    typeof value === 'string' ? JSON.parse(value) : (value ?? []);
  return {
    ports: new Map(parsed(row?.ports).map((port) => [port.id, port])),
    hsCode: Boolean(row?.hs),
    isoCodes: new Set(row?.iso ?? []),
    stations: new Map(parsed(row?.stations).map((station) => [station.id, station.code])),
  };
}

export type InlandTariffMatch = {
  id: number;
  isoCode: string;
  currency: string;
  amount: string;
  validTo: string;
};

/**
 * The active inland tariffs of one leg valid on `onDate` (and not yet ended) for these size-types: RAIL by station
 * and port, DOOR by port and the band holding `distanceKm` (from inclusive, to exclusive). Reads the tariffs module's
 * `inland_tariffs` in SQL, as findTariffs reads `tariffs`.
 */
export async function findInlandTariffs(
  db: Conn,
  leg: {
    portId: number;
    isoCodes: string[];
    onDate: string;
  } & ({ mode: 'RAIL'; stationId: number } | { mode: 'DOOR'; distanceKm: number }),
): Promise<InlandTariffMatch[]> {
  if (leg.isoCodes.length === 0) return [];
  const place =
    leg.mode === 'RAIL'
      ? sql`t.station_id = ${leg.stationId}`
      : sql`t.from_km <= ${leg.distanceKm} and t.to_km > ${leg.distanceKm}`;
  return queryRows<InlandTariffMatch>(
    db,
    sql`select t.id, t.iso_code as "isoCode", t.currency, t.amount::text as amount,
          to_char(t.valid_to, 'YYYY-MM-DD') as "validTo"
        from inland_tariffs t
        where t.active and t.mode = ${leg.mode} and t.port_id = ${leg.portId} and ${place}
          and t.iso_code in (${sql.join(
            leg.isoCodes.map((code) => sql`${code}`),
            sql`, `,
          )})
          and t.valid_from <= ${leg.onDate}::date and t.valid_to >= ${leg.onDate}::date
          and t.valid_to >= current_date
        order by t.id`,
  );
}

/**
 * Writes a quotation with its equipment lines and (when priced) its charge lines; the number comes from the
 * quotation_numbers sequence (QTN + YYMM + 5 digits).
 */
export async function insertQuotation(
  tx: Tx,
  row: Omit<typeof quotations.$inferInsert, 'id' | 'number'>,
  equipment: readonly EquipmentLine[],
  charges: readonly Charge[],
  /** The tariffs it was priced from (none when staff price it or it is on request). */
  tariffIds: readonly number[] = [],
  /** The inland tariffs it was priced from. */
  inlandTariffIds: readonly number[] = [],
): Promise<{ id: number; number: string }> {
  const [inserted] = await tx
    .insert(quotations)
    .values({
      ...row,
      number: sql`'QTN' || to_char(now(), 'YYMM') || lpad(nextval('quotation_numbers')::text, 5, '0')`,
    })
    .returning({ id: quotations.id, number: quotations.number });
  const quotationId = inserted!.id;
  await tx.insert(quotationEquipment).values(
    equipment.map((line, position) => ({
      quotationId,
      position,
      isoCode: line.isoCode,
      quantity: line.quantity,
      weightPerUnit: String(line.weightPerUnit),
      weightUnit: line.weightUnit,
    })),
  );
  if (charges.length)
    await tx
      .insert(quotationCharges)
      .values(charges.map((charge, position) => ({ quotationId, position, ...charge })));
  if (tariffIds.length)
    await tx.insert(quotationTariffs).values(tariffIds.map((tariffId) => ({ quotationId, tariffId })));
  if (inlandTariffIds.length)
    await tx
      .insert(quotationInlandTariffs)
      .values(inlandTariffIds.map((inlandTariffId) => ({ quotationId, inlandTariffId })));
  return inserted!;
}

/** The office a quotation belongs to (the office of its port of loading), or null. */
export async function findQuotationOffice(tx: Tx, id: number): Promise<number | null> {
  const [row] = await queryRows<{ officeId: number | null }>(
    tx,
    sql`select office_id as "officeId" from quotations where id = ${id}`,
  );
  return row?.officeId ?? null;
}

/** The charge lines of a quotation replaced by these (staff pricing), in their order. */
export async function replaceQuotationCharges(
  tx: Tx,
  id: number,
  charges: Omit<typeof quotationCharges.$inferInsert, 'quotationId' | 'position'>[],
): Promise<void> {
  await tx.delete(quotationCharges).where(eq(quotationCharges.quotationId, id));
  await tx
    .insert(quotationCharges)
    .values(charges.map((charge, position) => ({ quotationId: id, position, ...charge })));
}
