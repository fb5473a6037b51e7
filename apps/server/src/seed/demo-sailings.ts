import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import { auditEvents } from '../db/schema/audit';
import { blLateAcceptances } from '../db/schema/bills-of-lading';
import type { DemoSailing, SailingRole } from './demo-bills';

/** A loading call of the demo schedule that reaches the lane's port of discharge later on the same voyage. */
type Candidate = DemoSailing & { callId: number; etd: Date; dco: Date | null };

const HOUR = 3_600_000;
const floorHour = (ms: number) => new Date(Math.floor(ms / HOUR) * HOUR);

/** Upcoming sailings of a lane (at least 3 hours before departure), by departure, with their DCO. */
async function sailingsOf(tx: Tx, pol: string, pod: string, now: Date): Promise<Candidate[]> {
  const rows = await queryRows<{
    callId: number;
    voyageId: number;
    vesselName: string;
    voyageNumber: string;
    etd: string | Date;
    dco: string | Date | null;
  }>(
    tx,
    sql`select tc.id as "callId", v.id as "voyageId", vs.name as "vesselName",
          v.carrier_voyage_number as "voyageNumber", tc.etd, co.at as dco
        from transport_calls tc
        join voyages v on v.id = tc.voyage_id
        join vessels vs on vs.id = v.vessel_id
        join ports p on p.id = tc.port_id and p.code = ${pol}
        left join transport_call_cut_offs co on co.transport_call_id = tc.id and co.code = 'DCO'
        where tc.status = 'SCHEDULED' and tc.etd > ${new Date(now.getTime() + 3 * HOUR).toISOString()}
          and exists (select 1 from transport_calls later join ports lp on lp.id = later.port_id
                      where later.voyage_id = tc.voyage_id and later.sequence > tc.sequence
                        and later.status <> 'OMITTED' and lp.code = ${pod})
        order by tc.etd, tc.id`,
  );
  return rows.map((row) => ({
    ...row,
    etd: new Date(row.etd),
    dco: row.dco === null ? null : new Date(row.dco),
  }));
}

/** Moves one call's DCO (the per-voyage change staff make), for a demo that must show a deadline at a given time. */
async function setDco(tx: Tx, callId: number, at: Date) {
  await tx.execute(
    sql`insert into transport_call_cut_offs (transport_call_id, code, at) values (${callId}, 'DCO', ${at.toISOString()})
        on conflict (transport_call_id, code) do update set at = excluded.at`,
  );
}

/**
 * Picks the voyages of the demo customer's four bookings on a sailing (issue 26), relative to the seeding time:
 * - DCO_SOON: INNSA -> AEJEA, the SI due within the next 24 hours (the next sailing's DCO, brought forward to
 *   20 hours from now when it is further away);
 * - DCO_PASSED: INNSA -> AEJEA, not departed but past its DCO (the next such sailing, or the next other sailing's
 *   DCO set 4 hours back), so the draft can no longer be submitted;
 * - DCO_LATE_ACCEPTED: INNSA -> NLRTM, past its DCO in the same way, with a late acceptance (seedDemoSailingHistory);
 * - ROLLED_OVER: INMUN -> SGSIN, on the second sailing after it was rolled over from the first.
 * A lane without enough sailings leaves its role out (its bill is not seeded).
 */
