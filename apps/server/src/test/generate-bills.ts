import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../db/client';

export type GeneratedBills = { customers: number; bills: number; seconds: number };

/**
 * Bulk data for scale tests and benchmarks, generated in SQL (generate_series; no row crosses the wire): `customers`
 * customer users with a company each, and `bills` bills of lading spread evenly over them (the demo customer, when
 * seeded, owns its share too), each with a booking, over both demo offices, with a year of updated_at values and the
 * status mix of a working portal (5 % awaiting review). Needs the demo seed (offices, ports, parties, the demo
 * customer). Runs on PostgreSQL and PGlite; a million bills take a few minutes on PostgreSQL.
 */
export async function generateBills(
  db: Db,
  options: { customers: number; bills: number; analyze?: boolean },
): Promise<GeneratedBills> {
  const started = performance.now();
  const { customers, bills } = options;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    // At scale, building the secondary indexes once afterwards is several times faster than updating them per row.
    const rebuild =
      bills >= 100_000
        ? await queryRows<{ name: string; definition: string }>(
            tx,
            sql`select indexname as name, indexdef as definition from pg_indexes
              where schemaname = 'public' and tablename in ('bills_of_lading', 'bookings')
              and indexname not in (select conname from pg_constraint)`,
          )
        : [];
    for (const index of rebuild) await tx.execute(sql.raw(`drop index "${index.name}"`));
    await insertRows(tx, customers, bills);
    for (const index of rebuild) await tx.execute(sql.raw(index.definition));
  });
  // Statistics for the planner, and the visibility map that lets counts read the indexes alone.
  if (options.analyze !== false) await db.execute(sql`vacuum analyze bills_of_lading, bookings, users`);
  return { customers, bills, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function insertRows(db: Tx, customers: number, bills: number): Promise<void> {
  await db.execute(sql`
    insert into users (email, username, first_name, last_name, password_hash, email_verified_at, party_id)
    select 'gen' || g || '@bench.lading.test', 'gen' || g || '@bench.lading.test', 'Generated', 'Customer ' || g,
      (select password_hash from users order by id limit 1), now(), (select id from parties order by id limit 1)
    from generate_series(1, ${customers - 1}) g`);
  // Owners: the demo customer (when present) and the generated customers, numbered 0..customers-1.
  await db.execute(sql`create temporary table gen_owners (n int primary key, user_id int not null)`);
  await db.execute(sql`
    insert into gen_owners (n, user_id)
    select row_number() over (order by id) - 1, id from users
    where email like 'gen%@bench.lading.test' or email = 'customer@demo.lading.test'`);
  await db.execute(sql`
    insert into bookings (number, created_by_id, pol_id, pod_id, vessel_name, voyage_number, status)
    select 'GBK' || lpad(g::text, 9, '0'), o.user_id, p.pol, p.pod, 'MV Generated ' || (g % 40), (g % 900) || 'W', 'CONFIRMED'
    from generate_series(1, ${bills}) g
    join gen_owners o on o.n = g % ${customers}
    cross join (select array_agg(id) as ids from (select id from ports order by id limit 6) six) pp
    cross join lateral (select pp.ids[1 + g % 2] as pol, pp.ids[3 + g % 4] as pod) p`);
  await db.execute(sql`
    insert into bills_of_lading (number, status, created_by_id, booking_id, pol_id, pod_id, vessel_name, voyage_number,
      issuing_office_id, bl_date, shipper_id, consignee_id, total_containers, created_at, updated_at)
    select 'GEN' || lpad(g::text, 9, '0'),
      case when g % 20 = 0 then 'UPDATE PENDING' when g % 20 < 8 then 'DRAFT' when g % 20 < 13 then 'APPROVED'
        when g % 20 < 19 then 'ISSUED' else 'SURRENDERED' end,
      bk.created_by_id, bk.id, bk.pol_id, bk.pod_id, bk.vessel_name, bk.voyage_number,
      o.ids[1 + g % 2],
      date '2026-01-01' + (g % 300), sh.id, sh.id, 1 + g % 4,
      timestamptz '2025-11-01' + make_interval(secs => (g::bigint * 7919) % 31536000),
      timestamptz '2025-11-01' + make_interval(secs => (g::bigint * 7919) % 31536000)
    from generate_series(1, ${bills}) g
    join bookings bk on bk.number = 'GBK' || lpad(g::text, 9, '0')
    cross join (select array_agg(id order by is_corporate desc, id) as ids from offices) o
    cross join (select min(id) as id from parties) sh`);
  await db.execute(sql`drop table gen_owners`);
}
