import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { loadEnv } from '../env';
import type { AuthUser } from '../plugins/auth';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** Interim token table behind signInAs() until the OAuth server lands. */
  tokens: Map<string, AuthUser>;
  close(): Promise<void>;
};

/** buildApp() on a fresh database, the way every integration test uses the server. */
export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'pglite:memory',
    ...envOverrides,
  });
  const tokens = new Map<string, AuthUser>();
  const app = await buildApp({
    env,
    database,
    logger: false,
    accessTokenVerifier: async (token) => tokens.get(token) ?? null,
  });
  await app.ready();
  return {
    app,
    database,
    tokens,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const newToken = () => randomBytes(24).toString('base64url');
