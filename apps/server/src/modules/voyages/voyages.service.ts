import { diffContent } from '@lading/contract/bills-of-lading';
import {
  type CallActualsBody,
  type CarrierService,
  type CarrierServiceBody,
  CUT_OFF_CODES,
  type CutOffCode,
  DEFAULT_WINDOW_DAYS,
  type DelayCallBody,
  type GenerateVoyagesBody,
  NOTIFY_DELAY_HOURS,
  type OmitCallBody,
  type PointToPointQuery,
  type PointToPointResult,
  type SetCutOffsBody,
  type Vessel,
  type VesselBody,
  type VesselListQuery,
  type Voyage,
  type VoyageListQuery,
} from '@lading/contract/voyages';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { withUniqueFields } from '../../lib/database-errors';
import { publishEvent } from '../../lib/domain-events';
import type { Principal } from '../../lib/principal';
import { assertCurrentVersion, requireExpectedVersion } from '../../lib/versioning';
import { planVoyages } from './voyage-plan';
import {
  bumpVoyageVersion,
  existingVesselIds,
  findCallForUpdate,
  findLoadingCall,
  findOnwardConnection,
  findPointToPoint,
  findPortId,
  findScheduleVoyages,
  findServiceByCode,
  findServiceById,
  findServicePlan,
  findServices,
  findVesselById,
  findVesselByImo,
  findVessels,
  findVoyageById,
  findVoyages,
  insertPlannedVoyage,
  insertService,
  insertVessel,
  type LoadingCall,
  replaceCutOffs,
  type ScheduleFilter,
  type ScheduleVoyage,
  seaPortIds,
  shiftCutOffs,
  updateCall,
  updateServiceRow,
  updateVesselRow,
} from './voyages.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const fieldError = (
  field: string,
  message: string,
  code: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED',
) => new AppError(code, `${field}: ${message}`, { fields: { [field]: message } });

/** 409 CUT_OFF_PASSED: `{ error: { code, message, cutOff, at } }`. */
export const cutOffPassed = (code: CutOffCode, at: string, message: string) =>
  new AppError('CUT_OFF_PASSED', message, { details: { cutOff: code, at } });

/**
 * Vessels, liner services and their voyages (issue 26): the carrier's schedule. Vessels and services are
 * carrier-wide; a voyage's call belongs to the office serving its port, so a branch changes only its own port's
 * calls (scope `transportCall`). Every change is versioned and audited; a call moved by more than
 * NOTIFY_DELAY_HOURS tells the customers booked on the voyage (VOYAGE_DELAYED).
 */
/**
 * A call's new estimate or actual, reported in the transaction of the change (the tracking module records its
 * transport events: app.ts wires it, so voyages knows nothing of tracking).
 */
export type CallChangeListener = (
  tx: Tx,
  caller: Principal,
  change: {
    voyageId: number;
    transportCallId: number;
    portId: number;
    events: { code: 'ARRI' | 'DEPA'; classifier: 'EST' | 'ACT'; at: Date }[];
    reason?: string;
  },
) => Promise<void>;

