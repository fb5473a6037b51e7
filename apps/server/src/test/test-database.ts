import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';

let pgliteTemplate: Uint8Array<ArrayBuffer> | undefined;

/**
 * A fresh, migrated database with the reference data and the access model, for one test file: in-memory PGlite by
 * default, or — when DATABASE_URL points at PostgreSQL — a new database created on that server for this file alone
 * and dropped when it closes. Either is a copy of the run's template (global-setup.ts), not migrated again.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  const template = inject('testDatabaseTemplate');
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    if (template.kind !== 'pglite') throw new Error('the test template is not a PGlite one');
    pgliteTemplate ??= new Uint8Array(readFileSync(template.file));
    return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: pgliteTemplate });
  }
  if (template.kind !== 'postgres') throw new Error('the test template is not a PostgreSQL one');
  const admin = new URL(url);
  const name = `${admin.pathname.slice(1) || 'lading'}_t_${randomBytes(5).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  await adminClient.query(`create database "${name}" template "${template.name}"`);
  await adminClient.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
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
