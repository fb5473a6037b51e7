// Figure 3: BL list page 1 (limit 10, default sort) p50 at 1,000,000 bills for 10,000 customers against the same at
// 10,000 bills, PostgreSQL, through the full app (app.inject: auth, validation, queries, serialisation): as the
// corporate admin, as a customer, with a status filter, with a BL-number search, and the admin review queue.
// Both data sets are generated in SQL (generateBills), in databases named BENCH_DB_PREFIX (default lading_bench_)
// plus the number of bills, so two runs on one server given different prefixes never drop each other's.
// BENCH_REUSE=1 keeps them for the next run with the same prefix instead of dropping them.
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/client';
import { loadEnv } from '../../apps/server/src/env';
import { seedAccessModel } from '../../apps/server/src/modules/access/access.seed';
import { seedReferenceData } from '../../apps/server/src/modules/reference-data/reference-data.seed';
import { seedDemoData } from '../../apps/server/src/seed/demo';
import { signInAs } from '../../apps/server/src/test/auth';
import { generateBills } from '../../apps/server/src/test/generate-bills';
import type { TestApp } from '../../apps/server/src/test/test-app';
import { budgetOf } from '../budgets';
import { alternate, type BenchContext, type FigureModule, figure, quantile } from '../figure';

const LARGE = 1_000_000;
const SMALL = 10_000;
const CUSTOMERS = 10_000;
const ROUNDS = 5;
const BENCH_SESSION_SECRET = 'figure-3-bench-session-secret-not-for-production';
const REQUESTS = 60;

const SCENARIOS = [
  { id: '3-admin', name: 'corporate admin', who: 'admin', url: '/cp/bill-of-ladings/?skip=0&limit=10' },
  { id: '3-customer', name: 'customer', who: 'customer', url: '/cp/bill-of-ladings/?skip=0&limit=10' },
  {
    id: '3-status',
    name: 'status filter (admin)',
    who: 'admin',
    url: '/cp/bill-of-ladings/?skip=0&limit=10&status=APPROVED',
  },
  {
    id: '3-bl-number',
    name: 'BL-number search (admin)',
    who: 'admin',
    url: '/cp/bill-of-ladings/?skip=0&limit=10&bl_number=GEN000004321',
  },
  {
    id: '3-review',
    name: 'review queue (admin)',
    who: 'admin',
    url: '/cp/bill-of-ladings/review-queue/?skip=0&limit=10',
  },
] as const;

type ScaleApp = TestApp & { headers: Record<'admin' | 'customer', Record<string, string>>; note: string };

/** BENCH_DB_PREFIX: letters, digits and underscores only (it becomes part of a database name). */
function databasePrefix(): string {
  const prefix = process.env.BENCH_DB_PREFIX ?? 'lading_bench_';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix))
    throw new Error(`BENCH_DB_PREFIX must be lower-case letters, digits and underscores (got "${prefix}")`);
  return prefix;
}

function databaseUrl(context: BenchContext, name: string): string {
  const url = new URL(context.postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function scaleApp(context: BenchContext, bills: number): Promise<ScaleApp> {
  const reuse = process.env.BENCH_REUSE === '1';
  const name = `${databasePrefix()}${bills}`;
  const admin = new pg.Client({ connectionString: context.postgresUrl });
  await admin.connect();
  let fresh = true;
  if (reuse && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) {
    // Reused only when its generation finished (a run stopped half-way leaves fewer bills).
    const check = new pg.Client({ connectionString: databaseUrl(context, name) });
    await check.connect();
    const { rows } = await check
      .query('select count(*)::int as n from bills_of_lading')
      .catch(() => ({ rows: [] }));
    await check.end();
    fresh = ((rows[0] as { n: number } | undefined)?.n ?? 0) < bills;
  }
  if (fresh) {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  }
  await admin.end();
  const url = databaseUrl(context, name);
  const database = await openDatabase({ kind: 'postgres', url: url });
  await database.migrate();
  let note = `${bills} bills reused`;
  if (fresh) {
    await seedReferenceData(database.db);
    await seedAccessModel(database.db);
    await seedDemoData(database.db);
    const generated = await generateBills(database.db, { customers: CUSTOMERS, bills });
    note = `${bills} bills for ${CUSTOMERS} customers generated in ${generated.seconds} s`;
    context.log(note);
  }
  // A fixed session secret: the demo staff's second factor is sealed with it, and a database kept by BENCH_REUSE=1
  // must still open for the next run's sign-in (a secret drawn per process would not unseal it).
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    SESSION_SECRET: BENCH_SESSION_SECRET,
  });
  const app = await buildApp({ env, database, logger: false, mailIntervalMs: 60_000 });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
    if (reuse) return;
    const dropper = new pg.Client({ connectionString: context.postgresUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  };
  const t: TestApp = { app, database, close };
  try {
    const headers = {
      admin: (await signInAs(t, 'admin')).headers,
      customer: (await signInAs(t, 'customer')).headers,
    };
    return { ...t, headers, note };
  } catch (error) {
    await close();
    throw error;
  }
}

/** p50 (ms) of REQUESTS sequential requests of one scenario. */
function p50(t: ScaleApp, scenario: (typeof SCENARIOS)[number]) {
  return async () => {
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      const res = await t.app.inject({ method: 'GET', url: scenario.url, headers: t.headers[scenario.who] });
      samples.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${scenario.url}: ${res.statusCode} ${res.body}`);
      if ((res.json() as { results: unknown[] }).results.length === 0)
        throw new Error(`${scenario.id}: no results at ${scenario.url}`);
    }
    return quantile(samples, 0.5);
  };
}

const blListScale: FigureModule = async (context) => {
  const small = await scaleApp(context, SMALL);
  let large: ScaleApp | undefined;
  try {
    large = await scaleApp(context, LARGE);
    const rows = [];
    for (const scenario of SCENARIOS) {
      await p50(large, scenario)();
      await p50(small, scenario)();
      const result = await alternate(ROUNDS, p50(large, scenario), p50(small, scenario));
      rows.push(
        figure({
          id: scenario.id,
          name: `BL list page 1 p50 at 1M bills, ${scenario.name}, PostgreSQL (ms)`,
          value: result.a,
          baseline: result.b,
          budget: budgetOf(scenario.id),
          note: `baseline: the same at ${SMALL} bills; ${ROUNDS} alternating rounds of ${REQUESTS} requests, 1M ${result.as.map((v) => v.toFixed(1)).join('/')} vs 10k ${result.bs.map((v) => v.toFixed(1)).join('/')} ms; ${large.note}`,
        }),
      );
    }
    return rows;
  } finally {
    await large?.close();
    await small.close();
  }
};
export default blListScale;