export function createVoyagesService(deps: { db: Db; onCallChange?: CallChangeListener }) {
  const { db } = deps;
  const onCallChange: CallChangeListener = deps.onCallChange ?? (async () => {});

  async function checkServiceReferences(tx: Tx, body: CarrierServiceBody, exceptId?: number) {
    const same = await findServiceByCode(tx, body.code);
    if (same && same.id !== exceptId)
      throw fieldError('code', `service ${body.code} already exists`, 'CONFLICT');
    const ports = await seaPortIds(tx, [...new Set(body.calls.map((call) => call.portCode))]);
    body.calls.forEach((call, i) => {
      if (!ports.has(call.portCode)) throw fieldError(`calls.${i}.portCode`, 'is not a known sea port');
    });
    const vesselIds = await existingVesselIds(tx, body.vesselIds);
    body.vesselIds.forEach((id, i) => {
      if (!vesselIds.has(id)) throw fieldError(`vesselIds.${i}`, 'is not a known vessel');
    });
    return {
      calls: body.calls.map((call) => ({
        portId: ports.get(call.portCode)!,
        terminalName: call.terminalName,
        dayOffset: call.dayOffset,
        portStayHours: call.portStayHours,
      })),
      vesselIds: body.vesselIds,
      cutOffs: body.cutOffs,
    };
  }

  const serviceContent = (service: CarrierService | (CarrierServiceBody & { vessels?: unknown })) => ({
    code: service.code,
    name: service.name,
    frequencyDays: service.frequencyDays,
    voyageSuffix: service.voyageSuffix,
    active: service.active,
    calls: (service.calls as { port?: { code: string }; portCode?: string; dayOffset: number }[]).map(
      (call) => `${call.port?.code ?? call.portCode} day ${call.dayOffset}`,
    ),
    cutOffs: service.cutOffs.map((rule) => `${rule.code} ${rule.hoursBeforeDeparture} h`),
  });

  /** One call of a voyage the caller may change: locks the voyage, checks its version, then finds the call. */
  async function lockCall(tx: Tx, caller: Principal, voyageId: number, sequence: number, expected: number) {
    const voyage = await findVoyageById(tx, voyageId, true);
    if (!voyage) throw notFound('Voyage');
    const call = await findCallForUpdate(tx, caller.scope, voyageId, sequence);
    if (!call) throw notFound('Port call');
    assertCurrentVersion(
      voyage.version,
      expected,
      'This voyage has changed since you opened it. Please reload it.',
    );
    const port = voyage.calls.find((c) => c.sequence === sequence)!.port;
    return { voyage, call, port };
  }

  return {
    /* ---------------------------------------------------------------- vessels */

    findVessels: (query: VesselListQuery) => findVessels(db, query),

    async getVessel(id: number): Promise<Vessel> {
      const vessel = await findVesselById(db, id);
      if (!vessel) throw notFound('Vessel');
      return vessel;
    },

    async createVessel(caller: Principal, body: VesselBody): Promise<Vessel> {
      const id = await db.transaction(async (tx) => {
        if (await findVesselByImo(tx, body.imoNumber))
          throw fieldError('imoNumber', `a vessel with IMO ${body.imoNumber} already exists`, 'CONFLICT');
        const vesselId = await withUniqueFields(
          () => insertVessel(tx, body),
          () => fieldError('imoNumber', `a vessel with IMO ${body.imoNumber} already exists`, 'CONFLICT'),
        );
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: 'VESSEL',
          recordId: vesselId,
          action: 'CREATED',
          version: 1,
        });
        return vesselId;
      });
      return (await findVesselById(db, id))!;
    },

    async updateVessel(
      caller: Principal,
      id: number,
      body: VesselBody & { version?: number },
      ifMatch: string | undefined,
    ): Promise<Vessel> {
      const expected = requireExpectedVersion(ifMatch, body.version, 'the version of the vessel you edited');
      await db.transaction(async (tx) => {
        const before = await findVesselById(tx, id, true);
        if (!before) throw notFound('Vessel');
        assertCurrentVersion(
          before.version,
          expected,
          'This vessel has changed since you opened it. Please reload it.',
        );
        const same = await findVesselByImo(tx, body.imoNumber);
        if (same && same.id !== id)
          throw fieldError('imoNumber', `a vessel with IMO ${body.imoNumber} already exists`, 'CONFLICT');
        const { version: _, ...content } = body;
        await updateVesselRow(tx, id, content);
        const { id: _id, version: _v, ...beforeContent } = before;
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: 'VESSEL',
          recordId: id,
          action: 'UPDATED',
          version: before.version + 1,
          changes: diffContent(beforeContent, { ...beforeContent, ...content }),
        });
      });
      return (await findVesselById(db, id))!;
    },

    /* ---------------------------------------------------------------- services */

    findServices: async () => {
      const results = await findServices(db);
      return { count: results.length, results };
    },

    async getService(id: number): Promise<CarrierService> {
      const service = await findServiceById(db, id);
      if (!service) throw notFound('Service');
      return service;
    },

    async createService(caller: Principal, body: CarrierServiceBody): Promise<CarrierService> {
      const id = await db.transaction(async (tx) => {
        const rows = await checkServiceReferences(tx, body);
        const serviceId = await withUniqueFields(
          () => insertService(tx, body, rows),
          () => fieldError('code', `service ${body.code} already exists`, 'CONFLICT'),
        );
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: 'SERVICE',
          recordId: serviceId,
          action: 'CREATED',
          version: 1,
        });
        return serviceId;
      });
      return (await findServiceById(db, id))!;
    },

    async updateService(
      caller: Principal,
      id: number,
      body: CarrierServiceBody & { version?: number },
      ifMatch: string | undefined,
    ): Promise<CarrierService> {
      const expected = requireExpectedVersion(ifMatch, body.version, 'the version of the service you edited');
      await db.transaction(async (tx) => {
        const before = await findServiceById(tx, id, true);
        if (!before) throw notFound('Service');
        assertCurrentVersion(
          before.version,
          expected,
          'This service has changed since you opened it. Please reload it.',
        );
        const rows = await checkServiceReferences(tx, body, id);
        await updateServiceRow(tx, id, body, rows);
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: 'SERVICE',
          recordId: id,
          action: 'UPDATED',
          version: before.version + 1,
          changes: diffContent(serviceContent(before), serviceContent(body)),
        });
      });
      return (await findServiceById(db, id))!;
    },

    /**
     * Voyages of a service from `from`, `weeks` sailings at its frequency, with calls, estimates and cut-offs from
     * its rotation. A voyage number the service already has is left as it is: generating the same weeks twice
     * writes nothing the second time. The service row is locked, so two staff generating at once do not race.
     */
    async generateVoyages(caller: Principal, serviceId: number, body: GenerateVoyagesBody) {
      return db.transaction(async (tx) => {
        const plan = await findServicePlan(tx, serviceId);
        if (!plan) throw notFound('Service');
        if (!plan.vesselIds.length)
          throw fieldError('vesselIds', 'Deploy at least one active vessel on the service first', 'CONFLICT');
        const voyageIds: number[] = [];
        let created = 0;
        for (const planned of planVoyages(plan, body.from, body.weeks)) {
          const result = await insertPlannedVoyage(tx, serviceId, planned);
          voyageIds.push(result.id);
          if (!result.created) continue;
          created++;
          await recordAudit(tx, caller, {
            module: 'ADMIN',
            recordType: 'VOYAGE',
            recordId: result.id,
            action: 'CREATED',
            version: 1,
            comment: `generated: ${planned.carrierVoyageNumber}`,
          });
        }
        return { created, existing: voyageIds.length - created, voyageIds };
      });
    },

    /* ---------------------------------------------------------------- voyages */

    findVoyages: (query: VoyageListQuery) => findVoyages(db, query),

    async getVoyage(id: number): Promise<Voyage> {
      const voyage = await findVoyageById(db, id);
      if (!voyage) throw notFound('Voyage');
      return voyage;
    },

    /**
     * New estimates for one call (a delay, or an earlier arrival), with the reason. The call's cut-offs move with
     * its departure. A change of more than NOTIFY_DELAY_HOURS to the arrival or departure tells the customers with
     * a booking on the voyage (VOYAGE_DELAYED, one event for this change).
     */
    async delayCall(
      caller: Principal,
      voyageId: number,
      sequence: number,
      body: DelayCallBody & { version?: number },
      ifMatch?: string,
    ) {
      const expected = requireExpectedVersion(ifMatch, body.version, 'the version of the voyage you edited');
      await db.transaction(async (tx) => {
        const { voyage, call, port } = await lockCall(tx, caller, voyageId, sequence, expected);
        if (call.status !== 'SCHEDULED')
          throw fieldError(
            'status',
            `the call is ${call.status.toLowerCase()}: its estimates can no longer change`,
            'CONFLICT',
          );
        const eta = new Date(body.eta);
        const etd = new Date(body.etd);
        await updateCall(tx, call.id, { eta, etd });
        await shiftCutOffs(tx, call.id, etd.getTime() - call.etd.getTime());
        await onCallChange(tx, caller, {
          voyageId,
          transportCallId: call.id,
          portId: call.portId,
          reason: body.reason,
          events: [
            ...(eta.getTime() !== call.eta.getTime()
              ? [{ code: 'ARRI' as const, classifier: 'EST' as const, at: eta }]
              : []),
            ...(etd.getTime() !== call.etd.getTime()
              ? [{ code: 'DEPA' as const, classifier: 'EST' as const, at: etd }]
              : []),
          ],
        });
        const version = await bumpVoyageVersion(tx, voyageId);
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: 'VOYAGE',
          recordId: voyageId,
          action: 'CALL_DELAYED',
          version,
          comment: body.reason,
          changes: [
            { field: `calls.${sequence}.eta`, before: call.eta.toISOString(), after: eta.toISOString() },
            { field: `calls.${sequence}.etd`, before: call.etd.toISOString(), after: etd.toISOString() },
          ],
        });
        const moved = Math.max(
          Math.abs(eta.getTime() - call.eta.getTime()),
          Math.abs(etd.getTime() - call.etd.getTime()),
        );
        if (moved > NOTIFY_DELAY_HOURS * HOUR) {
          const text = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
          await publishEvent(tx, caller, {
            type: 'VOYAGE_DELAYED',
            recordType: 'VOYAGE',
            recordId: voyageId,
            payload: {
              carrierVoyageNumber: voyage.carrierVoyageNumber,
              vesselName: voyage.vessel.name,
              port: { code: port.code, name: port.name },
              etaBefore: text(call.eta),
              eta: text(eta),
              etdBefore: text(call.etd),
              etd: text(etd),
              reason: body.reason,
            },
          });
        }
      });
      return (await findVoyageById(db, voyageId))!;
    },

    /** The vessel will not call at this port on this voyage (cargo for it must be rolled over). */
    async omitCall(
      caller: Principal,
      voyageId: number,
      sequence: number,
      body: OmitCallBody & { version?: number },
      ifMatch?: string,
    ) {
      const expected = requireExpectedVersion(ifMatch, body.version, 'the version of the voyage you edited');
      await db.transaction(async (tx) => {
        const { call } = await lockCall(tx, caller, voyageId, sequence, expected);
        if (call.status !== 'SCHEDULED')
          throw fieldError(
            'status',
            `the call is ${call.status.toLowerCase()}: it can no longer be omitted`,
            'CONFLICT',
          );
        await updateCall(tx, call.id, { status: 'OMITTED' });
        const version = await bumpVoyageVersion(tx, voyageId);
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: 'VOYAGE',
          recordId: voyageId,
          action: 'CALL_OMITTED',
          fromStatus: call.status,
          toStatus: 'OMITTED',
          version,
          comment: body.reason,
          changes: [{ field: `calls.${sequence}.status`, before: call.status, after: 'OMITTED' }],
        });
      });
      return (await findVoyageById(db, voyageId))!;
    },

    /** The actual arrival (the call becomes ARRIVED) and departure (DEPARTED); neither lies in the future. */
    async recordActuals(
      caller: Principal,
      voyageId: number,
      sequence: number,
      body: CallActualsBody & { version?: number },
      ifMatch?: string,
    ) {
      const expected = requireExpectedVersion(ifMatch, body.version, 'the version of the voyage you edited');
      await db.transaction(async (tx) => {
        const { call } = await lockCall(tx, caller, voyageId, sequence, expected);
        if (call.status === 'OMITTED') throw fieldError('status', 'the call was omitted', 'CONFLICT');
        const now = Date.now() + 5 * 60_000;
        if (body.ata && Date.parse(body.ata) > now) throw fieldError('ata', 'must not be in the future');
        if (body.atd && Date.parse(body.atd) > now) throw fieldError('atd', 'must not be in the future');
        const ata = body.ata ? new Date(body.ata) : call.ata;
        const atd = body.atd ? new Date(body.atd) : call.atd;
        if (atd && !ata) throw fieldError('ata', 'Record the actual arrival before the departure');
        if (ata && atd && atd <= ata) throw fieldError('atd', 'must be after the actual arrival (ata)');
        const status = atd ? 'DEPARTED' : 'ARRIVED';
        await updateCall(tx, call.id, { ...(ata ? { ata } : {}), ...(atd ? { atd } : {}), status });
        await onCallChange(tx, caller, {
          voyageId,
          transportCallId: call.id,
          portId: call.portId,
          events: [
            ...(body.ata && ata!.getTime() !== call.ata?.getTime()
              ? [{ code: 'ARRI' as const, classifier: 'ACT' as const, at: ata! }]
              : []),
            ...(body.atd && atd!.getTime() !== call.atd?.getTime()
              ? [{ code: 'DEPA' as const, classifier: 'ACT' as const, at: atd! }]
              : []),
          ],
        });
        const version = await bumpVoyageVersion(tx, voyageId);
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: 'VOYAGE',
          recordId: voyageId,
          action: status === 'DEPARTED' ? 'CALL_DEPARTED' : 'CALL_ARRIVED',
          fromStatus: call.status,
          toStatus: status,
          version,
          changes: [
            ...(body.ata
              ? [
                  {
                    field: `calls.${sequence}.ata`,
                    before: call.ata?.toISOString() ?? null,
                    after: ata!.toISOString(),
                  },
                ]
              : []),
            ...(body.atd
              ? [
                  {
                    field: `calls.${sequence}.atd`,
                    before: call.atd?.toISOString() ?? null,
                    after: atd!.toISOString(),
                  },
                ]
              : []),
          ],
        });
      });
      return (await findVoyageById(db, voyageId))!;
    },

    /** One voyage's cut-offs at one call, replacing the service's defaults. */
    async setCutOffs(
      caller: Principal,
      voyageId: number,
      sequence: number,
      body: SetCutOffsBody & { version?: number },
      ifMatch?: string,
    ) {
      const expected = requireExpectedVersion(ifMatch, body.version, 'the version of the voyage you edited');
      await db.transaction(async (tx) => {
        const { voyage, call } = await lockCall(tx, caller, voyageId, sequence, expected);
        body.cutOffs.forEach((cutOff, i) => {
          if (Date.parse(cutOff.at) > call.etd.getTime())
            throw fieldError(`cutOffs.${i}.at`, 'must not be after the call’s estimated departure');
        });
        const before = voyage.calls.find((c) => c.sequence === sequence)!.cutOffs;
        await replaceCutOffs(tx, call.id, body.cutOffs);
        const version = await bumpVoyageVersion(tx, voyageId);
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: 'VOYAGE',
          recordId: voyageId,
          action: 'CUT_OFFS_CHANGED',
          version,
          changes: diffContent(
            Object.fromEntries(before.map((c) => [`calls.${sequence}.${c.code}`, c.at])),
            Object.fromEntries(
              body.cutOffs.map((c) => [`calls.${sequence}.${c.code}`, c.at.replace(/\.\d{3}Z$/, 'Z')]),
            ),
          ),
        });
      });
      return (await findVoyageById(db, voyageId))!;
    },

    /* ---------------------------------------------------------------- sailings of other records */

    /**
     * The sailing a quotation or booking names: the voyage's loading call at the port of loading. A voyage that does
     * not load there is a 400 naming `field`.
     */
    async sailingFrom(
      conn: Db | Tx,
      voyageId: number,
      polId: number,
      field = 'voyageId',
    ): Promise<LoadingCall> {
      const call = await findLoadingCall(conn, voyageId, polId);
      if (!call) throw fieldError(field, 'is not a sailing from the port of loading');
      return call;
    },

    /** The voyage's loading call at `polId` (its first that is not omitted), or null when it does not load there. */
    loadingCall(voyageId: number, polId: number): Promise<LoadingCall | null> {
      return findLoadingCall(db, voyageId, polId);
    },

    /**
     * Refuses (409 CUT_OFF_PASSED, naming the cut-off and when it was) once the sailing has left the port of loading
     * or its `code` cut-off has passed; `lateUntil` (a late acceptance granted by staff) keeps it open until then.
     */
    assertBeforeCutOff(call: LoadingCall, code: CutOffCode, now = new Date(), lateUntil?: Date | null): void {
      if (call.status === 'DEPARTED')
        throw cutOffPassed(
          code,
          call.etd,
          `The vessel ${call.vesselName} ${call.carrierVoyageNumber} has departed.`,
        );
      const cutOff = call.cutOffs.find((c) => c.code === code);
      if (!cutOff || Date.parse(cutOff.at) > now.getTime()) return;
      if (lateUntil && lateUntil.getTime() > now.getTime()) return;
      throw cutOffPassed(
        code,
        cutOff.at,
        `The ${CUT_OFF_CODES[code].toLowerCase()} (${code}) of ${call.vesselName} ${call.carrierVoyageNumber} passed at ${cutOff.at}.`,
      );
    },

    /**
     * The onward vessel of a sailing that does not reach the port of discharge itself (a booking names its first
     * vessel only): the connection the point-to-point search offers for it, with the arrival's sequence on the first
     * voyage and the departure's on the second; null when the voyage goes there directly or nothing connects.
     */
    onwardConnection(ids: { voyageId: number; polId: number; podId: number }) {
      return findOnwardConnection(db, ids);
    },

    /* ---------------------------------------------------------------- schedules */

    /** Point-to-point sailings (issue 26): the window defaults to today and the next DEFAULT_WINDOW_DAYS days. */
    async pointToPoint(query: PointToPointQuery): Promise<{ results: PointToPointResult[] }> {
      const [polId, podId] = await Promise.all([findPortId(db, query.pol), findPortId(db, query.pod)]);
      if (!polId) throw fieldError('pol', 'is not a known port');
      if (!podId) throw fieldError('pod', 'is not a known port');
      const today = new Date(new Date().toISOString().slice(0, 10));
      const from = query.departureFrom ? new Date(query.departureFrom) : today;
      const to = query.departureTo
        ? new Date(Date.parse(query.departureTo) + DAY)
        : new Date(from.getTime() + DEFAULT_WINDOW_DAYS * DAY);
      const results = await findPointToPoint(db, {
        polId,
        podId,
        from,
        to,
        maxTranshipment: query.maxTranshipment,
      });
      return { results };
    },

    /**
     * The schedule as DCSA Commercial Schedules reads it (lent to dcsa): voyages meeting `filter`, at most `limit`,
     * and whether more match; null when `filter.portCode` is not a port we know. Carrier-wide, like the search.
     */
    async scheduleVoyages(
      filter: ScheduleFilter,
      limit: number,
    ): Promise<{ voyages: ScheduleVoyage[]; more: boolean } | null> {
      if (filter.portCode && !(await findPortId(db, filter.portCode))) return null;
      const found = await findScheduleVoyages(db, filter, limit + 1);
      return { voyages: found.slice(0, limit), more: found.length > limit };
    },
  };
}

export type VoyagesService = ReturnType<typeof createVoyagesService>;
