import type { CarrierServiceBody, VesselBody } from '@lading/contract/voyages';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { planVoyages } from './voyage-plan';
import {
  findServiceByCode,
  findServicePlan,
  findVesselByImo,
  insertPlannedVoyage,
  insertService,
  insertVessel,
  seaPortIds,
} from './voyages.repository';

export type ScheduleSeed = {
  vessels: VesselBody[];
  /** Each service with the IMO numbers of its vessels and the weekday offset of its sailings from `from`. */
  services: (Omit<CarrierServiceBody, 'vesselIds'> & { vesselImos: string[]; sailingDayOffset: number })[];
  /** The first sailing day (a Monday), and how many sailings each service gets from it. */
  from: Date;
  weeks: number;
};

/**
 * A schedule for the demo data (`seed/`): vessels and services by their natural keys (IMO number, service code;
 * what is there is kept), then each service's voyages generated like `generate-voyages` (idempotent), and the calls
 * already past given actual times as if the vessel kept its schedule. Answers the voyage ids per service code.
 */
export async function seedSchedule(tx: Tx, seed: ScheduleSeed): Promise<Map<string, number[]>> {
  const vesselIds = new Map<string, number>();
  for (const vessel of seed.vessels) {
    const existing = await findVesselByImo(tx, vessel.imoNumber);
    vesselIds.set(vessel.imoNumber, existing?.id ?? (await insertVessel(tx, vessel)));
  }
  const voyageIds = new Map<string, number[]>();
  for (const service of seed.services) {
    let serviceId = (await findServiceByCode(tx, service.code))?.id;
    if (!serviceId) {
      const ports = await seaPortIds(
        tx,
        service.calls.map((call) => call.portCode),
      );
      if (service.calls.some((call) => !ports.has(call.portCode))) continue;
      serviceId = await insertService(tx, service, {
        calls: service.calls.map((call) => ({
          portId: ports.get(call.portCode)!,
          terminalName: call.terminalName,
          dayOffset: call.dayOffset,
          portStayHours: call.portStayHours,
        })),
        vesselIds: service.vesselImos.map((imo) => vesselIds.get(imo)!),
        cutOffs: service.cutOffs,
      });
    }
    const plan = (await findServicePlan(tx, serviceId))!;
    const from = new Date(seed.from.getTime() + service.sailingDayOffset * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const ids: number[] = [];
    for (const planned of planVoyages(plan, from, seed.weeks))
      ids.push((await insertPlannedVoyage(tx, serviceId, planned)).id);
    voyageIds.set(service.code, ids);
  }
  // What is past happened on time: arrived, and departed where the departure is past too.
  await tx.execute(sql`update transport_calls set
      ata = eta, atd = case when etd <= now() then etd end,
      status = case when etd <= now() then 'DEPARTED' else 'ARRIVED' end
    where eta <= now() and status = 'SCHEDULED' and ata is null`);
  return voyageIds;
}
