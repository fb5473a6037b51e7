import { DCSA_CARRIER } from '@lading/contract/dcsa';
import type {
  DcsaCutOffTime,
  DcsaLeg,
  DcsaLocation,
  DcsaPlace,
  DcsaPointToPoint,
  DcsaPortSchedule,
  DcsaPortScheduleEntry,
  DcsaServicePartner,
  DcsaServiceSchedule,
  DcsaTimestamp,
  DcsaTransportCall,
  DcsaVessel,
} from '@lading/contract/dcsa-schedules';
import type { PointToPointResult } from '@lading/contract/voyages';
import type { ScheduleVoyage } from '../voyages';

/**
 * Pure mappings from our schedule (voyages, their transport calls and cut-offs; point-to-point results) to DCSA
 * Commercial Schedules 1.0.3. Field by field: docs/dcsa-mapping.md. Omitted calls are left out (the vessel does not
 * call; the standard has no status to say so).
 */

type Call = ScheduleVoyage['calls'][number];

const offsets = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = offsets.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    offsets.set(timeZone, format);
  }
  return format;
}

/**
 * An instant (ISO, UTC) as the standard writes times at a place: the local date-time there with its offset
 * (`2026-11-28T18:00:00+05:30`). A port without a zone, or with one this runtime does not know, is written in UTC (`Z`).
 */
