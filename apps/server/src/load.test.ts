import { prefillBillForm, toUpdatePayload } from '@lading/contract/bills-of-lading';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from './test/auth';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * A bounded mixed workload (short mode, for CI; LOAD_SECONDS for longer runs): lists, detail, typeaheads and saves
 * from 10 connections through real HTTP. Every answer must be expected: 200 everywhere, and for a save 200 or 412
 * (another connection saved the bill first, as the edit screen would be told). No socket errors, no timeouts.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 6);

describe('mixed load', () => {
  let t: TestApp;
  let base: string;
  let headers: Record<string, string>;
  let billUrl: string;
  let body: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp({}, { webDist: '/nonexistent', demo: true });
    headers = (await signInAs(t, 'customer')).headers;
    const list = await t.app.inject({
      method: 'GET',
      url: '/cp/bill-of-ladings/?bl_number=LDG26110004',
      headers,
    });
    billUrl = `/cp/bill-of-ladings/${list.json().results[0].id}`;
    const bill = (await t.app.inject({ method: 'GET', url: billUrl, headers })).json();
    body = toUpdatePayload(bill, prefillBillForm(bill)) as unknown as Record<string, unknown>;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t.close());

  it('answers only what is expected under 10 connections of lists, detail, typeaheads and saves', async () => {
    const statuses = new Map<string, Map<number, number>>();
    const count = (kind: string, status: number) => {
      const byStatus = statuses.get(kind) ?? new Map<number, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      statuses.set(kind, byStatus);
    };
    // Saves send the version last seen: a 200 moves it on (the ETag), a 412 means someone else was first.
    let version = body.version as number;
    const json = { ...headers, 'content-type': 'application/json' };
    const result = await autocannon({
      url: base,
      connections: 10,
      duration: SECONDS,
      requests: [
        {
          method: 'GET',
          path: '/cp/bill-of-ladings/?skip=0&limit=10',
          headers,
          onResponse: (status) => count('list', status),
        },
        { method: 'GET', path: billUrl, headers, onResponse: (status) => count('detail', status) },
        {
          method: 'GET',
          path: '/core/base/v1/ports/?limit=5&name=mum&portType=SP,DP',
          headers,
          onResponse: (status) => count('port typeahead', status),
        },
        {
          method: 'GET',
          path: '/core/base/v1/countries/?query=ind',
          headers,
          onResponse: (status) => count('country typeahead', status),
        },
        {
          method: 'PUT',
          path: `${billUrl}/`,
          headers: json,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ ...body, version, marksAndNos: `LOAD ${Date.now()}` }),
          }),
          onResponse: (status, _body, _context, responseHeaders) => {
            count('save', status);
            const etag = responseHeaders?.etag;
            if (status === 200 && typeof etag === 'string')
              version = Math.max(version, Number(/\d+/.exec(etag)?.[0]));
          },
        },
      ],
    });
    const unexpected = [...statuses].flatMap(([kind, byStatus]) =>
      [...byStatus]
        .filter(([status]) => !(status === 200 || (kind === 'save' && status === 412)))
        .map(([status, n]) => `${kind}: ${n} x ${status}`),
    );
    expect(unexpected).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(statuses.get('save')?.get(200) ?? 0).toBeGreaterThan(0);
    for (const kind of ['list', 'detail', 'port typeahead', 'country typeahead'])
      expect(statuses.get(kind)?.get(200) ?? 0).toBeGreaterThan(0);
    const summary = [...statuses]
      .map(([kind, byStatus]) => `${kind} ${[...byStatus].map(([s, n]) => `${n}x${s}`).join('/')}`)
      .join(', ');
    console.info(
      `mixed load (${t.database.url ? 'PostgreSQL' : 'PGlite'}, ${SECONDS} s, 10 connections): ${result.requests.total} requests, ` +
        `${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${summary}`,
    );
  }, 60_000);
});
