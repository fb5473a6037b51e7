import type {
  CarrierService,
  CarrierServiceBody,
  CutOffCode,
  PointToPointResult,
  PortRef,
  Vessel,
  VesselBody,
  VesselListQuery,
  Voyage,
  VoyageListQuery,
} from '@lading/contract/voyages';
import { MAX_CONNECTION_DAYS, MIN_CONNECTION_HOURS } from '@lading/contract/voyages';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import {
  carrierServices,
  serviceCalls,
  serviceCutOffs,
  serviceVessels,
  transportCallCutOffs,
  transportCalls,
  vessels,
  voyages,
} from '../../db/schema/voyages';
import { escapeLike } from '../../db/text-search';
import { type Scope, scoped } from '../../lib/scopes';
import type { PlannedVoyage, ServicePlan } from './voyage-plan';

type Conn = Db | Tx;

/** A UTC instant as ISO 8601 text (`2026-11-28T18:00:00Z`). */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const portJson = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'code', ${alias}.code, 'name', ${alias}.name, 'timeZone', ${alias}.time_zone)`,
  );

/** PGlite answers json columns as text, pg as objects. */
function parsed<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/* ---------------------------------------------------------------- vessels */

const VESSEL_COLUMNS = sql`vs.id, vs.imo_number as "imoNumber", vs.name, vs.flag, vs.call_sign as "callSign",
  vs.operator_carrier_code as "operatorCarrierCode", vs.teu_capacity as "teuCapacity", vs.active, vs.version`;

export async function findVessels(
  db: Conn,
  query: VesselListQuery,
): Promise<{ count: number; results: Vessel[] }> {
  const conditions: SQL[] = [sql`true`];
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(sql`(vs.name ilike ${like} or vs.imo_number like ${like})`);
  }
  if (query.active !== undefined) conditions.push(sql`vs.active = ${query.active}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, counted] = await Promise.all([
    queryRows<Vessel>(
      db,
      sql`select ${VESSEL_COLUMNS} from vessels vs where ${where} order by vs.name, vs.id
        limit ${query.limit} offset ${query.skip}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from vessels vs where ${where}`),
  ]);
  return { count: counted[0]?.n ?? 0, results: rows };
}

export async function findVesselById(db: Conn, id: number, forUpdate = false): Promise<Vessel | null> {
  const lock = forUpdate ? sql` for update` : sql``;
  const [row] = await queryRows<Vessel>(
    db,
    sql`select ${VESSEL_COLUMNS} from vessels vs where vs.id = ${id}${lock}`,
  );
  return row ?? null;
}

export async function findVesselByImo(db: Conn, imoNumber: string): Promise<{ id: number } | null> {
  const [row] = await db.select({ id: vessels.id }).from(vessels).where(eq(vessels.imoNumber, imoNumber));
  return row ?? null;
}

export async function insertVessel(tx: Tx, body: VesselBody): Promise<number> {
  const [row] = await tx.insert(vessels).values(body).returning({ id: vessels.id });
  return row!.id;
}

export async function updateVesselRow(tx: Tx, id: number, body: VesselBody): Promise<void> {
  await tx
    .update(vessels)
    .set({ ...body, version: sql`${vessels.version} + 1`, updatedAt: sql`now()` })
    .where(eq(vessels.id, id));
}

/** Which of these vessel ids exist. */
export async function existingVesselIds(db: Conn, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: vessels.id }).from(vessels).where(inArray(vessels.id, ids));
  return new Set(rows.map((row) => row.id));
}

/* ---------------------------------------------------------------- services */

const SERVICE_SELECT = sql`
  select s.id, s.code, s.name, s.frequency_days as "frequencyDays", s.voyage_suffix as "voyageSuffix", s.active,
    s.version,
    coalesce((select json_agg(json_build_object('sequence', c.sequence, 'port', ${portJson('p')},
        'terminalName', c.terminal_name, 'dayOffset', c.day_offset, 'portStayHours', c.port_stay_hours)
        order by c.sequence)
      from service_calls c join ports p on p.id = c.port_id where c.service_id = s.id), '[]'::json) as calls,
    coalesce((select json_agg(json_build_object('id', vs.id, 'name', vs.name, 'imoNumber', vs.imo_number)
        order by sv.position)
      from service_vessels sv join vessels vs on vs.id = sv.vessel_id where sv.service_id = s.id), '[]'::json)
      as vessels,
    coalesce((select json_agg(json_build_object('code', co.code, 'hoursBeforeDeparture', co.hours_before_departure)
        order by co.hours_before_departure desc, co.code)
      from service_cut_offs co where co.service_id = s.id), '[]'::json) as "cutOffs"
  from carrier_services s`;

