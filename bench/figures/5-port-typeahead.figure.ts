// Figure 5: port typeahead p95 with the full UN/LOCODE, both engines. The app answers
// GET /core/base/v1/ports/?limit=5&name=…&portType=SP,DP (app.inject: auth hook, validation, the query,
// serialisation); the baseline runs the identical SQL text and parameters on the app's own driver and connection
// directly (the pg pool; the PGlite worker thread), prepared the way the app prepares it: on PostgreSQL a named
// statement per query shape (the app's are named per shape too), on PGlite unnamed (its driver ignores names, the
// app's included). Alternating rounds, median of the rounds' p95.
// BENCH_ENGINE=postgres (or pglite) measures one engine.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importReferenceFile } from '../../apps/server/src/modules/reference-data/reference-data.import';
import { buildPortsQuery } from '../../apps/server/src/modules/reference-data/reference-data.repository';
import { signInAs } from '../../apps/server/src/test/auth';
import { budgetOf } from '../budgets';
import { alternate, type FigureModule, type FigureRow, figure, quantile, skipped } from '../figure';
import { benchApp, ENGINE_NAMES, ENGINES, rawQuery } from '../lib';

/** The code list beside the clone (`../shared/data`), or BENCH_UNLOCODE (a git worktree sits elsewhere). */
const LOCODE_FILE =
  process.env.BENCH_UNLOCODE ??
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/data/unlocode/code-list.csv');
const ROUNDS = 5;

/** Terms a user types into the port field: full names, prefixes, codes, accents, two letters. */
const TERMS = [
  'rotterdam',
  'shang',
  'jebel ali',
  'nhava',
  'singapore',
  'santos',
  'sao paulo',
  'hamb',
  'NLRTM',
  'INMUN',
  'los angeles',
  'chennai',
  'ch',
  'port',
  'felix',
  'москва',
];

const portTypeahead: FigureModule = async (context) => {
  const rows: FigureRow[] = [];
  for (const engine of ENGINES) {
    if (process.env.BENCH_ENGINE && process.env.BENCH_ENGINE !== engine) continue;
    const id = `5-${engine}`;
    const BUDGET = budgetOf(id);
    const name = `port typeahead p95, full UN/LOCODE, ${ENGINE_NAMES[engine]} (ms)`;
    if (!existsSync(LOCODE_FILE)) {
      context.log(`figure 5 skipped: ${LOCODE_FILE} is absent`);
      rows.push(skipped(id, name, BUDGET, `${LOCODE_FILE} is absent`));
      continue;
    }
    const t = await benchApp(engine, context.postgresUrl);
    let direct: Awaited<ReturnType<typeof rawQuery>> | undefined;
    try {
      const { headers } = await signInAs(t, 'customer');
      const db = t.database.db;
      const imported = await importReferenceFile(db, 'locode', LOCODE_FILE);
      context.log(
        `${ENGINE_NAMES[engine]}: ${imported.inserted + imported.updated + imported.unchanged} locations`,
      );
      direct = await rawQuery(t.database);
      const query = direct.run;
      const statements = TERMS.map((term) =>
        buildPortsQuery(db, { term, portTypes: ['SP', 'DP'], limit: 5 }).toSQL(),
      );
      // One name per distinct SQL text (a query shape: substring or prefix term), as the app names its statements.
      const names = new Map<string, string>();
      for (const { sql } of statements) if (!names.has(sql)) names.set(sql, `bench_ports_${names.size}`);
      const directly = async (i: number) => {
        const { sql, params } = statements[i]!;
        await query(sql, params, names.get(sql));
      };
      const viaApp = async (i: number) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/core/base/v1/ports/?limit=5&name=${encodeURIComponent(TERMS[i]!)}&portType=SP,DP`,
          headers,
        });
        if (res.statusCode !== 200) throw new Error(`search ${TERMS[i]}: ${res.statusCode} ${res.body}`);
      };
      // One round: every term 10 times, each search timed; the round's figure is its p95.
      const round = (search: (i: number) => Promise<void>) => async () => {
        const samples: number[] = [];
        for (let repeat = 0; repeat < 10; repeat++)
          for (let i = 0; i < TERMS.length; i++) {
            const start = performance.now();
            await search(i);
            samples.push(performance.now() - start);
          }
        return quantile(samples, 0.95);
      };
      await round(directly)();
      await round(viaApp)();
      const result = await alternate(ROUNDS, round(viaApp), round(directly));
      rows.push(
        figure({
          id,
          name,
          value: result.a,
          baseline: result.b,
          budget: BUDGET,
          note: `${ENGINE_NAMES[engine]}, ${engine === 'postgres' ? `both sides named prepared statements (${names.size} shapes)` : "both sides unnamed, through the app's PGlite worker thread"}: ${ROUNDS} alternating rounds of ${TERMS.length * 10} searches; median p95 app ${result.as.map((v) => v.toFixed(2)).join('/')} vs direct SQL ${result.bs.map((v) => v.toFixed(2)).join('/')} ms`,
        }),
      );
    } finally {
      await direct?.close();
      await t.close();
    }
  }
  return rows;
};
export default portTypeahead;
