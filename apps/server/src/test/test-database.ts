import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { seedAccessModel } from '../modules/access/access.seed';
import { seedReferenceData } from '../modules/reference-data/reference-data.seed';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or — when DATABASE_URL points at
 * PostgreSQL — a new database created on that server for this file alone and dropped when it closes.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    await database.migrate();
    await seedReferenceData(database.db);
    await seedAccessModel(database.db);
    return database;
  }
  const admin = new URL(url);
  const name = `${admin.pathname.slice(1) || 'lading'}_t_${randomBytes(5).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  await adminClient.query(`create database "${name}"`);
  await adminClient.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  await database.migrate();
  await seedReferenceData(database.db);
  await seedAccessModel(database.db);
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