function toService(row: Record<string, unknown>): CarrierService {
  return {
    ...(row as CarrierService),
    calls: parsed(row.calls),
    vessels: parsed(row.vessels),
    cutOffs: parsed(row.cutOffs),
  };
}

export async function findServices(db: Conn): Promise<CarrierService[]> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`${SERVICE_SELECT} order by s.code`);
  return rows.map(toService);
}

export async function findServiceById(
  db: Conn,
  id: number,
  forUpdate = false,
): Promise<CarrierService | null> {
  const lock = forUpdate ? sql` for update of s` : sql``;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`${SERVICE_SELECT} where s.id = ${id}${lock}`,
  );
  return row ? toService(row) : null;
}

export async function findServiceByCode(db: Conn, code: string): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: carrierServices.id })
    .from(carrierServices)
    .where(eq(carrierServices.code, code));
  return row ?? null;
}

/** The ids of these UN/LOCODEs that name a known sea port. */
export async function seaPortIds(db: Conn, codes: string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const rows = await queryRows<{ id: number; code: string }>(
    db,
    sql`select id, code from ports where code in (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )}) and 'SP' = any(port_types)`,
  );
  return new Map(rows.map((row) => [row.code, row.id]));
}

type ServiceRows = {
  calls: { portId: number; terminalName: string | null; dayOffset: number; portStayHours: number }[];
  vesselIds: number[];
  cutOffs: { code: CutOffCode; hoursBeforeDeparture: number }[];
};

async function writeServiceChildren(tx: Tx, serviceId: number, rows: ServiceRows) {
  await tx.delete(serviceCalls).where(eq(serviceCalls.serviceId, serviceId));
  await tx.delete(serviceVessels).where(eq(serviceVessels.serviceId, serviceId));
  await tx.delete(serviceCutOffs).where(eq(serviceCutOffs.serviceId, serviceId));
  await tx
    .insert(serviceCalls)
    .values(rows.calls.map((call, i) => ({ serviceId, sequence: i + 1, ...call })));
  if (rows.vesselIds.length)
    await tx
      .insert(serviceVessels)
      .values(rows.vesselIds.map((vesselId, i) => ({ serviceId, position: i + 1, vesselId })));
  if (rows.cutOffs.length)
    await tx.insert(serviceCutOffs).values(rows.cutOffs.map((rule) => ({ serviceId, ...rule })));
}

export async function insertService(
  tx: Tx,
  body: Pick<CarrierServiceBody, 'code' | 'name' | 'frequencyDays' | 'voyageSuffix' | 'active'>,
  rows: ServiceRows,
): Promise<number> {
  const [row] = await tx
    .insert(carrierServices)
    .values({
      code: body.code,
      name: body.name,
      frequencyDays: body.frequencyDays,
      voyageSuffix: body.voyageSuffix,
      active: body.active,
    })
    .returning({ id: carrierServices.id });
  await writeServiceChildren(tx, row!.id, rows);
  return row!.id;
}

