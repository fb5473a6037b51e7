// Vitest's global set-up for the server's tests: one migrated database with the reference data and the access model,
// made once per run, that every test file's database starts as a copy of (test-database.ts). Migrating and seeding
// took each file about 2 s on PostgreSQL and 5–15 s on PGlite; copying a template takes a fraction of that.
// - PostgreSQL (DATABASE_URL): a template database on that server; each file's is `create database … template …`.
// - PGlite: the template's data directory as a tarball in a temporary file; each file's in-memory database loads it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { migrateAndSeed, TEMPLATE_VARIABLE, type TestDatabaseTemplate } from './test-database';

/** The test workers start after this set-up and inherit its environment. */
function provide(template: TestDatabaseTemplate) {
  process.env[TEMPLATE_VARIABLE] = JSON.stringify(template);
}

const isPostgres = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//.test(url);

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (isPostgres(url)) {
    const admin = new URL(url);
    const name = `${admin.pathname.slice(1) || 'lading'}_tpl_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create database "${name}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: target.toString() });
    await migrateAndSeed(database);
    // A template must have no connection open while it is copied.
    await database.close();
    provide({ kind: 'postgres', name });
    return async () => {
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrateAndSeed(database);
  const folder = mkdtempSync(join(tmpdir(), 'lading-test-template-'));
  const file = join(folder, 'template.tar');
  writeFileSync(file, await database.dumpDataDir!());
  await database.close();
  provide({ kind: 'pglite', file });
  return () => rmSync(folder, { recursive: true, force: true });
}
