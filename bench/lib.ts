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
 * Runs SQL text with parameters on the database directly, no ORM in between, through the app's own driver and
 * connection: PostgreSQL through the app's pg pool — as a named prepared statement when given a `name` (pg prepares
 * it once per connection, as the app's prepared queries are); PGlite through the app's PGlite worker client (the
 * thread the app's queries run on, decision 006), whose driver, the app's included, ignores statement names: every
 * query there is parsed and planned. Figure 2's bare server runs PGlite in a worker thread too.
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
      };
    }
  ).$client;
  return {
    run: async (text, params, name) =>
      (
        await (name && database.kind === 'postgres'
          ? client.query({ name, text, values: params })
          : client.query(text, params))
      ).rows,
    close: async () => {},
  };
}