export async function updateServiceRow(
  tx: Tx,
  id: number,
  body: Pick<CarrierServiceBody, 'code' | 'name' | 'frequencyDays' | 'voyageSuffix' | 'active'>,
  rows: ServiceRows,
): Promise<void> {
  await tx
    .update(carrierServices)
    .set({
      code: body.code,
      name: body.name,
      frequencyDays: body.frequencyDays,
      voyageSuffix: body.voyageSuffix,
      active: body.active,
      version: sql`${carrierServices.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(carrierServices.id, id));
  await writeServiceChildren(tx, id, rows);
}

/** What generation needs of a service: its rotation (port ids), vessels in order and cut-off rules. */
export async function findServicePlan(tx: Tx, id: number): Promise<ServicePlan | null> {
  const [service] = await tx
    .select({ frequencyDays: carrierServices.frequencyDays, voyageSuffix: carrierServices.voyageSuffix })
    .from(carrierServices)
    .where(eq(carrierServices.id, id))
    .for('update');
  if (!service) return null;
  // One after another: a transaction is one connection, and pg refuses (from pg 9; a deprecation warning now) a
  // query sent while the connection is still busy with another.
  const calls = await tx
    .select()
    .from(serviceCalls)
    .where(eq(serviceCalls.serviceId, id))
    .orderBy(serviceCalls.sequence);
  const deployed = await tx
    .select({ vesselId: serviceVessels.vesselId })
    .from(serviceVessels)
    .innerJoin(vessels, eq(vessels.id, serviceVessels.vesselId))
    .where(and(eq(serviceVessels.serviceId, id), eq(vessels.active, true)))
    .orderBy(serviceVessels.position);
  const cutOffs = await tx.select().from(serviceCutOffs).where(eq(serviceCutOffs.serviceId, id));
  return {
    ...service,
    calls: calls.map(({ serviceId: _, ...call }) => call),
    vesselIds: deployed.map((row) => row.vesselId),
    cutOffs: cutOffs.map((rule) => ({
      code: rule.code as CutOffCode,
      hoursBeforeDeparture: rule.hoursBeforeDeparture,
    })),
  };
}

/**
 * Writes one planned voyage unless the service already has that voyage number (then nothing is written): its calls
 * and their cut-offs. Answers the voyage id and whether it is new.
 */
export async function insertPlannedVoyage(
  tx: Tx,
  serviceId: number,
  plan: PlannedVoyage,
): Promise<{ id: number; created: boolean }> {
  const [created] = await tx
    .insert(voyages)
    .values({ serviceId, vesselId: plan.vesselId, carrierVoyageNumber: plan.carrierVoyageNumber })
    .onConflictDoNothing({ target: [voyages.serviceId, voyages.carrierVoyageNumber] })
    .returning({ id: voyages.id });
  if (!created) {
    const [existing] = await tx
      .select({ id: voyages.id })
      .from(voyages)
      .where(
        and(eq(voyages.serviceId, serviceId), eq(voyages.carrierVoyageNumber, plan.carrierVoyageNumber)),
      );
    return { id: existing!.id, created: false };
  }
  const calls = await tx
    .insert(transportCalls)
    .values(
      plan.calls.map((call, i) => ({
        voyageId: created.id,
        sequence: i + 1,
        portId: call.portId,
        terminalName: call.terminalName,
        plannedArrival: call.arrival,
        plannedDeparture: call.departure,
        eta: call.arrival,
        etd: call.departure,
      })),
    )
    .returning({ id: transportCalls.id, sequence: transportCalls.sequence });
  const cutOffRows = calls.flatMap((row) =>
    plan.calls[row.sequence - 1]!.cutOffs.map((cutOff) => ({ transportCallId: row.id, ...cutOff })),
  );
  if (cutOffRows.length) await tx.insert(transportCallCutOffs).values(cutOffRows);
  return { id: created.id, created: true };
}

/* ---------------------------------------------------------------- voyages */

const CALLS_JSON = sql`coalesce((select json_agg(json_build_object('id', tc.id, 'sequence', tc.sequence,
    'port', ${portJson('p')}, 'terminalName', tc.terminal_name,
    'plannedArrival', ${iso(sql`tc.planned_arrival`)}, 'plannedDeparture', ${iso(sql`tc.planned_departure`)},
    'eta', ${iso(sql`tc.eta`)}, 'etd', ${iso(sql`tc.etd`)}, 'ata', ${iso(sql`tc.ata`)}, 'atd', ${iso(sql`tc.atd`)},
    'status', tc.status,
    'cutOffs', coalesce((select json_agg(json_build_object('code', co.code, 'at', ${iso(sql`co.at`)})
        order by co.at, co.code)
      from transport_call_cut_offs co where co.transport_call_id = tc.id), '[]'::json))
    order by tc.sequence)
  from transport_calls tc join ports p on p.id = tc.port_id where tc.voyage_id = v.id), '[]'::json)`;

const VOYAGE_SELECT = sql`
  select v.id, v.carrier_voyage_number as "carrierVoyageNumber", v.version,
    json_build_object('id', s.id, 'code', s.code, 'name', s.name) as service,
    json_build_object('id', vs.id, 'name', vs.name, 'imoNumber', vs.imo_number, 'flag', vs.flag) as vessel,
    ${CALLS_JSON} as calls
  from voyages v
  join carrier_services s on s.id = v.service_id
  join vessels vs on vs.id = v.vessel_id`;

function toVoyage(row: Record<string, unknown>): Voyage {
  return {
    ...(row as Voyage),
    service: parsed(row.service),
    vessel: parsed(row.vessel),
    calls: parsed(row.calls),
  };
}

/** One voyage with its calls and cut-offs (schedules are not confidential: every signed-in caller reads them). */
export async function findVoyageById(db: Conn, id: number, forUpdate = false): Promise<Voyage | null> {
  const lock = forUpdate ? sql` for update of v` : sql``;
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${VOYAGE_SELECT} where v.id = ${id}${lock}`);
  return row ? toVoyage(row) : null;
}

export async function findVoyages(
  db: Conn,
  query: VoyageListQuery,
): Promise<{ count: number; results: Voyage[] }> {
  const conditions: SQL[] = [sql`true`];
  if (query.service_id !== undefined) conditions.push(sql`v.service_id = ${query.service_id}`);
  if (query.vessel_id !== undefined) conditions.push(sql`v.vessel_id = ${query.vessel_id}`);
  if (query.voyage_number)
    conditions.push(sql`v.carrier_voyage_number ilike ${`%${escapeLike(query.voyage_number)}%`}`);
  if (query.port)
    conditions.push(sql`exists (select 1 from transport_calls pc join ports pp on pp.id = pc.port_id
      where pc.voyage_id = v.id and pp.code = ${query.port})`);
  if (query.departureFrom)
    conditions.push(sql`(select f.etd from transport_calls f where f.voyage_id = v.id and f.sequence = 1)
      >= ${query.departureFrom}::date`);
  if (query.departureTo)
    conditions.push(sql`(select f.etd from transport_calls f where f.voyage_id = v.id and f.sequence = 1)
      < ${query.departureTo}::date + 1`);
  const where = sql.join(conditions, sql` and `);
  const first = sql`(select f.etd from transport_calls f where f.voyage_id = v.id and f.sequence = 1)`;
  const [rows, counted] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`${VOYAGE_SELECT} where ${where} order by ${first}, s.code, v.id limit ${query.limit} offset ${query.skip}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from voyages v where ${where}`),
  ]);
  return { count: counted[0]?.n ?? 0, results: rows.map(toVoyage) };
}

