import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/**
 * Track-and-trace events in bulk, generated in SQL (generate_series; no row crosses the wire), for scale tests and
 * benchmarks: `count` more events on the bookings given (round robin by container), eight per container (`GENU0000001`, …: gate
 * out empty, gate in, load, discharge, …, numbered on from the table's size so each call adds new containers), one in
 * ten a shipment event of the booking instead, at the ports given, created over the last 400 days. The table's
 * append-only trigger refuses only changes, so rows are inserted directly. Runs on PostgreSQL and PGlite.
 */
export async function generateEvents(
  db: Db,
  options: { count: number; bookingIds: number[]; portIds: number[]; analyze?: boolean },
): Promise<{ total: number; seconds: number }> {
  const started = performance.now();
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from tracking_events`);
  const from = row!.n + 1;
  const bookings = sql`array[${sql.join(
    options.bookingIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const ports = sql`array[${sql.join(
    options.portIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const chunk = 200_000;
  for (let start = from; start < from + options.count; start += chunk) {
    const end = Math.min(start + chunk, from + options.count) - 1;
    await db.execute(sql`insert into tracking_events (event_type, code, classifier, event_at, created_at,
        equipment_reference, iso_equipment_code, empty_indicator, port_id, booking_id,
        document_type_code, document_reference, source)
      select case when g % 10 = 0 then 'SHIPMENT' else 'EQUIPMENT' end,
        case when g % 10 = 0 then 'CONF' else (array['GTOT', 'GTIN', 'LOAD', 'DISC', 'GTOT', 'GTIN', 'AVPU', 'INSP'])[1 + g % 8] end,
        'ACT',
        now() - interval '400 days' + g * interval '17 seconds',
        now() - interval '400 days' + g * (interval '400 days' / ${from + options.count}),
        case when g % 10 = 0 then null else 'GENU' || lpad((g / 8)::text, 7, '0') end,
        case when g % 10 = 0 then null else '22G1' end,
        case when g % 10 = 0 then null when g % 8 in (0, 6) then 'EMPTY' else 'LADEN' end,
        case when g % 10 = 0 then null else (${ports})[1 + g % ${options.portIds.length}] end,
        (${bookings})[1 + (g / 8) % ${options.bookingIds.length}],
        case when g % 10 = 0 then 'BKG' end,
        case when g % 10 = 0 then 'GBK' || lpad((g / 10)::text, 9, '0') end,
        'DEMO'
      from generate_series(${start}::int, ${end}::int) g`);
  }
  if (options.analyze !== false) await db.execute(sql`analyze tracking_events`);
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from tracking_events`);
  return { total: total!.n, seconds: Math.round((performance.now() - started) / 100) / 10 };
}
