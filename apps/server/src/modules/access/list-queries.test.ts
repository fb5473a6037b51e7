import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

type Parameter = { in: string; name: string; required?: boolean };
type Operation = { parameters?: Parameter[] };

/**
 * Every list endpoint (a GET whose query parameters are all optional) read from the app's own OpenAPI document, so
 * an endpoint added later is covered too: sent every parameter empty, as the specification's client sends unset
 * filters (`?pol_id=&pod_id=&bl_number=…`), it answers as if they were absent, never 400.
 */
describe('empty list filters mean no filter, on every list endpoint', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let staff: Record<string, string>;
  let lists: { path: string; names: string[] }[];

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    headers = (await signInAs(t, 'customer')).headers;
    staff = (await signInAs(t, 'admin')).headers;
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    lists = Object.entries(doc.paths).flatMap(([path, operations]) => {
      // DCSA's own API (Commercial Schedules) is not the specification client's: its parameters are the standard's,
      // an empty value is one its patterns refuse, and vessel schedules need a filter (decision 015).
      if (path.startsWith('/dcsa/')) return [];
      const query = (operations.get?.parameters ?? []).filter((p) => p.in === 'query');
      const hasPathParams = (operations.get?.parameters ?? []).some((p) => p.in === 'path');
      return query.length > 0 && !hasPathParams && query.every((p) => !p.required)
        ? [{ path, names: query.map((p) => p.name) }]
        : [];
    });
  });
  afterAll(async () => t.close());

  it('finds the list endpoints', () => {
    expect(lists.map((l) => l.path)).toEqual(
      expect.arrayContaining([
        '/cp/bill-of-ladings/',
        '/cp/bill-of-ladings/review-queue/',
        '/cp/company-memberships/',
        '/core/base/v1/ports/',
        '/core/base/v1/hsn-codes/cp-hsn-code-list/',
      ]),
    );
  });

  it('answers every one with all parameters empty exactly as with none', async () => {
    for (const { path, names } of lists) {
      // Whoever the route is for: carrier staff for ADMIN permissions, a customer otherwise.
      const access = t.app
        .routeAccess()
        .find((route) => route.url === path && route.method.includes('GET'))?.access;
      const caller = typeof access === 'object' && access.module === 'ADMIN' ? staff : headers;
      const empty = names.map((name) => `${name}=`).join('&');
      const withEmpty = await t.app.inject({ method: 'GET', url: `${path}?${empty}`, headers: caller });
      const without = await t.app.inject({ method: 'GET', url: path, headers: caller });
      expect(withEmpty.statusCode, `${path}?${empty}: ${withEmpty.body}`).toBe(200);
      expect(withEmpty.json(), path).toEqual(without.json());
    }
  });

  it('the BL list with the specification client’s query lists everything', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/cp/bill-of-ladings/?pol_id=&pod_id=&bl_number=&booking_number=&status=&skip=0&limit=100',
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(12);
  });
});
