import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { PrincipalData } from '../../lib/principal';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../seed/demo';
import { signIn } from '../../test/auth';
import { captureStatements } from '../../test/sql-capture';
import { createTwoInstances, type TwoInstances } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { cachePrincipals } from './principal-cache';

const principal = (userId: number) => ({ userId }) as unknown as PrincipalData;

/** A verifier that counts its lookups; `gate` holds the next lookup until released. */
function fakeVerifier() {
  const state = { calls: 0, gate: null as Promise<void> | null };
  const tokens: Record<string, { userId: number; grantId: string; expiresAt?: number; active?: boolean }> = {
    a: { userId: 1, grantId: 'g1' },
    b: { userId: 2, grantId: 'g2' },
    c: { userId: 1, grantId: 'g3' },
  };
  const verify = async (token: string) => {
    state.calls++;
    if (state.gate) await state.gate;
    const found = tokens[token];
    if (!found) return null;
    return {
      userId: found.userId,
      grantId: found.grantId,
      principal: found.active === false ? null : principal(found.userId),
      ...(found.expiresAt ? { expiresAt: found.expiresAt } : {}),
    };
  };
  return { state, tokens, verify };
}

function setUp(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const fake = fakeVerifier();
  let hear: (payload: string | null) => void = () => {};
  let clock = 1_000_000;
  const cache = cachePrincipals(fake.verify, {
    ...options,
    now: () => clock,
    watch: (onNotify) => {
      hear = onNotify;
      return () => {};
    },
  });
  return {
    ...fake,
    cache,
    hear: (payload: string | null) => hear(payload),
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('principal cache (unit)', () => {
  it('answers a token seen before without a lookup, and looks unknown tokens up every time', async () => {
    const s = setUp();
    expect((await s.cache.verify('a'))?.userId).toBe(1);
    expect((await s.cache.verify('a'))?.userId).toBe(1);
    expect(s.state.calls).toBe(1);
    expect(await s.cache.verify('nope')).toBeNull();
    expect(await s.cache.verify('nope')).toBeNull();
    expect(s.state.calls).toBe(3);
  });

  it('does not keep a token whose user is not active (principal null)', async () => {
    const s = setUp();
    s.tokens.a!.active = false;
    expect((await s.cache.verify('a'))?.principal).toBeNull();
    await s.cache.verify('a');
    expect(s.state.calls).toBe(2);
    expect(s.cache.size).toBe(0);
  });

  it("forgets one user's tokens on 'user:<id>', one grant's on 'grant:<id>', all on '*' and on null", async () => {
    const s = setUp();
    const warm = async () => {
      for (const token of ['a', 'b', 'c']) await s.cache.verify(token);
    };
    await warm();
    expect(s.cache.size).toBe(3);
    s.hear('user:1');
    expect(s.cache.size).toBe(1); // a and c were user 1's
    await warm();
    s.hear('grant:g2');
    expect(s.cache.size).toBe(2);
    await s.cache.verify('b');
    s.hear('user:12'); // no prefix confusion: user 1 is not user 12
    expect(s.cache.size).toBe(3);
    s.hear('*');
    expect(s.cache.size).toBe(0);
    await warm();
    s.hear(null);
    expect(s.cache.size).toBe(0);
  });

  it('keeps nothing past its TTL or its expiry, and drops the oldest beyond maxEntries', async () => {
    const s = setUp({ ttlMs: 1000, maxEntries: 2 });
    await s.cache.verify('a');
    s.tick(999);
    await s.cache.verify('a');
    expect(s.state.calls).toBe(1);
    s.tick(2);
    await s.cache.verify('a');
    expect(s.state.calls).toBe(2);
    s.tokens.b!.expiresAt = 1_000_000 + 1001 + 100; // expires in 100 ms, before the TTL
    await s.cache.verify('b');
    s.tick(101);
    await s.cache.verify('b');
    expect(s.state.calls).toBe(4);
    await s.cache.verify('c'); // a third token: the oldest (a) goes
    expect(s.cache.size).toBe(2);
    await s.cache.verify('a');
    expect(s.state.calls).toBe(6);
  });

  it('does not keep what a lookup read while a notice arrived (it may have read the old rows)', async () => {
    const s = setUp();
    let release = () => {};
    s.state.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pending = s.cache.verify('a');
    s.hear('user:99'); // any notice during the lookup
    release();
    expect((await pending)?.userId).toBe(1);
    expect(s.cache.size).toBe(0);
    s.state.gate = null;
    await s.cache.verify('a');
    expect(s.cache.size).toBe(1);
  });
});

/**
 * The cache in the app, on the test's engine: a second request reads neither token nor principal; any committed
 * change to the user, their roles, offices or tokens is in force for the very next request, whoever wrote it. On
 * PostgreSQL a second instance with its own pool hears the first one's changes.
 */
describe('principal cache (in the app)', () => {
  let database: Database & { url?: string };
  let instances: TwoInstances;
  let apps: TwoInstances['apps'];

  const me = (app: FastifyInstance, authorization: string) =>
    app.inject({ method: 'GET', url: '/cp/notifications/?limit=1', headers: { authorization } });
  const tokenReads = async (work: () => Promise<unknown>) =>
    (await captureStatements(database, work)).statements.filter((s) => /oidc_payloads/.test(s.text)).length;

  beforeAll(async () => {
    database = await createTestDatabase();
    instances = await createTwoInstances(database, {}, { listen: true });
    apps = instances.apps;
    await seedDemoData(database.db, { sessionSecret: apps[0]!.ctx.env.sessionSecret });
  });
  afterAll(async () => {
    await instances.close();
    await database.close();
  });

  it('reads the token and principal once, then answers from memory', async () => {
    const { headers } = await signIn(apps[0]!, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    expect(
      await tokenReads(async () => expect((await me(apps[0]!, headers.authorization)).statusCode).toBe(200)),
    ).toBe(1);
    expect(
      await tokenReads(async () => expect((await me(apps[0]!, headers.authorization)).statusCode).toBe(200)),
    ).toBe(0);
  });

  it('refuses the very next request after the user is deactivated by any writer (plain SQL here)', async () => {
    const { headers, user } = await signIn(apps[0]!, DEMO_ACCOUNTS.customer2, DEMO_PASSWORD);
    expect((await me(apps[0]!, headers.authorization)).statusCode).toBe(200);
    expect((await me(apps[0]!, headers.authorization)).statusCode).toBe(200);
    await database.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    expect((await me(apps[0]!, headers.authorization)).statusCode).toBe(401);
    await database.db.execute(sql`update users set is_active = true where id = ${user.id}`);
    expect((await me(apps[0]!, headers.authorization)).statusCode).toBe(200);
  });

  it('answers 403 on the very next request after a role is taken away, and 401 after sign-out', async () => {
    const { headers, user } = await signIn(apps[0]!, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const offices = () =>
      apps[0]!.inject({
        method: 'GET',
        url: '/cp/admin/offices/',
        headers: { authorization: headers.authorization },
      });
    expect((await offices()).statusCode).toBe(200);
    expect((await offices()).statusCode).toBe(200);
    const roles = await database.db.execute(
      sql`delete from user_roles where user_id = ${user.id} returning role_id`,
    );
    expect((await offices()).statusCode).toBe(403);
    for (const row of (roles as unknown as { rows: { role_id: number }[] }).rows)
      await database.db.execute(
        sql`insert into user_roles (user_id, role_id) values (${user.id}, ${row.role_id})`,
      );
    expect((await offices()).statusCode).toBe(200);
    const logout = await apps[0]!.inject({
      method: 'POST',
      url: '/authenticate/oauth/logout/',
      headers: { authorization: headers.authorization },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await offices()).statusCode).toBe(401);
  });

  it.runIf(/^postgres/.test(process.env.DATABASE_URL ?? ''))(
    'forgets everything when no pooled connection is left listening (notices may have been missed)',
    async () => {
      const { headers } = await signIn(apps[0]!, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
      await me(apps[0]!, headers.authorization);
      expect(await tokenReads(() => me(apps[0]!, headers.authorization))).toBe(0);
      // Every connection of the first instance's pool dies (a database restart, a network cut).
      const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
      const removed = new Promise<void>((resolve) => {
        const onRemove = () => {
          if (pool.totalCount === 0) {
            pool.off('remove', onRemove);
            resolve();
          }
        };
        pool.on('remove', onRemove);
      });
      await instances.second!.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await removed;
      expect(await tokenReads(() => me(apps[0]!, headers.authorization))).toBe(1);
    },
  );

  it('a second instance forgets a token the first one revoked, as soon as the notice arrives', async () => {
    const { headers, user } = await signIn(apps[0]!, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    expect((await me(apps[1]!, headers.authorization)).statusCode).toBe(200);
    expect((await me(apps[1]!, headers.authorization)).statusCode).toBe(200); // kept by the second instance
    await apps[0]!.ctx.database.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 2000) {
      status = (await me(apps[1]!, headers.authorization)).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await database.db.execute(sql`update users set is_active = true where id = ${user.id}`);
    expect(status).toBe(401);
  });
});