export function localDateTime(iso: string, timeZone: string | null): string {
  const instant = Date.parse(iso);
  const utc = `${new Date(instant).toISOString().slice(0, 19)}Z`;
  if (!timeZone) return utc;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatIn(timeZone).formatToParts(instant);
  } catch {
    return utc;
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  // "GMT+05:30", "GMT-03:00"; the zero offset is "GMT".
  const offset = part('timeZoneName').replace(/^GMT/, '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}

/** The date at the place (YYYY-MM-DD) of an instant. */
export const localDate = (iso: string, timeZone: string | null) => localDateTime(iso, timeZone).slice(0, 10);

/** A text within the standard's length, without surrounding white space; undefined when nothing is left. */
export function clip(text: string | null | undefined, max: number): string | undefined {
  const clipped = (text ?? '').trim().slice(0, max).trim();
  return clipped || undefined;
}

function location(call: Call): DcsaLocation {
  const locationName = clip(call.port.name, 100);
  const facilityName = clip(call.terminalName, 100);
  return {
    ...(locationName ? { locationName } : {}),
    ...(facilityName ? { facilityName } : {}),
    UNLocationCode: call.port.code,
  };
}

/** The parts of a `transportCallReference`: a call's natural keys. */
export type CallReferenceParts = {
  serviceCode: string;
  imoNumber: string;
  voyageNumber: string;
  portCode: string;
  sequence: number;
};

/** Our reference of a call, from its natural keys: service, vessel, voyage, port and sequence (`IGS-9812779-2611W-INNSA-1`). */
export function callReference(parts: CallReferenceParts): string {
  return `${parts.serviceCode}-${parts.imoNumber}-${parts.voyageNumber}-${parts.portCode}-${parts.sequence}`;
}

/**
 * A `transportCallReference` taken apart (read from the end: a service code may hold a dash), or null when it is not
 * one of ours.
 */
export function parseCallReference(reference: string): CallReferenceParts | null {
  const parts = reference.split('-');
  if (parts.length < 5) return null;
  const sequence = parts.pop()!;
  const portCode = parts.pop()!;
  const voyageNumber = parts.pop()!;
  const imoNumber = parts.pop()!;
  const serviceCode = parts.join('-');
  if (!/^\d{1,4}$/.test(sequence) || !/^[A-Z]{2}[A-Z2-9]{3}$/.test(portCode) || !/^\d{7}$/.test(imoNumber))
    return null;
  if (!serviceCode || !voyageNumber) return null;
  return { serviceCode, imoNumber, voyageNumber, portCode, sequence: Number(sequence) };
}

export function transportCallReference(voyage: ScheduleVoyage, call: Call): string {
  return callReference({
    serviceCode: voyage.service.code,
    imoNumber: voyage.vessel.imoNumber,
    voyageNumber: voyage.carrierVoyageNumber,
    portCode: call.port.code,
    sequence: call.sequence,
  });
}

function vessel(voyage: ScheduleVoyage): DcsaVessel {
  const { imoNumber, name, flag, callSign, operatorCarrierCode } = voyage.vessel;
  const sign = clip(callSign, 10);
  return {
    vesselIMONumber: imoNumber,
    name: clip(name, 50) ?? imoNumber,
    flag,
    ...(sign ? { callSign: sign } : {}),
    operatorCarrierCode,
  };
}

/** We are the only partner of our services; one direction per service, so import and export voyage are the same. */
function servicePartner(voyage: ScheduleVoyage): DcsaServicePartner {
  return {
    carrierCode: DCSA_CARRIER.code,
    carrierCodeListProvider: DCSA_CARRIER.codeListProvider,
    carrierServiceName: clip(voyage.service.name, 50) ?? voyage.service.code,
    carrierServiceCode: voyage.service.code,
    carrierImportVoyageNumber: voyage.carrierVoyageNumber,
    carrierExportVoyageNumber: voyage.carrierVoyageNumber,
  };
}

/** Planned (as generated), estimated (current) and, once they happened, actual arrival and departure. */
function timestamps(call: Call): DcsaTimestamp[] {
  const tz = call.port.timeZone;
  const at = (
    eventTypeCode: DcsaTimestamp['eventTypeCode'],
    eventClassifierCode: DcsaTimestamp['eventClassifierCode'],
    iso: string | null,
  ): DcsaTimestamp[] =>
    iso ? [{ eventTypeCode, eventClassifierCode, eventDateTime: localDateTime(iso, tz) }] : [];
  return [
    ...at('ARRI', 'PLN', call.plannedArrival),
    ...at('ARRI', 'EST', call.eta),
    ...at('ARRI', 'ACT', call.ata),
    ...at('DEPA', 'PLN', call.plannedDeparture),
    ...at('DEPA', 'EST', call.etd),
    ...at('DEPA', 'ACT', call.atd),
  ];
}

function cutOffTimes(cutOffs: { code: string; at: string }[], timeZone: string | null): DcsaCutOffTime[] {
  return cutOffs.map((cutOff) => ({
    cutOffDateTimeCode: cutOff.code,
    cutOffDateTime: localDateTime(cutOff.at, timeZone),
  }));
}

const arrivalOf = (call: Call) => call.ata ?? call.eta;
const departureOf = (call: Call) => call.atd ?? call.etd;
const calling = (call: Call) => call.status !== 'OMITTED';

/* ---------------------------------------------------------------- point-to-point */

function place(voyage: ScheduleVoyage, call: Call, iso: string): DcsaPlace {
  return {
    transportCallReference: transportCallReference(voyage, call),
    facilityTypeCode: 'POTE',
    location: location(call),
    dateTime: localDateTime(iso, call.port.timeZone),
  };
}

/**
 * One leg: on `voyage` from its call at `from` leaving at `etd` to its next call at `to` (arriving at `eta` when
 * several would do), with the calls in between. Null when the voyage no longer has those calls.
 */
function leg(
  voyage: ScheduleVoyage,
  sequenceNumber: number,
  from: { code: string; etd: string },
  to: { code: string; eta: string },
): DcsaLeg | null {
  const calls = voyage.calls.filter(calling);
  const departure =
    calls.find((c) => c.port.code === from.code && c.etd === from.etd) ??
    calls.find((c) => c.port.code === from.code);
  if (!departure) return null;
  const onward = calls.filter((c) => c.sequence > departure.sequence && c.port.code === to.code);
  const arrival = onward.find((c) => c.eta === to.eta) ?? onward[0];
  if (!arrival) return null;
  const between = calls.filter((c) => c.sequence > departure.sequence && c.sequence < arrival.sequence);
  return {
    sequenceNumber,
    transport: {
      modeOfTransport: 'VESSEL',
      servicePartners: [servicePartner(voyage)],
      vessel: vessel(voyage),
    },
    departure: place(voyage, departure, departureOf(departure)),
    ...(between.length
      ? {
          intermediateCalls: between.map((c) => ({
            transportCallReference: transportCallReference(voyage, c),
            facilityTypeCode: 'POTE' as const,
            location: location(c),
            arrivalDateTime: localDateTime(arrivalOf(c), c.port.timeZone),
            departureDateTime: localDateTime(departureOf(c), c.port.timeZone),
          })),
        }
      : {}),
    arrival: place(voyage, arrival, arrivalOf(arrival)),
  };
}

/**
 * A point-to-point result of our search as a DCSA routing: port to port (CY/CY), one leg per vessel, the cut-offs of
 * the port of loading (the ones the shipper must meet). Null when a voyage of it changed under the read.
 */
export function toPointToPoint(
  result: PointToPointResult,
  voyages: Map<number, ScheduleVoyage>,
  solutionNumber: number,
): DcsaPointToPoint | null {
  const first = voyages.get(result.voyageId);
  if (!first) return null;
  const via = result.transhipment;
  const legs: (DcsaLeg | null)[] = via
    ? [
        leg(first, 1, { code: result.pol.code, etd: result.etd }, { code: via.code, eta: via.eta }),
        ((second) =>
          second
            ? leg(second, 2, { code: via.code, etd: via.etd }, { code: result.pod.code, eta: result.eta })
            : null)(voyages.get(via.voyageId)),
      ]
    : [leg(first, 1, { code: result.pol.code, etd: result.etd }, { code: result.pod.code, eta: result.eta })];
  if (legs.some((l) => l === null)) return null;
  const [start, end] = [legs[0]!, legs.at(-1)!];
  return {
    placeOfReceipt: {
      facilityTypeCode: 'POTE',
      location: start.departure.location,
      dateTime: start.departure.dateTime,
    },
    placeOfDelivery: {
      facilityTypeCode: 'POTE',
      location: end.arrival.location,
      dateTime: end.arrival.dateTime,
    },
    receiptTypeAtOrigin: 'CY',
    deliveryTypeAtDestination: 'CY',
    cutOffTimes: cutOffTimes(result.cutOffs, result.pol.timeZone),
    solutionNumber,
    transitTime: result.transitDays,
    legs: legs as DcsaLeg[],
  };
}

/* ---------------------------------------------------------------- port schedules */

/**
 * The calls of `voyages` at `portCode` that met the read's filters, one port schedule per terminal (by name; a call
 * without one goes under the port alone), each sorted by arrival.
 */
export function toPortSchedules(voyages: ScheduleVoyage[], portCode: string): DcsaPortSchedule[] {
  const byTerminal = new Map<
    string,
    { location: DcsaLocation; entries: { at: string; entry: DcsaPortScheduleEntry }[] }
  >();
  for (const voyage of voyages) {
    const matched = new Set(voyage.matchedCallIds);
    for (const call of voyage.calls) {
      if (!matched.has(call.id) || !calling(call) || call.port.code !== portCode) continue;
      const key = clip(call.terminalName, 100) ?? '';
      let terminal = byTerminal.get(key);
      if (!terminal) {
        terminal = { location: location(call), entries: [] };
        byTerminal.set(key, terminal);
      }
      terminal.entries.push({
        at: arrivalOf(call),
        entry: {
          servicePartners: [servicePartner(voyage)],
          vessel: vessel(voyage),
          isDummyVessel: false,
          timestamps: timestamps(call),
          cutOffTimes: cutOffTimes(call.cutOffs, call.port.timeZone),
        },
      });
    }
  }
  return [...byTerminal.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, terminal]) => ({
      location: terminal.location,
      vesselSchedules: terminal.entries.sort((a, b) => a.at.localeCompare(b.at)).map((e) => e.entry),
    }));
}

