import { imoCheckDigit } from '@lading/contract/voyages';
// Figure 8 (issue 26): the point-to-point schedule search as the schedule grows, on PostgreSQL and on PGlite. The same searches (lanes with
// direct sailings and with a transhipment, the default four-week window) through the app
// (GET /cp/schedules/point-to-point/, app.inject) on a database holding 20 voyages, then on the same database grown
// to 500 voyages over more services and weeks; the figure is p50 at 500 ÷ p50 at 20. The plans must use the
// transport calls' indexes: a sequential scan on transport_calls fails the figure.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../apps/server/src/db/client';
import { signInAs } from '../../apps/server/src/test/auth';
import { budgetOf } from '../budgets';
import { type FigureModule, figure, median } from '../figure';
import { benchApp } from '../lib';

const HEADERS_JSON = { 'content-type': 'application/json' };
const LANES: [string, string][] = [
  ['INNSA', 'AEJEA'],
  ['INMAA', 'SGSIN'],
  ['INMAA', 'NLRTM'],
  ['INMUN', 'DEHAM'],
  ['LKCMB', 'NLRTM'],
];
const ROUNDS = 5;

/** A valid IMO number from six digits (the seventh is the check digit). */
const imo = (six: number) => `${six}${imoCheckDigit(String(six))}`;

type Engine = Parameters<typeof benchApp>[0];
const ENGINE_NAME: Record<Engine, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };

const pointToPoint: FigureModule = async (context) => [
  await measure(context, 'postgres'),
  await measure(context, 'pglite'),
];