export async function pickDemoSailings(
  tx: Tx,
  now = new Date(),
): Promise<{ sailings: Partial<Record<SailingRole, DemoSailing>>; rolledFrom: DemoSailing | null }> {
  const sailings: Partial<Record<SailingRole, DemoSailing>> = {};
  const pick = ({ voyageId, vesselName, voyageNumber }: Candidate): DemoSailing => ({
    voyageId,
    vesselName,
    voyageNumber,
  });
  const past = async (candidates: Candidate[], taken: Set<number>) => {
    const open = candidates.filter((c) => !taken.has(c.callId));
    const natural = open.find((c) => c.dco !== null && c.dco.getTime() <= now.getTime());
    if (natural) return natural;
    const next = open[0];
    if (next) await setDco(tx, next.callId, floorHour(now.getTime() - 4 * HOUR));
    return next;
  };

  const gulf = await sailingsOf(tx, 'INNSA', 'AEJEA', now);
  const taken = new Set<number>();
  const soon = gulf.find((c) => c.dco !== null && c.dco.getTime() > now.getTime() + HOUR);
  if (soon) {
    if (soon.dco!.getTime() > now.getTime() + 24 * HOUR)
      await setDco(tx, soon.callId, floorHour(now.getTime() + 20 * HOUR));
    taken.add(soon.callId);
    sailings.DCO_SOON = pick(soon);
  }
  const passed = await past(gulf, taken);
  if (passed) sailings.DCO_PASSED = pick(passed);

  const late = await past(
    await sailingsOf(tx, 'INNSA', 'NLRTM', now),
    new Set(taken).add(passed?.callId ?? 0),
  );
  if (late) sailings.DCO_LATE_ACCEPTED = pick(late);

  const [first, second] = (await sailingsOf(tx, 'INMUN', 'SGSIN', now)).filter((c) => !taken.has(c.callId));
  if (first && second) sailings.ROLLED_OVER = pick(second);
  return { sailings, rolledFrom: first && second ? pick(first) : null };
}

/**
 * What staff did on the demo sailings: a late acceptance of the SI on the DCO_LATE_ACCEPTED bill (until 6 hours
 * before departure, at least 2 hours from now), and the roll-over of the ROLLED_OVER booking in its history.
 */
export async function seedDemoSailingHistory(
  tx: Tx,
  input: {
    adminId: number;
    seeded: Partial<Record<SailingRole, { bookingId: number; billId: number }>>;
    sailings: Partial<Record<SailingRole, DemoSailing>>;
    rolledFrom: DemoSailing | null;
  },
  now = new Date(),
): Promise<void> {
  const late = input.seeded.DCO_LATE_ACCEPTED;
  if (late) {
    const [etd] = await queryRows<{ etd: string | Date }>(
      tx,
      sql`select tc.etd from bookings b
          join transport_calls tc on tc.voyage_id = b.voyage_id and tc.port_id = b.pol_id
          where b.id = ${late.bookingId} order by tc.sequence limit 1`,
    );
    const departs = new Date(etd!.etd).getTime();
    const until = new Date(Math.max(now.getTime() + 2 * HOUR, departs - 6 * HOUR));
    const reason = 'Shipper awaiting the consignee’s LC amendment; SI accepted late by the Mumbai desk';
    await tx
      .insert(blLateAcceptances)
      .values({ blId: late.billId, cutOff: 'DCO', reason, until, grantedById: input.adminId });
    await tx.insert(auditEvents).values({
      actorId: input.adminId,
      module: 'ADMIN',
      recordType: 'BILL_OF_LADING',
      recordId: late.billId,
      action: 'LATE_ACCEPTANCE_GRANTED',
      comment: `DCO until ${until.toISOString()}: ${reason}`,
    });
  }
  const rolled = input.seeded.ROLLED_OVER;
  const to = input.sailings.ROLLED_OVER;
  if (rolled && to && input.rolledFrom) {
    const from = `${input.rolledFrom.vesselName} ${input.rolledFrom.voyageNumber}`;
    const reason = 'Vessel full at Mundra: moved to the next sailing of the service';
    await tx.insert(auditEvents).values({
      actorId: input.adminId,
      module: 'ADMIN',
      recordType: 'BOOKING',
      recordId: rolled.bookingId,
      action: 'ROLLED_OVER',
      comment: reason,
      changes: [
        { field: 'voyageId', before: input.rolledFrom.voyageId, after: to.voyageId },
        { field: 'sailing', before: from, after: `${to.vesselName} ${to.voyageNumber}` },
      ],
    });
  }
}

/** A call of the demo schedule loading at a port, for a bill that is not one of the four above. */
type LoadingCall = DemoSailing & { etd: Date; departedAt: Date | null; direct: boolean };