/** What a schedule read (DCSA Commercial Schedules) filters voyages by; every filter given must hold. */
export type ScheduleFilter = {
  voyageIds?: number[];
  serviceCode?: string;
  vesselImo?: string;
  /** The vessel's name, whole, in any case. */
  vesselName?: string;
  voyageNumber?: string;
  operatorCarrierCode?: string;
  /** A call at this port (UN/LOCODE)… */
  portCode?: string;
  /** …whose stay (earliest arrival to latest departure, planned, estimated or actual) meets these days, as dates at the port. */
  from?: string;
  to?: string;
};

/** A voyage as schedules show it: the vessel's particulars, and which of its calls met the call filters. */
export type ScheduleVoyage = {
  id: number;
  carrierVoyageNumber: string;
  service: { code: string; name: string };
  vessel: {
    imoNumber: string;
    name: string;
    flag: string;
    callSign: string | null;
    operatorCarrierCode: string;
  };
  calls: Voyage['calls'];
  matchedCallIds: number[];
};

/**
 * Voyages with a call meeting the port and date filters (each call's own stay, at the port's local date) and the
 * voyage filters, by service, vessel and first departure; at most `limit`. Schedules are carrier-wide: every caller
 * with the schedule permission reads them all.
 */
export async function findScheduleVoyages(
  db: Conn,
  filter: ScheduleFilter,
  limit: number,
): Promise<ScheduleVoyage[]> {
  const local = (column: SQL) => sql`(${column} at time zone coalesce(cp.time_zone, 'UTC'))::date`;
  const callConditions: SQL[] = [sql`true`];
  if (filter.portCode) callConditions.push(sql`cp.code = ${filter.portCode}`);
  if (filter.from)
    callConditions.push(
      sql`${local(sql`greatest(c.planned_departure, c.etd, c.atd)`)} >= ${filter.from}::date`,
    );
  if (filter.to)
    callConditions.push(sql`${local(sql`least(c.planned_arrival, c.eta, c.ata)`)} <= ${filter.to}::date`);
  const callMatch = sql.join(callConditions, sql` and `);
  const matchedCalls = sql`from transport_calls c join ports cp on cp.id = c.port_id
    where c.voyage_id = v.id and ${callMatch}`;
  const conditions: SQL[] = [sql`exists (select 1 ${matchedCalls})`];
  if (filter.voyageIds)
    conditions.push(
      filter.voyageIds.length
        ? sql`v.id in (${sql.join(
            filter.voyageIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (filter.serviceCode) conditions.push(sql`s.code = ${filter.serviceCode}`);
  if (filter.vesselImo) conditions.push(sql`vs.imo_number = ${filter.vesselImo}`);
  if (filter.vesselName) conditions.push(sql`lower(vs.name) = lower(${filter.vesselName})`);
  if (filter.voyageNumber) conditions.push(sql`v.carrier_voyage_number = ${filter.voyageNumber}`);
  if (filter.operatorCarrierCode)
    conditions.push(sql`vs.operator_carrier_code = ${filter.operatorCarrierCode}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select v.id, v.carrier_voyage_number as "carrierVoyageNumber",
        json_build_object('code', s.code, 'name', s.name) as service,
        json_build_object('imoNumber', vs.imo_number, 'name', vs.name, 'flag', vs.flag, 'callSign', vs.call_sign,
          'operatorCarrierCode', vs.operator_carrier_code) as vessel,
        ${CALLS_JSON} as calls,
        coalesce((select json_agg(c.id order by c.sequence) ${matchedCalls}), '[]'::json) as "matchedCallIds"
      from voyages v
      join carrier_services s on s.id = v.service_id
      join vessels vs on vs.id = v.vessel_id
      where ${sql.join(conditions, sql` and `)}
      order by s.code, vs.name,
        (select f.etd from transport_calls f where f.voyage_id = v.id order by f.sequence limit 1), v.id
      limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id as number,
    carrierVoyageNumber: row.carrierVoyageNumber as string,
    service: parsed(row.service),
    vessel: parsed(row.vessel),
    calls: parsed(row.calls),
    matchedCallIds: parsed(row.matchedCallIds),
  }));
}

