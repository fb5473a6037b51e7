import type { Tariff, TariffBody, TariffListQuery } from '@lading/contract/tariffs';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { tariffCharges, tariffs } from '../../db/schema/tariffs';
import { tariffReads } from './tariff-rows.repository';

type Conn = Db | Tx;

const TARIFF_SELECT = sql`
  select t.id, json_build_object('id', pl.id, 'code', pl.code, 'name', pl.name) as pol,
    json_build_object('id', pd.id, 'code', pd.code, 'name', pd.name) as pod, t.iso_code as "isoCode",
    to_char(t.valid_from, 'YYYY-MM-DD') as "validFrom", to_char(t.valid_to, 'YYYY-MM-DD') as "validTo", t.currency,
    coalesce((select json_agg(json_build_object('code', c.code, 'name', c.name, 'basis', c.basis,
        'amount', c.amount::text, 'hazardousOnly', c.hazardous_only) order by c.position)
      from tariff_charges c where c.tariff_id = t.id), '[]'::json) as charges,
    t.active, (select count(*)::int from quotation_tariffs qt where qt.tariff_id = t.id) as "quotationCount",
    t.version, to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
  from tariffs t join ports pl on pl.id = t.pol_id join ports pd on pd.id = t.pod_id`;

const reads = tariffReads<Tariff>(TARIFF_SELECT, 'tariffs', ['pol', 'pod', 'charges']);

export const findTariffById = reads.findById;

export function findTariffList(
  db: Conn,
  query: TariffListQuery,
): Promise<{ count: number; results: Tariff[] }> {
  const conditions: SQL[] = [];
  if (query.pol_id !== undefined) conditions.push(sql`t.pol_id = ${query.pol_id}`);
  if (query.pod_id !== undefined) conditions.push(sql`t.pod_id = ${query.pod_id}`);
  return reads.findPage(db, query, conditions, sql`pl.code, pd.code, t.iso_code, t.valid_from desc`);
}

/**
 * Serialises writers of one lane and size-type (a transaction-scoped advisory lock), then finds an active tariff of
 * that lane whose validity overlaps [validFrom, validTo], other than `exceptId` (a deactivated one blocks nothing).
 */
export async function lockLaneAndFindOverlap(
  tx: Tx,
  lane: {
    polId: number;
    podId: number;
    isoCode: string;
    validFrom: string;
    validTo: string;
    exceptId?: number;
  },
): Promise<{ id: number; validFrom: string; validTo: string } | null> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`tariff:${lane.polId}:${lane.podId}:${lane.isoCode}`}, 0))`,
  );
  const [row] = await queryRows<{ id: number; validFrom: string; validTo: string }>(
    tx,
    sql`select id, to_char(valid_from, 'YYYY-MM-DD') as "validFrom", to_char(valid_to, 'YYYY-MM-DD') as "validTo"
        from tariffs where pol_id = ${lane.polId} and pod_id = ${lane.podId} and iso_code = ${lane.isoCode}
          and valid_from <= ${lane.validTo}::date and valid_to >= ${lane.validFrom}::date
          and id <> ${lane.exceptId ?? 0} and active
        order by valid_from limit 1`,
  );
  return row ?? null;
}

/** Whether the tariff's ports and size-type exist. */
export async function findTariffReferences(
  tx: Tx,
  body: Pick<TariffBody, 'polId' | 'podId' | 'isoCode'>,
): Promise<{ pol: boolean; pod: boolean; iso: boolean }> {
  const [row] = await queryRows<{ pol: boolean; pod: boolean; iso: boolean }>(
    tx,
    sql`select exists (select 1 from ports where id = ${body.polId}) as pol,
               exists (select 1 from ports where id = ${body.podId}) as pod,
               exists (select 1 from iso_equipment where code = ${body.isoCode}) as iso`,
  );
  return row ?? { pol: false, pod: false, iso: false };
}

/** The tariff's charge lines replaced by the body's, in their order. */
async function replaceTariffCharges(tx: Tx, tariffId: number, body: TariffBody): Promise<void> {
  await tx.delete(tariffCharges).where(eq(tariffCharges.tariffId, tariffId));
  await tx.insert(tariffCharges).values(
    body.charges.map((charge, position) => ({
      tariffId,
      position,
      ...charge,
      hazardousOnly: charge.hazardousOnly,
    })),
  );
}

/** A new tariff with its charge lines; answers its id. */
export async function insertTariff(tx: Tx, body: TariffBody, createdById: number): Promise<number> {
  const [row] = await tx
    .insert(tariffs)
    .values({
      polId: body.polId,
      podId: body.podId,
      isoCode: body.isoCode,
      validFrom: body.validFrom,
      validTo: body.validTo,
      currency: body.currency,
      createdById,
    })
    .returning({ id: tariffs.id });
  await replaceTariffCharges(tx, row!.id, body);
  return row!.id;
}

/** The tariff and its charge lines as the body says, version + 1. */
export async function updateTariffRow(tx: Tx, id: number, body: TariffBody): Promise<void> {
  await tx
    .update(tariffs)
    .set({
      polId: body.polId,
      podId: body.podId,
      isoCode: body.isoCode,
      validFrom: body.validFrom,
      validTo: body.validTo,
      currency: body.currency,
      version: sql`${tariffs.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(tariffs.id, id));
  await replaceTariffCharges(tx, id, body);
}