/** Every loading call at `pol` (not omitted), by departure, saying whether the voyage goes on to `pod` itself. */
async function loadingCallsAt(tx: Tx, pol: string, pod: string): Promise<LoadingCall[]> {
  const rows = await queryRows<{
    voyageId: number;
    vesselName: string;
    voyageNumber: string;
    etd: string | Date;
    atd: string | Date | null;
    status: string;
    direct: boolean;
  }>(
    tx,
    sql`select v.id as "voyageId", vs.name as "vesselName", v.carrier_voyage_number as "voyageNumber",
          tc.etd, tc.atd, tc.status,
          exists (select 1 from transport_calls later join ports lp on lp.id = later.port_id
                  where later.voyage_id = tc.voyage_id and later.sequence > tc.sequence
                    and later.status <> 'OMITTED' and lp.code = ${pod}) as direct
        from transport_calls tc
        join voyages v on v.id = tc.voyage_id
        join vessels vs on vs.id = v.vessel_id
        join ports p on p.id = tc.port_id and p.code = ${pol}
        where tc.status <> 'OMITTED'
        order by tc.etd, tc.id`,
  );
  return rows.map((row) => ({
    voyageId: row.voyageId,
    vesselName: row.vesselName,
    voyageNumber: row.voyageNumber,
    etd: new Date(row.etd),
    departedAt: row.status === 'DEPARTED' ? new Date(row.atd ?? row.etd) : null,
    direct: row.direct,
  }));
}

/** What a demo bill needs of its sailing: one that has left (a bill issued) or one whose deadlines are far off. */
export type BillSailingNeed = { pol: string; pod: string; departed: boolean; departedDaysAgo?: number };

/**
 * Picks a sailing for each demo bill that is not one of the four above (issue 28: every confirmed booking is on a
 * sailing), relative to the seeding time `now`, from the port of loading, preferring voyages that go on to the port of
 * discharge themselves (the others transship):
 * - a bill issued: a sailing that left at least `departedDaysAgo` days (default 2) before the seeding, the bill dated
 *   by its departure (the schedule goes back four weeks);
 * - any other: a sailing departing 10 days or more after the seeding, so its documentation and VGM cut-offs are a
 *   week away or more, and none of the voyages the four above took (their cut-offs are moved).
 * Bills of the same lane take successive sailings (`skip`). A lane without such a sailing gets null.
 */
export async function pickBillSailings(
  tx: Tx,
  needs: readonly BillSailingNeed[],
  taken: ReadonlySet<number>,
  now = new Date(),
): Promise<((DemoSailing & { departedAt: Date | null }) | null)[]> {
  const calls = new Map<string, LoadingCall[]>();
  const used = new Map<string, number>();
  const picked: ((DemoSailing & { departedAt: Date | null }) | null)[] = [];
  for (const need of needs) {
    const lane = `${need.pol}-${need.pod}`;
    if (!calls.has(lane)) calls.set(lane, await loadingCallsAt(tx, need.pol, need.pod));
    const key = `${lane}-${need.departed}`;
    const skip = used.get(key) ?? 0;
    used.set(key, skip + 1);
    const fits = calls
      .get(lane)!
      .filter((call) =>
        need.departed
          ? call.departedAt !== null &&
            call.departedAt.getTime() <= now.getTime() - (need.departedDaysAgo ?? 2) * 24 * HOUR
          : call.departedAt === null &&
            call.etd.getTime() >= now.getTime() + 10 * 24 * HOUR &&
            !taken.has(call.voyageId),
      );
    // The latest departures first for a bill issued, the earliest first otherwise; direct sailings before the others.
    const ordered = (need.departed ? [...fits].reverse() : fits).sort(
      (a, b) => Number(b.direct) - Number(a.direct),
    );
    const call = ordered[skip % Math.max(ordered.length, 1)];
    picked.push(
      call
        ? {
            voyageId: call.voyageId,
            vesselName: call.vesselName,
            voyageNumber: call.voyageNumber,
            departedAt: call.departedAt,
          }
        : null,
    );
  }
  return picked;
}
