import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../seed/demo';
import { signIn } from '../../test/auth';
import { createTwoInstances, type TwoInstances } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

/** A server-sent-events reader over fetch, as the web client reads the stream (the token in a header). */
function openStream(base: string, token: string) {
  const controller = new AbortController();
  const events: { event: string; at: number }[] = [];
  let ended = false;
  const waiters = new Set<() => void>();
  const done = (async () => {
    const res = await fetch(`${base}/cp/notifications/stream/`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (name) events.push({ event: name, at: Date.now() });
          cut = buffer.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    } finally {
      ended = true;
      for (const wake of waiters) wake();
    }
    return res.headers;
  })();
  const count = (name: string) => events.filter((e) => e.event === name).length;
  return {
    events,
    done,
    isEnded: () => ended,
    count,
    /** Resolves once `n` events of this name have arrived; rejects after `timeoutMs`. */
    async waitFor(name: string, n = 1, timeoutMs = 8000): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      while (count(name) < n) {
        if (ended) throw new Error(`stream ended before ${n} "${name}" events`);
        if (Date.now() > deadline) throw new Error(`no "${name}" event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
      return events.filter((e) => e.event === name)[n - 1]!.at;
    },
    close: () => controller.abort(),
  };
}

/**
 * Live delivery: two app instances on one database (on PostgreSQL each with its own pool and its own LISTEN
 * connection, as two processes; on PGlite in one process), a customer's stream open on the second, the carrier
 * working on the first. The request timeout is 1 s, so a stream outliving it shows the timeout does not cut it.
 */
describe('notification streams (server-sent events)', () => {
  let database: Database & { url?: string };
  let instances: TwoInstances;
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];
  const token = {} as Record<'customer' | 'customer2' | 'admin', string>;

  const inject = (
    i: number,
    who: keyof typeof token,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => apps[i]!.inject({ method, url, headers: { authorization: `Bearer ${token[who]}` }, payload });
  const returnBill = async (number: string, comment: string) => {
    const list = await inject(0, 'admin', 'GET', `/cp/bill-of-ladings/?bl_number=${number}`);
    const bill = list.json().results[0];
    const res = await inject(0, 'admin', 'POST', `/cp/bill-of-ladings/${bill.id}/return/`, {
      version: bill.version,
      comment,
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    instances = await createTwoInstances(database, { REQUEST_TIMEOUT_MS: '1000' }, { listen: true });
    apps.push(...instances.apps);
    bases.push(...instances.bases);
    await seedDemoData(database.db, { sessionSecret: apps[0]!.ctx.env.sessionSecret });
    for (const who of ['customer', 'customer2', 'admin'] as const) {
      token[who] = (await signIn(apps[0]!, DEMO_ACCOUNTS[who], DEMO_PASSWORD)).headers.authorization.slice(7);
    }
  });
  afterAll(async () => {
    await instances.close();
    await database.close();
  });

  it('refuses a stream without a valid bearer token', async () => {
    expect((await fetch(`${bases[1]}/cp/notifications/stream/`)).status).toBe(401);
    const bad = await fetch(`${bases[1]}/cp/notifications/stream/`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.status).toBe(401);
  });

  it('signals the owner on the other instance, and no one else, when the carrier returns a bill', async () => {
    const a = openStream(bases[1]!, token.customer);
    const b = openStream(bases[1]!, token.customer2);
    const aOnFirst = openStream(bases[0]!, token.customer);
    await Promise.all([a.waitFor('ready'), b.waitFor('ready'), aOnFirst.waitFor('ready')]);
    const headers = await Promise.race([a.done, new Promise<null>((r) => setTimeout(() => r(null), 10))]);
    expect(headers).toBeNull(); // still open
    // Outlive the 1 s request timeout before anything happens.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(a.isEnded()).toBe(false);

    const started = Date.now();
    await returnBill('LDG26110003', 'Please add the HS code.');
    const arrived = await a.waitFor('notifications');
    await aOnFirst.waitFor('notifications');
    console.info(
      `stream signal after the return: ${arrived - started} ms (${database.url ? 'PostgreSQL' : 'PGlite'})`,
    );
    const list = await inject(1, 'customer', 'GET', '/cp/notifications/?unread=true');
    expect(list.json().results[0]).toMatchObject({
      kind: 'BL_RETURNED',
      body: 'Returned with comment: Please add the HS code.',
    });
    // B heard nothing of A's bill.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(b.count('notifications')).toBe(0);

    // Reading it on the first instance refreshes A's stream on the second (another tab's bell).
    const id = list.json().results[0].id as number;
    expect((await inject(0, 'customer', 'POST', `/cp/notifications/${id}/read/`)).statusCode).toBe(200);
    await a.waitFor('notifications', 2);
    expect(b.count('notifications')).toBe(0);
    for (const s of [a, b, aOnFirst]) s.close();
  });

  it('sends the stream as text/event-stream, uncompressed and never cached', async () => {
    const res = await fetch(`${bases[0]}/cp/notifications/stream/`, {
      headers: { authorization: `Bearer ${token.customer}`, 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    await res.body?.cancel();
  });

  it('an open stream does not hold close(): it ends when shutdown starts', async () => {
    const a = openStream(bases[1]!, token.customer);
    await a.waitFor('ready');
    const started = Date.now();
    await apps[1]!.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await a.done.catch(() => null);
    expect(a.isEnded()).toBe(true);
  });
});