export type CallRow = {
  id: number;
  status: string;
  portId: number;
  eta: Date;
  etd: Date;
  ata: Date | null;
  atd: Date | null;
};

/**
 * One call of a voyage within the caller's scope for transport calls (a branch: the calls at its office's port),
 * locked for the change; null when absent or outside the scope.
 */
export async function findCallForUpdate(
  tx: Tx,
  scope: Scope,
  voyageId: number,
  sequence: number,
): Promise<CallRow | null> {
  const [row] = await queryRows<
    CallRow & { eta: string; etd: string; ata: string | null; atd: string | null }
  >(
    tx,
    sql`select tc.id, tc.status, tc.port_id as "portId", ${iso(sql`tc.eta`)} as eta, ${iso(sql`tc.etd`)} as etd,
        ${iso(sql`tc.ata`)} as ata, ${iso(sql`tc.atd`)} as atd
      from transport_calls tc
      where tc.voyage_id = ${voyageId} and tc.sequence = ${sequence} and ${scoped('transportCall', scope)}
      for update`,
  );
  if (!row) return null;
  const date = (value: string | null) => (value ? new Date(value) : null);
  return {
    id: row.id,
    status: row.status,
    portId: row.portId,
    eta: date(row.eta)!,
    etd: date(row.etd)!,
    ata: date(row.ata),
    atd: date(row.atd),
  };
}

export async function updateCall(
  tx: Tx,
  callId: number,
  set: Partial<{
    eta: Date;
    etd: Date;
    ata: Date;
    atd: Date;
    status: (typeof transportCalls.$inferSelect)['status'];
  }>,
): Promise<void> {
  await tx
    .update(transportCalls)
    .set({ ...set, version: sql`${transportCalls.version} + 1` })
    .where(eq(transportCalls.id, callId));
}

