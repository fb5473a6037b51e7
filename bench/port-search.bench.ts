// Port search with the full UN/LOCODE loaded: server time per typeahead search through the full app
// (app.inject: auth hook, zod validation, the query, zod serialisation) versus the same query called directly
// (the repository function, no HTTP layer), measured alternately in the same run.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importReferenceFile } from '../apps/server/src/modules/reference-data/reference-data.import';
import { findPorts } from '../apps/server/src/modules/reference-data/reference-data.repository';
import { signInAs } from '../apps/server/src/test/auth';
import { createTestApp } from '../apps/server/src/test/test-app';
import { type Timing, timing } from './lib';

const LOCODE_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../shared/data/unlocode/code-list.csv',
);

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

export type PortSearchResult = {
  engine: string;
  rows: number;
  importSeconds: number;
  searches: number;
  baseline: Timing;
  app: Timing;
};

export async function benchPortSearch(rounds = 30): Promise<PortSearchResult | null> {
  if (!existsSync(LOCODE_FILE)) {
    console.warn(`port search benchmark skipped: ${LOCODE_FILE} is absent`);
    return null;
  }
  const t = await createTestApp();
  try {
    const { headers } = await signInAs(t, 'customer');
    const db = t.database.db;
    const started = performance.now();
    const summary = await importReferenceFile(db, 'locode', LOCODE_FILE);
    const importSeconds = (performance.now() - started) / 1000;

    const direct = (term: string) => findPorts(db, { term, portTypes: ['SP', 'DP'], limit: 5 });
    const viaApp = async (term: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/core/base/v1/ports/?limit=5&name=${encodeURIComponent(term)}&portType=SP,DP`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`search ${term}: ${res.statusCode} ${res.body}`);
    };
    for (const term of TERMS) {
      await direct(term);
      await viaApp(term);
    }
    const baseline: number[] = [];
    const app: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const term of TERMS) {
        let start = performance.now();
        await direct(term);
        baseline.push(performance.now() - start);
        start = performance.now();
        await viaApp(term);
        app.push(performance.now() - start);
      }
    }
    return {
      engine: t.database.kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL',
      rows: summary.inserted + summary.updated + summary.unchanged,
      importSeconds: Math.round(importSeconds * 10) / 10,
      searches: app.length,
      baseline: timing(baseline),
      app: timing(app),
    };
  } finally {
    await t.close();
  }
}
