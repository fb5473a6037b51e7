import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = Record<string, string>;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const URL = '/cp/admin/inland-tariffs/';

/**
 * Issue 28 item 5: inland haulage tariffs, maintained by carrier staff like the sea tariffs (ADMIN.TARIFF permissions,
 * carrier-wide, edited at the version read, deactivated, reactivated, deleted while nothing was priced from them).
 * Each test writes on validity windows of its own, years ahead, so the demo's inland tariffs never overlap them.
 */
describe('inland tariffs: staff maintain rail and door haulage', () => {
  let t: TestApp;
  let admin: Headers;
  let branch: Headers;
  let customer: Headers;
  let port: (code: string) => number;
  let station: (code: string) => number;
  let hs: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    admin = (await signInAs(t, 'admin')).headers;
    branch = (await signInAs(t, 'branchAdmin')).headers;
    customer = (await signInAs(t, 'customer')).headers;
    const ports = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from ports where code in ('INNSA', 'INMAA', 'AEJEA', 'SGSIN')`,
    );
    port = (code) => ports.find((row) => row.code === code)!.id;
    const stations = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from railway_stations where code in ('TKD', 'PUNE', 'WFD', 'NGP')`,
    );
    station = (code) => stations.find((row) => row.code === code)!.id;
    hs = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from hs_codes where length(code) = 6 limit 1`,
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  const rail = (overrides: Record<string, unknown> = {}) => ({
    mode: 'RAIL',
    portId: port('INNSA'),
    stationId: station('PUNE'),
    isoCode: '22G1',
    validFrom: inDays(2000),
    validTo: inDays(2030),
    currency: 'USD',
    amount: '285.40',
    ...overrides,
  });
  const door = (fromKm: number, toKm: number, overrides: Record<string, unknown> = {}) => ({
    mode: 'DOOR',
    portId: port('INMAA'),
    fromKm,
    toKm,
    isoCode: '45G1',
    validFrom: inDays(2100),
    validTo: inDays(2130),
    currency: 'USD',
    amount: '199.99',
    ...overrides,
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const create = async (payload: object) => {
    const res = await call('POST', URL, admin, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; version: number };
  };
  const audit = (id: number) =>
    queryRows<{ action: string; version: number | null; comment: string | null }>(
      t.database.db,
      sql`select action, version, comment from audit_events where record_type = 'INLAND_TARIFF' and record_id = ${id} order by id`,
    );

  it('creates, reads (ETag), lists by filter and edits a rail tariff at the version read, audited', async () => {
    const created = await call('POST', URL, admin, rail());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.etag).toBe('W/"1"');
    const tariff = created.json();
    expect(tariff).toMatchObject({
      mode: 'RAIL',
      port: { code: 'INNSA', countryCode: 'IN' },
      station: { code: 'PUNE', name: 'Pune Junction' },
      fromKm: null,
      toKm: null,
      isoCode: '22G1',
      currency: 'USD',
      amount: '285.40',
      active: true,
      quotationCount: 0,
      version: 1,
    });
    // Branch staff read (ADMIN.TARIFF.VIEW); customers do not.
    const read = await call('GET', `${URL}${tariff.id}/`, branch);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(tariff);
    expect((await call('GET', `${URL}${tariff.id}/`, customer)).statusCode).toBe(403);
    expect((await call('GET', `${URL}2000000000/`, admin)).statusCode).toBe(404);

    const ids = async (query: string) =>
      (await call('GET', `${URL}?${query}`, branch)).json().results.map((row: { id: number }) => row.id);
    expect(await ids(`mode=RAIL&station_id=${station('PUNE')}&valid_on=${inDays(2010)}`)).toEqual([
      tariff.id,
    ]);
    expect(await ids(`mode=DOOR&station_id=${station('PUNE')}`)).toEqual([]);
    expect(await ids(`port_id=${port('INNSA')}&iso_code=22G1&valid_on=${inDays(2031)}`)).not.toContain(
      tariff.id,
    );

    // Edits need the version (428), current (412); branch staff may not write (403).
    const edited = rail({ amount: '290.00', validTo: inDays(2040) });
    expect((await call('PUT', `${URL}${tariff.id}/`, admin, edited)).statusCode).toBe(428);
    expect(
      (await call('PUT', `${URL}${tariff.id}/`, { ...admin, 'if-match': 'W/"7"' }, edited)).statusCode,
    ).toBe(412);
    expect((await call('PUT', `${URL}${tariff.id}/`, branch, { ...edited, version: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', URL, branch, rail({ validFrom: inDays(2500), validTo: inDays(2501) }))).statusCode,
    ).toBe(403);
    const saved = await call('PUT', `${URL}${tariff.id}/`, { ...admin, 'if-match': 'W/"1"' }, edited);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ amount: '290.00', validTo: inDays(2040), version: 2 });
    expect(saved.headers.etag).toBe('W/"2"');
    const trail = await audit(tariff.id);
    expect(trail.map((row) => [row.action, row.version])).toEqual([
      ['CREATED', 1],
      ['UPDATED', 2],
    ]);
  });

  it('refuses a second active tariff for the same leg on a same day: rail by station, door by band (409)', async () => {
    const first = await create(
      rail({ stationId: station('TKD'), validFrom: inDays(2200), validTo: inDays(2230) }),
    );
    const clash = await call(
      'POST',
      URL,
      admin,
      rail({ stationId: station('TKD'), validFrom: inDays(2230), validTo: inDays(2260) }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields.validFrom).toContain(`inland tariff ${first.id}`);
    // Another station, or the same station the next day, is fine.
    await create(rail({ stationId: station('NGP'), validFrom: inDays(2200), validTo: inDays(2230) }));
    await create(rail({ stationId: station('TKD'), validFrom: inDays(2231), validTo: inDays(2260) }));

    // Door bands: [0, 50) and [50, 150) touch but do not overlap; [100, 200) overlaps the second.
    await create(door(0, 50));
    const second = await create(door(50, 150));
    const overlap = await call('POST', URL, admin, door(100, 200));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.fields.fromKm).toContain(`inland tariff ${second.id}`);
    expect(overlap.json().error.message).toContain('50-150 km');
    // Another size-type, or the band deactivated: no clash.
    await create(door(100, 200, { isoCode: '22G1' }));
    const off = await call('PUT', `${URL}${second.id}/active/`, admin, { active: false, version: 1 });
    expect(off.statusCode, off.body).toBe(200);
    const replacement = await create(door(100, 200));
    // Reactivating the first now overlaps the replacement (409 naming fromKm).
    const back = await call('PUT', `${URL}${second.id}/active/`, admin, { active: true, version: 2 });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.fields.fromKm).toContain(`inland tariff ${replacement.id}`);
  });

  it('deactivates, reactivates, and deletes only while no quotation was priced from it (decision 019)', async () => {
    // A sea tariff and a rail tariff of the test's own window, and a quotation priced from both.
    const sea = await call('POST', '/cp/tariffs/', admin, {
      polId: port('INNSA'),
      podId: port('SGSIN'),
      isoCode: '22G1',
      validFrom: inDays(2300),
      validTo: inDays(2330),
      currency: 'USD',
      charges: [{ code: 'OCEAN_FREIGHT', name: 'Ocean freight', basis: 'PER_CONTAINER', amount: '500.00' }],
    });
    expect(sea.statusCode, sea.body).toBe(201);
    const used = await create(
      rail({ stationId: station('WFD'), validFrom: inDays(2300), validTo: inDays(2330) }),
    );
    const unused = await create(
      rail({ stationId: station('WFD'), isoCode: '45G1', validFrom: inDays(2300), validTo: inDays(2330) }),
    );
    const quotation = await call('POST', '/cp/quotations/', customer, {
      polId: port('INNSA'),
      podId: port('SGSIN'),
      cargoType: 'GEN',
      hsCode: hs,
      equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 10, weightUnit: 'MT' }],
      cargoReadyDate: inDays(2305),
      pickup: { kind: 'RAIL', stationId: station('WFD') },
    });
    expect(quotation.json(), quotation.body).toMatchObject({ status: 'QUOTED', totalAmount: '785.40' });
    expect((await call('GET', `${URL}${used.id}/`, admin)).json()).toMatchObject({ quotationCount: 1 });

    const refused = await call('DELETE', `${URL}${used.id}/`, { ...admin, 'if-match': 'W/"1"' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(quotation.json().number);
    expect(refused.json().error.fields.id).toMatch(/1 quotation was priced from it/);
    expect((await call('DELETE', `${URL}${unused.id}/`, admin)).statusCode).toBe(428);
    expect((await call('DELETE', `${URL}${unused.id}/?version=3`, admin)).statusCode).toBe(412);
    expect((await call('DELETE', `${URL}${unused.id}/?version=1`, branch)).statusCode).toBe(403);
    expect((await call('DELETE', `${URL}${unused.id}/?version=1`, admin)).statusCode).toBe(204);
    expect((await call('GET', `${URL}${unused.id}/`, admin)).statusCode).toBe(404);
    expect((await audit(unused.id)).map((row) => row.action)).toEqual(['CREATED', 'DELETED']);
    expect((await audit(unused.id))[1]!.comment).toContain('rail WFD <-> INNSA 45G1');

    // Deactivated: kept (with its quotation), it prices no new enquiry: the pick-up is on request.
    const off = await call(
      'PUT',
      `${URL}${used.id}/active/`,
      { ...admin, 'if-match': 'W/"1"' },
      { active: false },
    );
    expect(off.json()).toMatchObject({ active: false, version: 2, quotationCount: 1 });
    const again = await call('POST', '/cp/quotations/', customer, {
      polId: port('INNSA'),
      podId: port('SGSIN'),
      cargoType: 'GEN',
      hsCode: hs,
      equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 10, weightUnit: 'MT' }],
      cargoReadyDate: inDays(2306),
      pickup: { kind: 'RAIL', stationId: station('WFD') },
    });
    expect(again.json()).toMatchObject({ status: 'REQUESTED', inlandOnRequest: ['PICKUP'] });
    const on = await call('PUT', `${URL}${used.id}/active/`, admin, { active: true, version: 2 });
    expect(on.json()).toMatchObject({ active: true, version: 3 });
    expect((await audit(used.id)).map((row) => row.action)).toEqual(['CREATED', 'DEACTIVATED', 'ACTIVATED']);
  });

  describe('bad input: a 400 naming the field, nothing written', () => {
    const count = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from inland_tariffs`))[0]!
        .n;
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['an unknown mode', () => rail({ mode: 'ROAD' }), 'mode'],
      ['a rail tariff without a station', () => rail({ stationId: undefined }), 'stationId'],
      ['a rail tariff with a km band', () => rail({ fromKm: 0, toKm: 50 }), 'fromKm'],
      ['a door tariff with a station', () => door(0, 50, { stationId: station('TKD') }), 'stationId'],
      ['a door tariff without a band', () => door(0, 50, { fromKm: undefined }), 'fromKm'],
      ['a band that ends before it starts', () => door(80, 50), 'toKm'],
      ['a band of decimals', () => door(0.5, 50), 'fromKm'],
      ['a band beyond 3000 km', () => door(0, 3001), 'toKm'],
      ['a rail tariff at a port outside India', () => rail({ portId: port('AEJEA') }), 'portId'],
      ['an unknown station', () => rail({ stationId: 2_000_000_000 }), 'stationId'],
      ['an unknown port', () => rail({ portId: 2_000_000_000 }), 'portId'],
      ['an unknown size-type', () => rail({ isoCode: '99Z9' }), 'isoCode'],
      ['an amount as a number', () => rail({ amount: 285.4 }), 'amount'],
      ['an amount with three decimals', () => rail({ amount: '285.405' }), 'amount'],
      ['a validity that ends before it starts', () => rail({ validTo: inDays(1990) }), 'validTo'],
      ['a currency in lower case', () => rail({ currency: 'usd' }), 'currency'],
    ];
    for (const [label, body, field] of cases) {
      it(`${label}: 400 naming ${field}`, async () => {
        const before = await count();
        const res = await call('POST', URL, admin, body());
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(res.json().error.fields)).toContain(field);
        expect(await count()).toBe(before);
      });
    }
  });

  it('is described at /docs with its summaries and bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json();
    for (const [method, path] of [
      ['get', '/cp/admin/inland-tariffs/'],
      ['post', '/cp/admin/inland-tariffs/'],
      ['get', '/cp/admin/inland-tariffs/{id}/'],
      ['put', '/cp/admin/inland-tariffs/{id}/'],
      ['put', '/cp/admin/inland-tariffs/{id}/active/'],
      ['delete', '/cp/admin/inland-tariffs/{id}/'],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.summary.length).toBeGreaterThan(10);
      if (method === 'post' || method === 'put') expect(operation.requestBody).toBeDefined();
    }
  });
});