/** Moves a call's cut-offs by the change of its departure (a delay keeps the deadlines as far before it). */
export async function shiftCutOffs(tx: Tx, callId: number, byMilliseconds: number): Promise<void> {
  await tx
    .update(transportCallCutOffs)
    .set({
      at: sql`${transportCallCutOffs.at} + ${`${Math.round(byMilliseconds / 1000)} seconds`}::interval`,
    })
    .where(eq(transportCallCutOffs.transportCallId, callId));
}

export async function replaceCutOffs(tx: Tx, callId: number, cutOffs: { code: CutOffCode; at: string }[]) {
  await tx.delete(transportCallCutOffs).where(eq(transportCallCutOffs.transportCallId, callId));
  if (cutOffs.length)
    await tx
      .insert(transportCallCutOffs)
      .values(
        cutOffs.map((cutOff) => ({ transportCallId: callId, code: cutOff.code, at: new Date(cutOff.at) })),
      );
}

export async function bumpVoyageVersion(tx: Tx, voyageId: number): Promise<number> {
  const [row] = await tx
    .update(voyages)
    .set({ version: sql`${voyages.version} + 1`, updatedAt: sql`now()` })
    .where(eq(voyages.id, voyageId))
    .returning({ version: voyages.version });
  return row!.version;
}

/* ---------------------------------------------------------------- point-to-point */

/** The loading call's cut-offs, as JSON, over the alias `l`. */
const LOADING_CUT_OFFS = sql`coalesce((select json_agg(json_build_object('code', co.code, 'at', ${iso(sql`co.at`)})
    order by co.at, co.code)
  from transport_call_cut_offs co where co.transport_call_id = l.id), '[]'::json)`;

/** A call a vessel still leaves from: not omitted, not departed. */
const OPEN_FOR_LOADING = sql`in ('SCHEDULED', 'ARRIVED')`;

/** A voyage's vessel, voyage number and service, as JSON, by primary key (a sub-select, see findPointToPoint). */
const voyageInfo = (
  voyageId: SQL,
) => sql`(select json_build_object('vesselName', vs.name, 'vesselImo', vs.imo_number,
      'carrierVoyageNumber', v.carrier_voyage_number, 'serviceCode', s.code)
    from voyages v join vessels vs on vs.id = v.vessel_id join carrier_services s on s.id = v.service_id
    where v.id = ${voyageId})`;

/** A port's code, name and time zone, as JSON, by primary key. */
const portInfo = (portId: SQL) =>
  sql`(select json_build_object('code', p.code, 'name', p.name, 'timeZone', p.time_zone) from ports p where p.id = ${portId})`;

/**
 * Sailings from `pol` to `pod` departing in [from, to) (UTC instants), direct and — when `maxTranshipment` is 1 —
 * with one transhipment: the first vessel's arrival at a port where another voyage departs between
 * MIN_CONNECTION_HOURS and MAX_CONNECTION_DAYS later and calls at `pod` (per departure, the connection arriving
 * first). Both legs start from the (port, etd) index; a voyage's later calls are found by (voyage, sequence).
 *
 * Each branch finds its calls first, in a sub-query of the transport calls alone (fenced: `offset 0`, `distinct on`),
 * and reads the voyages, vessels, services and ports of what it found by primary key in sub-selects. Written as one
 * join of thirteen relations, PostgreSQL spent 3.4–6.6 ms choosing a join order for 0.7–1.1 ms of execution (issue 29,
 * figure 8); planned in these pieces, 0.5 ms.
 */
