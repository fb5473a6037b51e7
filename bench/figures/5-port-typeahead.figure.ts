// Figure 5: port typeahead p95 with the full UN/LOCODE, both engines. The app answers
// GET /core/base/v1/ports/?limit=5&name=…&portType=SP,DP (app.inject: auth hook, validation, the query,
// serialisation); the baseline runs the identical SQL text and parameters on the same driver directly.
// Alternating rounds, median of the rounds' p95.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importReferenceFile } from '../../apps/server/src/modules/reference-data/reference-data.import';
import { buildPortsQuery } from '../../apps/server/src/modules/reference-data/reference-data.repository';
import { signInAs } from '../../apps/server/src/test/auth';
import {
  alternate,
  type Budget,
  type FigureModule,
  type FigureRow,
  figure,
  quantile,
  skipped,
} from '../figure';
import { benchApp, ENGINE_NAMES, ENGINES, rawQuery } from '../lib';

/** The code list beside the clone (`../shared/data`), or BENCH_UNLOCODE (a git worktree sits elsewhere). */
const LOCODE_FILE =
  process.env.BENCH_UNLOCODE ??
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/data/unlocode/code-list.csv');
const BUDGET: Budget = { op: '<=', limit: 1.3 };
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
    const id = `5-${engine}`;
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
      const directly = async (i: number) => {
        const { sql, params } = statements[i]!;
        await query(sql, params);
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
          note: `${ENGINE_NAMES[engine]}: ${ROUNDS} alternating rounds of ${TERMS.length * 10} searches; median p95 app ${result.as.map((v) => v.toFixed(2)).join('/')} vs direct SQL ${result.bs.map((v) => v.toFixed(2)).join('/')} ms`,
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
