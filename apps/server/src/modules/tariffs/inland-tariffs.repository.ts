import type { InlandTariff, InlandTariffBody, InlandTariffListQuery } from '@lading/contract/inland-tariffs';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { inlandTariffs } from '../../db/schema/tariffs';
import { tariffReads } from './tariff-rows.repository';

type Conn = Db | Tx;

const INLAND_SELECT = sql`
  select t.id, t.mode,
    json_build_object('id', p.id, 'code', p.code, 'name', p.name, 'countryCode', p.country_code) as port,
    case when s.id is null then null else json_build_object('id', s.id, 'code', s.code, 'name', s.name) end as station,
    t.from_km as "fromKm", t.to_km as "toKm", t.iso_code as "isoCode",
    to_char(t.valid_from, 'YYYY-MM-DD') as "validFrom", to_char(t.valid_to, 'YYYY-MM-DD') as "validTo",
    t.currency, t.amount::text as amount, t.active,
    (select count(*)::int from quotation_inland_tariffs qt where qt.inland_tariff_id = t.id) as "quotationCount",
    t.version, to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
  from inland_tariffs t join ports p on p.id = t.port_id left join railway_stations s on s.id = t.station_id`;

const reads = tariffReads<InlandTariff>(INLAND_SELECT, 'inland_tariffs', ['port', 'station']);

export const findInlandTariffById = reads.findById;

export function findInlandTariffList(
  db: Conn,
  query: InlandTariffListQuery,
): Promise<{ count: number; results: InlandTariff[] }> {
  const conditions: SQL[] = [];
  if (query.mode) conditions.push(sql`t.mode = ${query.mode}`);
  if (query.port_id !== undefined) conditions.push(sql`t.port_id = ${query.port_id}`);
  if (query.station_id !== undefined) conditions.push(sql`t.station_id = ${query.station_id}`);
  return reads.findPage(
    db,
    query,
    conditions,
    sql`p.code, t.mode desc, s.code nulls last, t.from_km nulls last, t.iso_code, t.valid_from desc, t.id`,
  );
}

export type InlandKey = Pick<
  InlandTariffBody,
  'mode' | 'portId' | 'stationId' | 'fromKm' | 'toKm' | 'isoCode' | 'validFrom' | 'validTo'
>;

/**
 * Serialises writers of one port, mode and size-type (a transaction-scoped advisory lock), then finds an active
 * inland tariff other than `exceptId` that would price the same leg on a same day: for RAIL the same station, for
 * DOOR an overlapping band. A deactivated one blocks nothing.
 */
export async function lockAndFindInlandOverlap(
  tx: Tx,
  key: InlandKey,
  exceptId?: number,
): Promise<{
  id: number;
  validFrom: string;
  validTo: string;
  fromKm: number | null;
  toKm: number | null;
} | null> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`inland-tariff:${key.mode}:${key.portId}:${key.isoCode}`}, 0))`,
  );
  const place =
    key.mode === 'RAIL'
      ? sql`station_id = ${key.stationId ?? 0}`
      : sql`from_km < ${key.toKm ?? 0} and to_km > ${key.fromKm ?? 0}`;
  const [row] = await queryRows<{
    id: number;
    validFrom: string;
    validTo: string;
    fromKm: number | null;
    toKm: number | null;
  }>(
    tx,
    sql`select id, to_char(valid_from, 'YYYY-MM-DD') as "validFrom", to_char(valid_to, 'YYYY-MM-DD') as "validTo",
          from_km as "fromKm", to_km as "toKm"
        from inland_tariffs where mode = ${key.mode} and port_id = ${key.portId} and iso_code = ${key.isoCode}
          and ${place}
          and valid_from <= ${key.validTo}::date and valid_to >= ${key.validFrom}::date
          and id <> ${exceptId ?? 0} and active
        order by valid_from limit 1`,
  );
  return row ?? null;
}

/** What the tariff names: the port (and its country), the station, the size-type. */
export async function findInlandReferences(
  tx: Tx,
  body: Pick<InlandTariffBody, 'portId' | 'stationId' | 'isoCode'>,
): Promise<{ portCountry: string | null; station: boolean; iso: boolean }> {
  const [row] = await queryRows<{ portCountry: string | null; station: boolean; iso: boolean }>(
    tx,
    sql`select (select country_code from ports where id = ${body.portId}) as "portCountry",
               exists (select 1 from railway_stations where id = ${body.stationId ?? 0}) as station,
               exists (select 1 from iso_equipment where code = ${body.isoCode}) as iso`,
  );
  return row ?? { portCountry: null, station: false, iso: false };
}

const columns = (body: InlandTariffBody) => ({
  mode: body.mode,
  portId: body.portId,
  stationId: body.mode === 'RAIL' ? (body.stationId ?? null) : null,
  fromKm: body.mode === 'DOOR' ? (body.fromKm ?? null) : null,
  toKm: body.mode === 'DOOR' ? (body.toKm ?? null) : null,
  isoCode: body.isoCode,
  validFrom: body.validFrom,
  validTo: body.validTo,
  currency: body.currency,
  amount: body.amount,
});

/** A new inland tariff; answers its id. */
export async function insertInlandTariff(
  tx: Tx,
  body: InlandTariffBody,
  createdById: number,
): Promise<number> {
  const [row] = await tx
    .insert(inlandTariffs)
    .values({ ...columns(body), createdById })
    .returning({ id: inlandTariffs.id });
  return row!.id;
}

/** The inland tariff as the body says, version + 1. */
export async function updateInlandTariffRow(tx: Tx, id: number, body: InlandTariffBody): Promise<void> {
  await tx
    .update(inlandTariffs)
    .set({ ...columns(body), version: sql`${inlandTariffs.version} + 1`, updatedAt: sql`now()` })
    .where(eq(inlandTariffs.id, id));
}
