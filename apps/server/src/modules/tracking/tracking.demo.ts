import type { Tx } from '../../db/client';
import {
  bookingsWithEvents,
  findOnwardCalls,
  findSailingBookings,
  findVoyageCalls,
  insertEvents,
  type NewEvent,
  type VoyageCall,
} from './tracking.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Step = {
  code: string;
  at: number;
  call: VoyageCall | null;
  portId: number;
  facilityTypeCode: 'DEPO' | 'POTE';
  empty: 'EMPTY' | 'LADEN';
  transshipment?: boolean;
};

/**
 * The demo's event histories (issue 30), relative to `now` and the demo schedule's own calls: for every confirmed
 * booking on a sailing that has none yet, per container, the empty picked up at the origin depot, the gate-in at the
 * port of loading, the load, the discharge (at a transhipment port, then the onward load and discharge at
 * destination), available for pick-up and the delivery. Steps in the past are actual (ACT), later ones estimated
 * (EST), so the Track screen shows where each shipment is today, and `advanceDemo` can make the next one happen. The
 * voyage's own arrivals and departures come as transport events (once per call). Appended with source DEMO.
 */
export async function demoEventRows(tx: Tx, now: Date): Promise<NewEvent[]> {
  const bookings = await findSailingBookings(tx);
  const done = await bookingsWithEvents(
    tx,
    bookings.map((b) => b.bookingId),
  );
  const rows: NewEvent[] = [];
  const callsWithEvents = new Set<number>();
  const callEvents = (call: VoyageCall) => {
    if (callsWithEvents.has(call.id)) return;
    callsWithEvents.add(call.id);
    const base = {
      eventType: 'TRANSPORT' as const,
      portId: call.portId,
      voyageId: call.voyageId,
      transportCallId: call.id,
      source: 'DEMO' as const,
    };
    if (call.ata) rows.push({ ...base, code: 'ARRI', classifier: 'ACT', eventAt: new Date(call.ata) });
    if (call.atd) rows.push({ ...base, code: 'DEPA', classifier: 'ACT', eventAt: new Date(call.atd) });
  };
  for (const booking of bookings) {
    if (done.has(booking.bookingId)) continue;
    const calls = await findVoyageCalls(tx, booking.voyageId);
    const load = calls.find((c) => c.portId === booking.polId && c.status !== 'OMITTED');
    if (!load) continue;
    const later = calls.filter((c) => c.sequence > load.sequence && c.status !== 'OMITTED');
    const discharge = later.find((c) => c.portId === booking.podId);
    const loadAt = Date.parse(load.atd ?? load.etd) - 6 * HOUR;
    const steps: Step[] = [
      {
        code: 'GTOT',
        at: loadAt - 4 * DAY,
        call: null,
        portId: load.portId,
        facilityTypeCode: 'DEPO',
        empty: 'EMPTY',
      },
      {
        code: 'GTIN',
        at: loadAt - 2 * DAY,
        call: null,
        portId: load.portId,
        facilityTypeCode: 'POTE',
        empty: 'LADEN',
      },
      { code: 'LOAD', at: loadAt, call: load, portId: load.portId, facilityTypeCode: 'POTE', empty: 'LADEN' },
    ];
    let final: VoyageCall | null = discharge ?? null;
    if (!discharge && later[0]) {
      const hub = later[0];
      const onward = await findOnwardCalls(tx, {
        portId: hub.portId,
        arrival: hub.eta,
        podId: booking.podId,
      });
      const hubAt = Date.parse(hub.ata ?? hub.eta) + 6 * HOUR;
      steps.push({
        code: 'DISC',
        at: hubAt,
        call: hub,
        portId: hub.portId,
        facilityTypeCode: 'POTE',
        empty: 'LADEN',
        transshipment: true,
      });
      if (onward) {
        const onwardAt = Date.parse(onward.departure.atd ?? onward.departure.etd) - 6 * HOUR;
        steps.push({
          code: 'LOAD',
          at: onwardAt,
          call: onward.departure,
          portId: hub.portId,
          facilityTypeCode: 'POTE',
          empty: 'LADEN',
          transshipment: true,
        });
        final = onward.arrival;
        callEvents(onward.departure);
      }
      callEvents(hub);
    }
    if (final) {
      const discAt = Date.parse(final.ata ?? final.eta) + 6 * HOUR;
      steps.push(
        {
          code: 'DISC',
          at: discAt,
          call: final,
          portId: final.portId,
          facilityTypeCode: 'POTE',
          empty: 'LADEN',
        },
        {
          code: 'AVPU',
          at: discAt + 18 * HOUR,
          call: null,
          portId: final.portId,
          facilityTypeCode: 'POTE',
          empty: 'LADEN',
        },
        {
          code: 'GTOT',
          at: discAt + 7 * DAY,
          call: null,
          portId: final.portId,
          facilityTypeCode: 'POTE',
          empty: 'LADEN',
        },
      );
      callEvents(final);
    }
    callEvents(load);
    for (const container of booking.containers)
      for (const step of steps) {
        // A step due within the hour stays estimated, so the demo always has a next step to advance to.
        const actual = step.at <= now.getTime() - HOUR;
        rows.push({
          eventType: 'EQUIPMENT',
          code: step.code,
          classifier: actual ? 'ACT' : 'EST',
          eventAt: new Date(step.at),
          containerId: container.containerId,
          equipmentReference: container.number,
          isoEquipmentCode: container.isoCode,
          emptyIndicator: step.empty,
          transshipment: step.transshipment ?? false,
          portId: step.portId,
          facilityTypeCode: step.facilityTypeCode,
          voyageId: step.call?.voyageId ?? null,
          transportCallId: step.call?.id ?? null,
          bookingId: booking.bookingId,
          billId: container.billId,
          source: 'DEMO',
        });
      }
  }
  // Transport events only up to now (they are the vessel's actuals).
  return rows.filter(
    (row) => row.eventType !== 'TRANSPORT' || (row.eventAt as Date).getTime() <= now.getTime(),
  );
}

/** Appends the demo's event histories (seed/demo.ts, in its transaction); how many events were written. */
export async function seedDemoEvents(tx: Tx, now: Date): Promise<number> {
  const rows = await demoEventRows(tx, now);
  for (let i = 0; i < rows.length; i += 500) await insertEvents(tx, rows.slice(i, i + 500));
  return rows.length;
}