/** The figure on one engine: the same services, voyages, lanes and rounds. */
async function measure(context: Parameters<FigureModule>[0], engine: Engine) {
  const t = await benchApp(engine, context.postgresUrl);
  try {
    const admin = (await signInAs(t, 'admin')).headers;
    const customer = (await signInAs(t, 'customer')).headers;
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...admin, ...HEADERS_JSON },
        payload,
      });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    // Start from an empty schedule (the demo's is removed, with the demo records' references to it: bookings,
    // quotations and the demo's tracking events), then 20 sailings. Tracking events are append-only (decision 027):
    // on this scratch database the trigger that says so is off while their references are cleared.
    await t.database.db.execute(sql`update bookings set voyage_id = null where voyage_id is not null`);
    await t.database.db.execute(sql`update quotations set voyage_id = null where voyage_id is not null`);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table tracking_events disable trigger tracking_events_no_change`);
      await tx.execute(
        sql`update tracking_events set voyage_id = null, transport_call_id = null
            where voyage_id is not null or transport_call_id is not null`,
      );
      await tx.execute(sql`alter table tracking_events enable trigger tracking_events_no_change`);
    });
    await t.database.db.execute(sql`delete from voyages`);
    const vessels: number[] = [];
    for (let i = 0; i < 8; i++)
      vessels.push(
        (
          await post('/cp/admin/vessels/', {
            imoNumber: imo(910_000 + i * 37),
            name: `BENCH ${i}`,
            flag: 'SG',
            operatorCarrierCode: 'LDGU',
            teuCapacity: 8000,
          })
        ).id,
      );
    const rotations: [string, number][][] = [
      [
        ['INMAA', 0],
        ['LKCMB', 2],
        ['SGSIN', 6],
      ],
      [
        ['LKCMB', 0],
        ['INNSA', 3],
        ['INMUN', 5],
        ['AEJEA', 8],
        ['NLRTM', 24],
        ['DEHAM', 27],
      ],
      [
        ['INNSA', 0],
        ['AEJEA', 4],
      ],
      [
        ['INMUN', 0],
        ['INNSA', 2],
        ['LKCMB', 5],
        ['SGSIN', 9],
      ],
      [
        ['INMAA', 0],
        ['INNSA', 4],
        ['AEJEA', 8],
      ],
    ];
    const services: number[] = [];
    for (const [i, calls] of rotations.entries())
      services.push(
        (
          await post('/cp/admin/services/', {
            code: `BN${i}`,
            name: `Bench ${i}`,
            frequencyDays: 7,
            voyageSuffix: 'W',
            calls: calls.map(([portCode, dayOffset]) => ({ portCode, dayOffset })),
            vesselIds: [vessels[i]!, vessels[i + 3]!],
          })
        ).id,
      );
    const start = (weeks: number) => new Date(Date.now() + weeks * 7 * 86_400_000).toISOString().slice(0, 10);
    // 20 voyages: four of each service around today.
    for (const id of services)
      await post(`/cp/admin/services/${id}/generate-voyages/`, { from: start(-1), weeks: 4 });

    const search = async () => {
      const samples: number[] = [];
      for (let repeat = 0; repeat < 10; repeat++)
        for (const [pol, pod] of LANES) {
          const began = performance.now();
          const res = await t.app.inject({
            method: 'GET',
            url: `/cp/schedules/point-to-point/?pol=${pol}&pod=${pod}&maxTranshipment=1`,
            headers: customer,
          });
          samples.push(performance.now() - began);
          if (res.statusCode !== 200) throw new Error(`${pol}-${pod}: ${res.statusCode} ${res.body}`);
        }
      return median(samples);
    };
    const count = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from voyages`))[0]!.n;
    // Warm-up: the app's first searches compile and cache what every later one reuses.
    for (let i = 0; i < 3; i++) await search();
    const small: number[] = [];
    for (let i = 0; i < ROUNDS; i++) small.push(await search());
    const smallCount = await count();

    // 500 voyages: the same services over two years before and after (96 more weeks each).
    for (const id of services) {
      await post(`/cp/admin/services/${id}/generate-voyages/`, { from: start(-49), weeks: 48 });
      await post(`/cp/admin/services/${id}/generate-voyages/`, { from: start(3), weeks: 49 });
    }
    for (const table of ['voyages', 'transport_calls', 'transport_call_cut_offs'])
      await t.database.db.execute(sql.raw(`analyze ${table}`));
    for (let i = 0; i < 3; i++) await search();
    const large: number[] = [];
    for (let i = 0; i < ROUNDS; i++) large.push(await search());
    const largeCount = await count();

    // The plan of the search at 500 voyages: no sequential scan of the calls.
    const from = new Date().toISOString().slice(0, 10);
    const [polId, podId] = await Promise.all(
      ['INMAA', 'NLRTM'].map(
        async (code) =>
          (await queryRows<{ id: number }>(t.database.db, sql`select id from ports where code = ${code}`))[0]!
            .id,
      ),
    );
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      t.database.db,
      sql`explain select l.id from transport_calls l
        join transport_calls d1 on d1.voyage_id = l.voyage_id and d1.sequence > l.sequence
        join transport_calls l2 on l2.port_id = d1.port_id and l2.voyage_id <> l.voyage_id
          and l2.etd >= d1.eta + interval '24 hours' and l2.etd <= d1.eta + interval '14 days'
        join transport_calls d2 on d2.voyage_id = l2.voyage_id and d2.sequence > l2.sequence and d2.port_id = ${podId}
        where l.port_id = ${polId} and l.etd >= ${from}::timestamptz and l.etd < ${from}::timestamptz + interval '28 days'`,
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    const seqScan = /Seq Scan on transport_calls/.test(text);
    context.log(`point-to-point plan on ${ENGINE_NAME[engine]} at ${largeCount} voyages:\n${text}`);
    const ratio = median(large) / median(small);
    return figure({
      id: engine === 'postgres' ? '8-point-to-point' : '8-point-to-point-pglite',
      name: `point-to-point search p50, ${largeCount} vs ${smallCount} voyages, ${ENGINE_NAME[engine]} (ms)`,
      value: median(large),
      baseline: median(small),
      // A sequential scan fails the figure whatever the ratio.
      budget: seqScan
        ? { op: '<=', limit: 0 }
        : budgetOf(engine === 'postgres' ? '8-point-to-point' : '8-point-to-point-pglite'),
      note: `${LANES.length} lanes x 10 a round, ${ROUNDS} rounds each; p50 per round ${large.map((v) => v.toFixed(2)).join('/')} vs ${small.map((v) => v.toFixed(2)).join('/')} ms; ratio ${ratio.toFixed(3)}; ${seqScan ? 'SEQUENTIAL SCAN on transport_calls' : 'no sequential scan on transport_calls'}`,
    });
  } finally {
    await t.close();
  }
}
export default pointToPoint;
