import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { loadEnv } from '../env';
import { createTestDatabase } from './test-database';

export type TestApp = { app: FastifyInstance; database: Database & { url?: string }; close(): Promise<void> };

/** buildApp() on a fresh database, the way every integration test uses the server. */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: { webDist?: string } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'pglite:memory',
    ...envOverrides,
  });
  const app = await buildApp({
    env,
    database,
    logger: false,
    mailIntervalMs: 60_000,
    // app.inject waits for a response's end: a notification stream answers, then ends after half a second.
    notificationStreamMs: 500,
    webDist: options.webDist,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
