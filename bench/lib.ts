import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from '../apps/server/src/db/client';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app';

export type Engine = 'postgres' | 'pglite';
export const ENGINES: Engine[] = ['postgres', 'pglite'];
export const ENGINE_NAMES: Record<Engine, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };

/**
 * The app as every integration test builds it (migrated, reference data and access model seeded) on a fresh
 * database of the given engine: in-memory PGlite, or a new database on the bench's PostgreSQL server that is
 * dropped on close.
 */
export async function benchApp(engine: Engine, postgresUrl: string): Promise<TestApp> {
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = engine === 'postgres' ? postgresUrl : '';
  try {
    return await createTestApp();
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

/**
 * Runs SQL text with parameters on the database directly, no ORM in between: PostgreSQL through the app's own pg
 * pool — as a named prepared statement when given a `name` (pg prepares it once per connection, as the app's
 * prepared queries are); PGlite — which the app runs in a worker thread — on an in-process copy of the app's
 * database (its data directory dumped and loaded into a new PGlite on this thread), the way a bare server would
 * embed it. PGlite's driver, the app's included, ignores statement names: every query there is parsed and planned.
 */
export async function rawQuery(database: Database): Promise<{
  run: (text: string, params: unknown[], name?: string) => Promise<unknown[]>;
  close: () => Promise<void>;
}> {
  const client = (
    database.db as unknown as {
      $client: {
        query(
          query: string | { name: string; text: string; values: unknown[] },
          params?: unknown[],
        ): Promise<{ rows: unknown[] }>;
        dumpDataDir(): Promise<Blob>;
      };
    }
  ).$client;
  if (database.kind === 'postgres')
    return {
      run: async (text, params, name) =>
        (await (name ? client.query({ name, text, values: params }) : client.query(text, params))).rows,
      close: async () => {},
    };
  const copy = await PGlite.create({
    loadDataDir: await client.dumpDataDir(),
    extensions: { citext, pg_trgm },
  });
  return { run: async (text, params) => (await copy.query(text, params)).rows, close: () => copy.close() };
}
