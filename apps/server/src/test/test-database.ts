import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { seedAccessModel } from '../modules/access/access.seed';
import { seedReferenceData } from '../modules/reference-data/reference-data.seed';
import { seedDemoData } from '../seed/demo';

/**
 * The run's two templates (global-setup.ts), handed to the test workers in LADING_TEST_TEMPLATE: the migrated
 * database with the reference data and the access model, and the same with the demo data (`demo`).
 */
export type TestDatabaseTemplate =
  | { kind: 'postgres'; name: string; demo: string }
  | { kind: 'pglite'; file: string; demoFile: string };
export const TEMPLATE_VARIABLE = 'LADING_TEST_TEMPLATE';

/**
 * The session secret of a test app on a database with the demo data: the seed seals the demo staff's authenticator
 * key with it (seed/demo.ts), so the app must unseal with the same one.
 */
export const DEMO_SESSION_SECRET = 'lading-test-demo-session-secret-0123456789abcdef';

const pgliteTemplates = new Map<string, Uint8Array<ArrayBuffer>>();

/** Migrates a new database and loads what every test expects: the reference data and the access model. */
export async function migrateAndSeed(database: Database) {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedAccessModel(database.db);
}

/** The demo data as a test app on DEMO_SESSION_SECRET expects it (what `signInAs` would otherwise seed). */
export const seedTestDemoData = (database: Database) =>
  seedDemoData(database.db, { sessionSecret: DEMO_SESSION_SECRET });

/**
 * A fresh, migrated database with the reference data and the access model, for one test file: in-memory PGlite by
 * default, or — when DATABASE_URL points at PostgreSQL — a new database created on that server for this file alone
 * and dropped when it closes. Under Vitest either is a copy of one of the run's templates (global-setup.ts), not
 * migrated or seeded again; elsewhere (the benchmarks) it is migrated and seeded here. With `demo`, it holds the demo
 * data too, seeded with DEMO_SESSION_SECRET.
 */
export async function createTestDatabase(
  options: { demo?: boolean } = {},
): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  const provided = process.env[TEMPLATE_VARIABLE];
  const template = provided ? (JSON.parse(provided) as TestDatabaseTemplate) : undefined;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    if (template?.kind === 'pglite') {
      const file = options.demo ? template.demoFile : template.file;
      let data = pgliteTemplates.get(file);
      if (!data) {
        data = new Uint8Array(readFileSync(file));
        pgliteTemplates.set(file, data);
      }
      return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: data });
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrateAndSeed(database);
    if (options.demo) await seedTestDemoData(database);
    return database;
  }
  const admin = new URL(url);
  const name = `${admin.pathname.slice(1) || 'lading'}_t_${randomBytes(5).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  const copy =
    template?.kind === 'postgres' ? ` template "${options.demo ? template.demo : template.name}"` : '';
  await adminClient.query(`create database "${name}"${copy}`);
  await adminClient.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  if (!copy) {
    await migrateAndSeed(database);
    if (options.demo) await seedTestDemoData(database);
  }
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
