import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { createTestDatabase, DEMO_SESSION_SECRET } from './test-database';

export type TestApp = { app: FastifyInstance; database: Database & { url?: string }; close(): Promise<void> };

/**
 * buildApp() on a fresh database, the way every integration test uses the server. With `demo`, the database holds the
 * demo data already (a copy of the run's demo template, test-database.ts) and the app has the session secret it was
 * seeded with, so `signInAs` has nothing left to seed.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: {
    webDist?: string;
    webhooks?: BuildAppOptions['webhooks'];
    demo?: boolean;
    notificationStreamMs?: number;
  } = {},
): Promise<TestApp> {
  if (options.demo && envOverrides.SESSION_SECRET && envOverrides.SESSION_SECRET !== DEMO_SESSION_SECRET)
    throw new Error(
      'createTestApp: the demo data is sealed with DEMO_SESSION_SECRET; pass no other SESSION_SECRET',
    );
  const database = await createTestDatabase({ demo: options.demo });
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'pglite:memory',
    ...(options.demo ? { SESSION_SECRET: DEMO_SESSION_SECRET } : {}),
    ...envOverrides,
  });
  const app = await buildApp({
    env,
    database,
    logger: false,
    mailIntervalMs: 60_000,
    // app.inject waits for a response's end: a notification stream answers, then ends after half a second.
    notificationStreamMs: options.notificationStreamMs ?? 500,
    webDist: options.webDist,
    // The push worker runs when a test flushes it (or every minute).
    webhooks: { intervalMs: 60_000, ...options.webhooks },
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

export type TwoInstances = {
  /** The first instance on the test's database, the second on `second` (PostgreSQL) or the same one (PGlite). */
  apps: [FastifyInstance, FastifyInstance];
  /** Their addresses (http://127.0.0.1:port), when started with `listen`. */
  bases: string[];
  /** The second instance's own database handle (PostgreSQL: its own pool and LISTEN connections), else null. */
  second: Database | null;
  close(): Promise<void>;
};

/**
 * Two app instances on one test database, as two processes would run them: on PostgreSQL the second gets its own
 * pool (and its own LISTEN connections); on PGlite both share the one in-process database. `listen` starts both on
 * a free port (for real sockets); otherwise they answer `inject`. `close()` leaves the test's database open.
 */
export async function createTwoInstances(
  database: Database & { url?: string },
  envOverrides: Record<string, string> = {},
  options: { listen?: boolean; webhooks?: BuildAppOptions['webhooks'] } = {},
): Promise<TwoInstances> {
  const second = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : null;
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'pglite:memory',
    ...envOverrides,
  });
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];
  for (const db of [database, second ?? database]) {
    const app = await buildApp({
      env,
      database: db,
      logger: false,
      mailIntervalMs: 60_000,
      webDist: '/none',
      webhooks: { intervalMs: 60_000, ...options.webhooks },
    });
    apps.push(app);
    if (options.listen) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    } else await app.ready();
  }
  return {
    apps: apps as [FastifyInstance, FastifyInstance],
    bases,
    second,
    close: async () => {
      for (const app of apps) await app.close();
      await second?.close();
    },
  };
}
