// Vitest's global set-up for the server's tests: one migrated database with the reference data and the access model,
// made once per run, that every test file's database starts as a copy of (test-database.ts), and a second one with
// the demo data as well, for the files that sign the demo accounts in (`createTestApp(…, { demo: true })`).
// Migrating and seeding took each file about 2 s on PostgreSQL and 5–15 s on PGlite, and the demo data 1.6 CPU-s
// more on PGlite; copying a template takes a fraction of that.
// - PostgreSQL (DATABASE_URL): template databases on that server; each file's is `create database … template …`.
// - PGlite: each template's data directory as a tarball in a temporary file; each file's in-memory database loads one.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import {
  migrateAndSeed,
  seedTestDemoData,
  TEMPLATE_VARIABLE,
  type TestDatabaseTemplate,
} from './test-database';

/** The test workers start after this set-up and inherit its environment. */
function provide(template: TestDatabaseTemplate) {
  process.env[TEMPLATE_VARIABLE] = JSON.stringify(template);
}

const isPostgres = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//.test(url);

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (isPostgres(url)) {
    const prefix = `${new URL(url).pathname.slice(1) || 'lading'}_tpl_${randomBytes(5).toString('hex')}`;
    const [name, demo] = [prefix, `${prefix}_demo`];
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const open = (database: string) => {
      const target = new URL(url);
      target.pathname = `/${database}`;
      return openDatabase({ kind: 'postgres', url: target.toString() });
    };
    await client.query(`create database "${name}"`);
    const base = await open(name);
    await migrateAndSeed(base);
    // A template must have no connection open while it is copied.
    await base.close();
    await client.query(`create database "${demo}" template "${name}"`);
    const withDemo = await open(demo);
    await seedTestDemoData(withDemo);
    await withDemo.close();
    provide({ kind: 'postgres', name, demo });
    return async () => {
      for (const database of [demo, name])
        await client.query(`drop database if exists "${database}" with (force)`);
      await client.end();
    };
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateAndSeed(database);
  const folder = mkdtempSync(join(tmpdir(), 'lading-test-template-'));
  const file = join(folder, 'template.tar');
  const base = await database.dumpDataDir!();
  writeFileSync(file, base);
  await seedTestDemoData(database);
  const demoFile = join(folder, 'template-demo.tar');
  writeFileSync(demoFile, await database.dumpDataDir!());
  await database.close();
  provide({ kind: 'pglite', file, demoFile });
  return () => rmSync(folder, { recursive: true, force: true });
}