export async function findPointToPoint(
  db: Conn,
  query: { polId: number; podId: number; from: Date; to: Date; maxTranshipment: number },
): Promise<PointToPointResult[]> {
  const window = sql`l.port_id = ${query.polId} and l.status ${OPEN_FOR_LOADING}
      and l.etd >= ${query.from.toISOString()}::timestamptz and l.etd < ${query.to.toISOString()}::timestamptz`;
  const direct = sql`
    select l.voyage_id, ${voyageInfo(sql`l.voyage_id`)} as voyage, ${portInfo(sql`l.pol_id`)} as pol,
      ${portInfo(sql`l.pod_id`)} as pod, l.etd_at, l.eta_at, null::json as transhipment, ${LOADING_CUT_OFFS} as "cutOffs"
    from (
      select l.id, l.voyage_id, l.port_id as pol_id, d.port_id as pod_id, l.etd as etd_at, d.eta as eta_at
      from transport_calls l
      join transport_calls d on d.voyage_id = l.voyage_id and d.sequence > l.sequence
        and d.port_id = ${query.podId} and d.status <> 'OMITTED'
      where ${window}
      offset 0
    ) l`;
  const transhipped = sql`
    select l.voyage_id, ${voyageInfo(sql`l.voyage_id`)} as voyage, ${portInfo(sql`l.pol_id`)} as pol,
      ${portInfo(sql`l.pod_id`)} as pod, l.etd_at, l.eta_at,
      (select json_build_object('code', pt.code, 'name', pt.name, 'timeZone', pt.time_zone, 'voyageId', v2.id,
          'vesselName', vs2.name, 'carrierVoyageNumber', v2.carrier_voyage_number, 'serviceCode', s2.code,
          'eta', ${iso(sql`l.via_eta`)}, 'etd', ${iso(sql`l.via_etd`)})
        from ports pt, voyages v2 join vessels vs2 on vs2.id = v2.vessel_id join carrier_services s2 on s2.id = v2.service_id
        where pt.id = l.via_port_id and v2.id = l.via_voyage_id) as transhipment,
      ${LOADING_CUT_OFFS} as "cutOffs"
    from (
      select distinct on (l.id) l.id, l.voyage_id, l.port_id as pol_id, d2.port_id as pod_id, l.etd as etd_at,
        d2.eta as eta_at, d1.port_id as via_port_id, d1.eta as via_eta, l2.voyage_id as via_voyage_id, l2.etd as via_etd
      from transport_calls l
      join transport_calls d1 on d1.voyage_id = l.voyage_id and d1.sequence > l.sequence and d1.status <> 'OMITTED'
        and d1.port_id not in (${query.polId}, ${query.podId})
      join transport_calls l2 on l2.port_id = d1.port_id and l2.voyage_id <> l.voyage_id
        and l2.status ${OPEN_FOR_LOADING}
        and l2.etd >= d1.eta + ${`${MIN_CONNECTION_HOURS} hours`}::interval
        and l2.etd <= d1.eta + ${`${MAX_CONNECTION_DAYS} days`}::interval
      join transport_calls d2 on d2.voyage_id = l2.voyage_id and d2.sequence > l2.sequence
        and d2.port_id = ${query.podId} and d2.status <> 'OMITTED'
      where ${window}
        and not exists (select 1 from transport_calls x where x.voyage_id = l.voyage_id and x.sequence > l.sequence
          and x.port_id = ${query.podId} and x.status <> 'OMITTED')
      order by l.id, d2.eta, l2.etd
    ) l`;
  const union = query.maxTranshipment > 0 ? sql`(${direct}) union all (${transhipped})` : direct;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select r.voyage_id as "voyageId", r.voyage->>'vesselName' as "vesselName", r.voyage->>'vesselImo' as "vesselImo",
        r.voyage->>'carrierVoyageNumber' as "carrierVoyageNumber", r.voyage->>'serviceCode' as "serviceCode", r.pol, r.pod,
        ${iso(sql`r.etd_at`)} as etd, ${iso(sql`r.eta_at`)} as eta,
        ceil(extract(epoch from (r.eta_at - r.etd_at)) / 86400)::int as "transitDays",
        r.transhipment, r."cutOffs"
      from (${union}) r
      order by r.etd_at, r.eta_at, r.voyage_id
      limit 200`,
  );
  return rows.map((row) => ({
    ...(row as PointToPointResult),
    pol: parsed(row.pol),
    pod: parsed(row.pod),
    transhipment: parsed(row.transhipment ?? null),
    cutOffs: parsed(row.cutOffs),
  }));
}

/** A port's id by UN/LOCODE. */
export async function findPortId(db: Conn, code: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from ports where code = ${code}`);
  return row?.id ?? null;
}

export type LoadingCall = {
  voyageId: number;
  carrierVoyageNumber: string;
  vesselName: string;
  callId: number;
  /** The port of loading, with its time zone. */
  port: PortRef;
  status: string;
  etd: string;
  cutOffs: { code: CutOffCode; at: string }[];
};

