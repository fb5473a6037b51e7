import { randomInt } from 'node:crypto';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { loadEnv } from '../env';
import { createTestDatabase } from '../test/test-database';

const FORGOT = '/authenticate/oauth/users/forgot-password/';
/** forgot-password allows 5 a minute per client address. */
const LIMIT = 5;

/** Builds the app as production does (no loopback exemption) on a shared database. */
async function productionApp(database: Database, overrides: Record<string, string> = {}) {
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'pglite:memory',
    ...overrides,
  });
  const app = await buildApp({
    env,
    database,
    logger: false,
    mailIntervalMs: 60_000,
    webDist: '/nonexistent',
  });
  await app.ready();
  return app;
}

const forgot = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: FORGOT,
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: 'nobody@example.com' },
  });

/** A documentation-range address of its own for each test, so counters never meet across tests or runs. */
const someAddress = () => `203.0.113.${randomInt(1, 254)}`;

describe('per-IP limits', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('ignore X-Forwarded-For unless it comes from a configured proxy', async () => {
    const app = await productionApp(database);
    try {
      const client = someAddress();
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 3; i++)
        statuses.push((await forgot(app, client, `198.51.100.${i + 1}`)).statusCode);
      // A new forged address each time changes nothing: the socket's address is counted.
      expect(statuses).toEqual([...Array(LIMIT).fill(202), 429, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('with TRUST_PROXY, count the client the proxy names, and only when that proxy is the one connecting', async () => {
    const proxy = someAddress();
    const app = await productionApp(database, { TRUST_PROXY: proxy });
    try {
      const viaProxy: number[] = [];
      for (let i = 0; i < LIMIT + 3; i++)
        viaProxy.push((await forgot(app, proxy, `198.51.100.${randomInt(1, 254)}, ${proxy}`)).statusCode);
      expect(viaProxy.every((status) => status === 202)).toBe(true);
      const direct = someAddress();
      const spoofed: number[] = [];
      for (let i = 0; i < LIMIT + 1; i++)
        spoofed.push((await forgot(app, direct, `198.51.100.${i + 1}`)).statusCode);
      expect(spoofed.at(-1)).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('are shared by two instances on one database', async () => {
    const [a, b] = [await productionApp(database), await productionApp(database)];
    try {
      const client = someAddress();
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 3; i++) statuses.push((await forgot(i % 2 ? b : a, client)).statusCode);
      expect(statuses).toEqual([...Array(LIMIT).fill(202), 429, 429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const url = new URL(REDIS_URL);
  const socket = connect(Number(url.port || 6379), url.hostname);
  socket.setTimeout(500);
  const done = (up: boolean) => {
    socket.destroy();
    resolve(up);
  };
  socket.once('connect', () => done(true));
  socket.once('error', () => done(false));
  socket.once('timeout', () => done(false));
});
if (!redisUp) console.warn(`per-IP limits in Redis: skipped, no Redis at ${REDIS_URL}`);

describe.skipIf(!redisUp)('per-IP limits in Redis (REDIS_URL)', () => {
  it('are shared by two instances, each with its own connection', async () => {
    const database = await createTestDatabase();
    const [a, b] = [
      await productionApp(database, { REDIS_URL }),
      await productionApp(database, { REDIS_URL }),
    ];
    try {
      const client = `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}`;
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 3; i++) statuses.push((await forgot(i % 2 ? b : a, client)).statusCode);
      expect(statuses).toEqual([...Array(LIMIT).fill(202), 429, 429, 429]);
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});