/* ---------------------------------------------------------------- vessel schedules */

/**
 * Voyages (sorted by service, vessel and departure) as one schedule per service, one per vessel in it, each with
 * the transport calls of its voyages in order: all of them (`FULL_VOYAGE`) or only those that met the read's call
 * filters (`MATCHED_CALLS`).
 */
export function toServiceSchedules(
  voyages: ScheduleVoyage[],
  scope: 'FULL_VOYAGE' | 'MATCHED_CALLS',
): DcsaServiceSchedule[] {
  const services = new Map<string, DcsaServiceSchedule>();
  const vessels = new Map<string, DcsaServiceSchedule['vesselSchedules'][number]>();
  for (const voyage of voyages) {
    const matched = new Set(voyage.matchedCallIds);
    const calls: DcsaTransportCall[] = voyage.calls
      .filter((call) => calling(call) && (scope === 'FULL_VOYAGE' || matched.has(call.id)))
      .map((call) => ({
        transportCallReference: transportCallReference(voyage, call),
        carrierImportVoyageNumber: voyage.carrierVoyageNumber,
        carrierExportVoyageNumber: voyage.carrierVoyageNumber,
        location: location(call),
        timestamps: timestamps(call),
        cutOffTimes: cutOffTimes(call.cutOffs, call.port.timeZone),
      }));
    if (!calls.length) continue;
    let service = services.get(voyage.service.code);
    if (!service) {
      const partner = servicePartner(voyage);
      service = {
        carrierServiceName: partner.carrierServiceName,
        carrierServiceCode: partner.carrierServiceCode,
        vesselSchedules: [],
      };
      services.set(voyage.service.code, service);
    }
    const key = `${voyage.service.code} ${voyage.vessel.imoNumber}`;
    let schedule = vessels.get(key);
    if (!schedule) {
      schedule = { vessel: vessel(voyage), isDummyVessel: false, transportCalls: [] };
      vessels.set(key, schedule);
      service.vesselSchedules.push(schedule);
    }
    schedule.transportCalls.push(...calls);
  }
  return [...services.values()];
}
