import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { seedAccessModel } from '../modules/access/access.seed';
import { seedReferenceData } from '../modules/reference-data/reference-data.seed';

/** The run's template (global-setup.ts), handed to the test workers in LADING_TEST_TEMPLATE. */
export type TestDatabaseTemplate = { kind: 'postgres'; name: string } | { kind: 'pglite'; file: string };
export const TEMPLATE_VARIABLE = 'LADING_TEST_TEMPLATE';

let pgliteTemplate: Uint8Array<ArrayBuffer> | undefined;

/** Migrates a new database and loads what every test expects: the reference data and the access model. */
export async function migrateAndSeed(database: Database) {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedAccessModel(database.db);
}

/**
 * A fresh, migrated database with the reference data and the access model, for one test file: in-memory PGlite by
 * default, or — when DATABASE_URL points at PostgreSQL — a new database created on that server for this file alone
 * and dropped when it closes. Under Vitest either is a copy of the run's template (global-setup.ts), not migrated
 * again; elsewhere (the benchmarks) it is migrated and seeded here.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  const provided = process.env[TEMPLATE_VARIABLE];
  const template = provided ? (JSON.parse(provided) as TestDatabaseTemplate) : undefined;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    if (template?.kind === 'pglite') {
      pgliteTemplate ??= new Uint8Array(readFileSync(template.file));
      return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: pgliteTemplate });
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrateAndSeed(database);
    return database;
  }
  const admin = new URL(url);
  const name = `${admin.pathname.slice(1) || 'lading'}_t_${randomBytes(5).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  const copy = template?.kind === 'postgres' ? ` template "${template.name}"` : '';
  await adminClient.query(`create database "${name}"${copy}`);
  await adminClient.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  if (!copy) await migrateAndSeed(database);
  return {
    ...database,
    /** The PostgreSQL database's address, so a test can open a second instance on it. */
    url: target.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
