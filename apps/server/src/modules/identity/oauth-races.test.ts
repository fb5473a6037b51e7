import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../seed/demo';
import { authorizeUrl, CookieJar, exchangeCode, followRedirects, login, pkcePair } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Single use under concurrency (RFC 6749 4.1.2, RFC 9700 4.14.2): ten exchanges of one authorization code, or ten
 * refreshes with one refresh token, sent at once. Exactly one may succeed; the others get invalid_grant, and the
 * reuse revokes the grant, so not even the winner's tokens keep working. On PostgreSQL the same runs again with the
 * requests spread over two app instances sharing the database.
 */
const ATTEMPTS = 10;

describe('OAuth single use under concurrency', () => {
  let t: TestApp;
  let second: { app: FastifyInstance; close: () => Promise<void> } | null = null;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    await seedDemoData(t.database.db, { sessionSecret: t.app.ctx.env.sessionSecret });
    if (t.database.url) {
      // A second instance on the same PostgreSQL database, with its own pool and its own provider.
      const database = await openDatabase({ kind: 'postgres', url: t.database.url });
      const app = await buildApp({ env: t.app.ctx.env, database, logger: false, mailIntervalMs: 60_000 });
      await app.ready();
      second = {
        app,
        close: async () => {
          await app.close();
          await database.close();
        },
      };
    }
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  const callApi = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'GET',
      url: `/authenticate/oauth/users/${userId}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const refresh = (app: FastifyInstance, refreshToken: string) =>
    app.inject({
      method: 'POST',
      url: '/authenticate/oauth/token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'lading-portal',
        refresh_token: refreshToken,
      }).toString(),
    });

  async function newCode() {
    const jar = new CookieJar();
    const res = await login(t.app, jar, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    userId = res.json().id;
    const { verifier, challenge } = pkcePair();
    const { url } = await followRedirects(t.app, jar, authorizeUrl(t.app, { code_challenge: challenge }));
    const code = new URL(url, t.app.ctx.env.publicUrl).searchParams.get('code')!;
    expect(code).toBeTruthy();
    return { code, verifier };
  }

  async function expectOneWinnerAndAllRevoked(
    apps: FastifyInstance[],
    send: (app: FastifyInstance) => ReturnType<typeof refresh>,
  ) {
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) => send(apps[i % apps.length]!)),
    );
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r.statusCode !== 200)) {
      expect(loser.statusCode).toBe(400);
      expect(loser.json().error).toBe('invalid_grant');
    }
    const tokens = winners[0]!.json() as { access_token: string; refresh_token: string };
    for (const app of apps) expect((await callApi(app, tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(apps[0]!, tokens.refresh_token)).statusCode).toBe(400);
  }

  const engines = () => (second ? [[t.app], [t.app, second.app]] : [[t.app]]);

  it('one authorization code, ten concurrent exchanges: one succeeds, the grant is revoked', async () => {
    for (const apps of engines()) {
      const { code, verifier } = await newCode();
      await expectOneWinnerAndAllRevoked(apps, (app) => exchangeCode(app, { code, code_verifier: verifier }));
    }
  });

  it('one refresh token, ten concurrent refreshes: one succeeds, the grant is revoked', async () => {
    for (const apps of engines()) {
      const { code, verifier } = await newCode();
      const first = await exchangeCode(t.app, { code, code_verifier: verifier });
      expect(first.statusCode).toBe(200);
      const { refresh_token: refreshToken, access_token: accessToken } = first.json();
      expect((await callApi(t.app, accessToken)).statusCode).toBe(200);
      await expectOneWinnerAndAllRevoked(apps, (app) => refresh(app, refreshToken));
      expect((await callApi(t.app, accessToken)).statusCode).toBe(401);
    }
  });
});
