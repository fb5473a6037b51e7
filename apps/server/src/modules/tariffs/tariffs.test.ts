import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('tariffs (carrier staff)', () => {
  let t: TestApp;
  let admin: Headers;
  let branch: Headers;
  let customer: Headers;
  let port: (code: string) => number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    admin = (await signInAs(t, 'admin')).headers;
    branch = (await signInAs(t, 'branchAdmin')).headers;
    customer = (await signInAs(t, 'customer')).headers;
    const rows = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from ports where code in ('INMAA', 'SGSIN', 'AEJEA')`,
    );
    port = (code) => rows.find((row) => row.code === code)!.id;
  });
  afterAll(() => t.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    polId: port('INMAA'),
    podId: port('SGSIN'),
    isoCode: '22G1',
    validFrom: inDays(0),
    validTo: inDays(60),
    currency: 'USD',
    charges: [
      { code: 'OCEAN_FREIGHT', name: 'Ocean freight', basis: 'PER_CONTAINER', amount: '610.00' },
      { code: 'DOC_FEE', name: 'Documentation fee', basis: 'PER_BL', amount: '45.00' },
      {
        code: 'HAZ_SURCHARGE',
        name: 'Hazardous cargo surcharge',
        basis: 'PER_CONTAINER',
        amount: '300.00',
        hazardousOnly: true,
      },
    ],
    ...overrides,
  });
  const send = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method, url, headers, payload });

  it('creates, lists and edits at the version read; a new tariff prices enquiries at once', async () => {
    const created = await send('POST', '/cp/tariffs/', admin, body());
    expect(created.statusCode, created.body).toBe(201);
    const tariff = created.json();
    expect(tariff).toMatchObject({
      pol: { code: 'INMAA' },
      pod: { code: 'SGSIN' },
      isoCode: '22G1',
      version: 1,
    });
    expect(tariff.charges[2]).toMatchObject({ code: 'HAZ_SURCHARGE', amount: '300.00', hazardousOnly: true });
    const list = await t.app.inject({
      method: 'GET',
      url: `/cp/tariffs/?pol_id=${port('INMAA')}&valid_on=${inDays(1)}`,
      headers: branch,
    });
    expect(list.json().results.map((row: { id: number }) => row.id)).toEqual([tariff.id]);

    const stale = await send('PUT', `/cp/tariffs/${tariff.id}/`, { ...admin, 'if-match': 'W/"7"' }, body());
    expect(stale.statusCode).toBe(412);
    const missing = await send('PUT', `/cp/tariffs/${tariff.id}/`, admin, body());
    expect(missing.statusCode).toBe(428);
    const edited = await send(
      'PUT',
      `/cp/tariffs/${tariff.id}/`,
      { ...admin, 'if-match': created.headers.etag as string },
      body({
        charges: [{ code: 'OCEAN_FREIGHT', name: 'Ocean freight', basis: 'PER_CONTAINER', amount: '640.00' }],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, charges: [{ amount: '640.00' }] });

    const hs = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from hs_codes where length(code) = 6 limit 1`,
      )
    )[0]!.id;
    const quotation = await send('POST', '/cp/quotations/', customer, {
      polId: port('INMAA'),
      podId: port('SGSIN'),
      cargoType: 'GEN',
      hsCode: hs,
      equipment: [{ isoCode: '22G1', quantity: 2, weightPerUnit: 10, weightUnit: 'MT' }],
      cargoReadyDate: inDays(2),
    });
    expect(quotation.json()).toMatchObject({ status: 'QUOTED', totalAmount: '1280.00' });
  });

  it('refuses a validity overlapping another of the same lane and size-type (409 naming validFrom); another size-type is fine', async () => {
    const first = await send(
      'POST',
      '/cp/tariffs/',
      admin,
      body({ podId: port('AEJEA'), validFrom: inDays(10), validTo: inDays(40) }),
    );
    expect(first.statusCode).toBe(201);
    for (const [from, to] of [
      [inDays(0), inDays(10)],
      [inDays(40), inDays(50)],
      [inDays(20), inDays(30)],
      [inDays(0), inDays(90)],
    ]) {
      const res = await send(
        'POST',
        '/cp/tariffs/',
        admin,
        body({ podId: port('AEJEA'), validFrom: from, validTo: to }),
      );
      expect(res.statusCode, `${from}..${to}`).toBe(409);
      expect(res.json().error.fields).toHaveProperty('validFrom');
    }
    const after = await send(
      'POST',
      '/cp/tariffs/',
      admin,
      body({ podId: port('AEJEA'), validFrom: inDays(41), validTo: inDays(70) }),
    );
    expect(after.statusCode).toBe(201);
    const otherSize = await send(
      'POST',
      '/cp/tariffs/',
      admin,
      body({ podId: port('AEJEA'), isoCode: '45G1', validFrom: inDays(10), validTo: inDays(40) }),
    );
    expect(otherSize.statusCode).toBe(201);
    // Moving the first one onto the second: refused too.
    const move = await send(
      'PUT',
      `/cp/tariffs/${first.json().id}/`,
      { ...admin, 'if-match': 'W/"1"' },
      body({
        podId: port('AEJEA'),
        validFrom: inDays(10),
        validTo: inDays(45),
      }),
    );
    expect(move.statusCode).toBe(409);
  });

  it('names the field for bad input and writes nothing; only corporate staff edit, branch staff read, customers neither', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from tariffs`))[0]!.n;
    const before = await count();
    for (const [change, field] of [
      [{ currency: 'usd' }, 'currency'],
      [{ validTo: inDays(-5) }, 'validTo'],
      [{ isoCode: '99Z9' }, 'isoCode'],
      [{ podId: 2_000_000_000 }, 'podId'],
      [{ charges: [] }, 'charges'],
      [
        { charges: [{ code: 'OCEAN_FREIGHT', name: 'x', basis: 'PER_CONTAINER', amount: '-1.00' }] },
        'charges.0.amount',
      ],
      [
        { charges: [{ code: 'OCEAN_FREIGHT', name: 'x', basis: 'PER_CONTAINER', amount: '1.5' }] },
        'charges.0.amount',
      ],
    ] as const) {
      const res = await send(
        'POST',
        '/cp/tariffs/',
        admin,
        body({ podId: port('SGSIN'), isoCode: '45G1', ...change }),
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    expect(await count()).toBe(before);
    expect((await send('POST', '/cp/tariffs/', branch, body())).statusCode).toBe(403);
    expect((await send('POST', '/cp/tariffs/', customer, body())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/cp/tariffs/', headers: customer })).statusCode).toBe(
      403,
    );
  });

  it('reads one tariff with its charges and version (ETag); an unknown id is a 404; customers get 403', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from tariffs order by id limit 1`,
    );
    const read = (headers: Headers, id = row!.id) =>
      t.app.inject({ method: 'GET', url: `/cp/tariffs/${id}`, headers });
    const listed = (await t.app.inject({ method: 'GET', url: '/cp/tariffs/?limit=100', headers: admin }))
      .json()
      .results.find((tariff: { id: number }) => tariff.id === row!.id);
    for (const headers of [admin, branch]) {
      const res = await read(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(listed);
      expect(res.headers.etag).toBe(`W/"${listed.version}"`);
    }
    const missing = await read(admin, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    expect((await read(admin, -1 as number)).statusCode).toBe(400);
    const denied = await read(customer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().granted).toBe(false);
  });
});
