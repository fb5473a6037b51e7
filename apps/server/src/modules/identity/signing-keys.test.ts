import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { signingKeys } from '../../db/schema/signing-keys';
import { loadEnv } from '../../env';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../seed/demo';
import { signIn } from '../../test/auth';
import { createTestDatabase } from '../../test/test-database';
import { loadSigningKey } from './signing-keys';

const SECRET = 'a-session-secret-of-at-least-32-characters';

describe('the ID-token signing key', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
  });
  afterAll(() => database.close());

  const instance = async () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'pglite:memory',
      SESSION_SECRET: SECRET,
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
  };

  it('is shared by two instances: an ID token from one verifies against the other’s JWKS', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      const jwksA = (await a.inject({ method: 'GET', url: '/authenticate/oauth/jwks/' })).json();
      const jwksB = (await b.inject({ method: 'GET', url: '/authenticate/oauth/jwks/' })).json();
      expect(jwksA.keys).toHaveLength(1);
      expect(jwksB).toEqual(jwksA);
      expect(jwksA.keys[0]).not.toHaveProperty('d');
      const { tokens } = await signIn(a, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
      const idToken = (tokens as { id_token?: string }).id_token!;
      expect(idToken).toBeTruthy();
      const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwksB));
      expect(payload.iss).toBe(a.ctx.env.publicUrl);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('is stored sealed, never as a readable private key; another secret replaces it', async () => {
    const rows = await database.db.select().from(signingKeys);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    const key = await loadSigningKey(database.db, SECRET);
    expect(key.d).toBeTruthy();
    expect(stored).not.toContain(key.d!);
    const replaced = await loadSigningKey(database.db, 'another-session-secret-of-32-characters!');
    expect(replaced.d).not.toBe(key.d);
    expect(await database.db.select().from(signingKeys)).toHaveLength(1);
  });
});