/** The voyage's first call at this port that is not omitted (where cargo loads), with its cut-offs; null if none. */
export async function findLoadingCall(
  db: Conn,
  voyageId: number,
  portId: number,
): Promise<LoadingCall | null> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select v.id as "voyageId", v.carrier_voyage_number as "carrierVoyageNumber", vs.name as "vesselName",
        l.id as "callId", ${portJson('p')} as port, l.status, ${iso(sql`l.etd`)} as etd,
        ${LOADING_CUT_OFFS} as "cutOffs"
      from transport_calls l
      join voyages v on v.id = l.voyage_id
      join vessels vs on vs.id = v.vessel_id
      join ports p on p.id = l.port_id
      where l.voyage_id = ${voyageId} and l.port_id = ${portId} and l.status <> 'OMITTED'
      order by l.sequence limit 1`,
  );
  return row ? { ...(row as LoadingCall), port: parsed(row.port), cutOffs: parsed(row.cutOffs) } : null;
}

/**
 * The onward connection of a sailing that loads at `polId` but does not reach `podId`: by the point-to-point search's
 * rule (a later call of the first voyage where another voyage leaves MIN_CONNECTION_HOURS to MAX_CONNECTION_DAYS after
 * the arrival and reaches the port of discharge; the one arriving first), whatever the calls' status now, omitted
 * calls aside. The sequences name the arrival on the first voyage and the departure on the second. Null when the
 * voyage goes there itself, or no voyage connects.
 */
export async function findOnwardConnection(
  db: Conn,
  ids: { voyageId: number; polId: number; podId: number },
): Promise<{ arrivalSequence: number; voyageId: number; departureSequence: number } | null> {
  const [row] = await queryRows<{ arrivalSequence: number; voyageId: number; departureSequence: number }>(
    db,
    sql`select d1.sequence as "arrivalSequence", l2.voyage_id as "voyageId", l2.sequence as "departureSequence"
      from transport_calls l
      join transport_calls d1 on d1.voyage_id = l.voyage_id and d1.sequence > l.sequence and d1.status <> 'OMITTED'
        and d1.port_id not in (${ids.polId}, ${ids.podId})
      join transport_calls l2 on l2.port_id = d1.port_id and l2.voyage_id <> l.voyage_id and l2.status <> 'OMITTED'
        and l2.etd >= d1.eta + ${`${MIN_CONNECTION_HOURS} hours`}::interval
        and l2.etd <= d1.eta + ${`${MAX_CONNECTION_DAYS} days`}::interval
      join transport_calls d2 on d2.voyage_id = l2.voyage_id and d2.sequence > l2.sequence
        and d2.port_id = ${ids.podId} and d2.status <> 'OMITTED'
      where l.voyage_id = ${ids.voyageId} and l.port_id = ${ids.polId} and l.status <> 'OMITTED'
        and not exists (select 1 from transport_calls x where x.voyage_id = l.voyage_id and x.sequence > l.sequence
          and x.port_id = ${ids.podId} and x.status <> 'OMITTED')
      order by l.sequence, d2.eta, l2.etd, l2.voyage_id
      limit 1`,
  );
  return row ?? null;
}

/**
 * A read fragment lent to the records that name a sailing (bookings): `left join lateral (…) <alias> on true` giving
 * `<alias>.vessel_name`, `.voyage_number`, `.etd` and `.eta` (timestamps of the calls at the two ports, current
 * estimates), `.status` of the loading call and `.cut_offs` (JSON) — so a booking follows later changes of its
 * voyage. Empty when `voyageId` is null.
 */
export function sailingJoin(alias: string, ids: { voyageId: SQL; polId: SQL; podId: SQL }): SQL {
  const a = sql.raw(alias);
  return sql`left join lateral (
    select vs.name as vessel_name, v.carrier_voyage_number as voyage_number, l.etd, l.status,
      (select d.eta from transport_calls d where d.voyage_id = v.id and d.sequence > l.sequence
        and d.port_id = ${ids.podId} and d.status <> 'OMITTED' order by d.sequence limit 1) as eta,
      ${LOADING_CUT_OFFS} as cut_offs
    from voyages v
    join vessels vs on vs.id = v.vessel_id
    join transport_calls l on l.voyage_id = v.id and l.port_id = ${ids.polId} and l.status <> 'OMITTED'
    where v.id = ${ids.voyageId}
    order by l.sequence limit 1
  ) ${a} on true`;
}
