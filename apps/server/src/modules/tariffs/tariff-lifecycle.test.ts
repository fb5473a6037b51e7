import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = Record<string, string>;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 28 item 6: a tariff is deactivated (kept for history and for the quotations priced from it; it prices no new
 * enquiry) and deleted only while nothing was priced from it. Each test has its own lane and window years ahead.
 */
describe('tariff lifecycle: deactivate, reactivate, delete', () => {
  let t: TestApp;
  let admin: Headers;
  let branch: Headers;
  let customer: Headers;
  let port: (code: string) => number;
  let hs: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    admin = (await signInAs(t, 'admin')).headers;
    branch = (await signInAs(t, 'branchAdmin')).headers;
    customer = (await signInAs(t, 'customer')).headers;
    const rows = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from ports where code in ('INMAA', 'SGSIN', 'AEJEA', 'NLRTM')`,
    );
    port = (code) => rows.find((row) => row.code === code)!.id;
    hs = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from hs_codes where length(code) = 6 limit 1`,
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  const tariffBody = (pod: string, from: number, to: number) => ({
    polId: port('INMAA'),
    podId: port(pod),
    isoCode: '45G1',
    validFrom: inDays(from),
    validTo: inDays(to),
    currency: 'USD',
    charges: [{ code: 'OCEAN_FREIGHT', name: 'Ocean freight', basis: 'PER_CONTAINER', amount: '910.00' }],
  });
  const create = async (pod: string, from: number, to: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/cp/tariffs/',
      headers: admin,
      payload: tariffBody(pod, from, to),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; version: number; active: boolean; quotationCount: number };
  };
  const setActive = (id: number, active: boolean, headers: Headers, version?: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/cp/tariffs/${id}/active/`,
      headers,
      payload: version === undefined ? { active } : { active, version },
    });
  const remove = (id: number, headers: Headers) =>
    t.app.inject({ method: 'DELETE', url: `/cp/tariffs/${id}/`, headers });
  const enquire = (pod: string, readyIn: number) =>
    t.app.inject({
      method: 'POST',
      url: '/cp/quotations/',
      headers: customer,
      payload: {
        polId: port('INMAA'),
        podId: port(pod),
        cargoType: 'GEN',
        hsCode: hs,
        equipment: [{ isoCode: '45G1', quantity: 1, weightPerUnit: 10, weightUnit: 'MT' }],
        cargoReadyDate: inDays(readyIn),
      },
    });
  const audit = (id: number) =>
    queryRows<{ action: string; version: number | null }>(
      t.database.db,
      sql`select action, version from audit_events where record_type = 'TARIFF' and record_id = ${id} order by id`,
    );

  it('a deactivated tariff prices no new enquiry, keeps the quotations priced from it, and can be reactivated', async () => {
    const tariff = await create('SGSIN', 1500, 1530);
    expect(tariff).toMatchObject({ active: true, quotationCount: 0 });
    const priced = await enquire('SGSIN', 1510);
    expect(priced.json()).toMatchObject({ status: 'QUOTED', totalAmount: '910.00' });
    const read = await t.app.inject({ method: 'GET', url: `/cp/tariffs/${tariff.id}`, headers: admin });
    expect(read.json()).toMatchObject({ active: true, quotationCount: 1 });

    // The version is required (428) and must be current (412); branch staff and customers may not (403).
    expect((await setActive(tariff.id, false, admin)).statusCode).toBe(428);
    expect((await setActive(tariff.id, false, { ...admin, 'if-match': 'W/"9"' })).statusCode).toBe(412);
    expect((await setActive(tariff.id, false, branch, 1)).statusCode).toBe(403);
    expect((await setActive(tariff.id, false, customer, 1)).statusCode).toBe(403);
    const off = await setActive(tariff.id, false, { ...admin, 'if-match': read.headers.etag as string });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, version: 2, quotationCount: 1 });
    expect(off.headers.etag).toBe('W/"2"');

    // A new enquiry on that lane and window is now on request; the quotation priced before keeps its price.
    expect((await enquire('SGSIN', 1511)).json()).toMatchObject({ status: 'REQUESTED' });
    const kept = await t.app.inject({
      method: 'GET',
      url: `/cp/quotations/${priced.json().id}`,
      headers: customer,
    });
    expect(kept.json()).toMatchObject({ status: 'QUOTED', totalAmount: '910.00' });

    // The list marks it and filters by it.
    const list = async (filter: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/cp/tariffs/?pol_id=${port('INMAA')}&pod_id=${port('SGSIN')}&iso_code=45G1&limit=100${filter}`,
          headers: branch,
        })
      )
        .json()
        .results.map((row: { id: number; active: boolean }) => [row.id, row.active]);
    expect(await list('')).toContainEqual([tariff.id, false]);
    expect(await list('&is_active=false')).toContainEqual([tariff.id, false]);
    expect(await list('&is_active=true')).not.toContainEqual([tariff.id, false]);
    expect(await list('&is_active=')).toContainEqual([tariff.id, false]);

    // An inactive tariff blocks no other: a replacement for the same window is accepted, and then reactivating the
    // first overlaps it (409 naming validFrom) until the replacement is deactivated in turn.
    const replacement = await create('SGSIN', 1500, 1530);
    const clash = await setActive(tariff.id, true, admin, 2);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields).toHaveProperty('validFrom');
    expect((await setActive(replacement.id, false, admin, 1)).statusCode).toBe(200);
    const on = await setActive(tariff.id, true, admin, 2);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ active: true, version: 3 });
    expect((await enquire('SGSIN', 1512)).json()).toMatchObject({ status: 'QUOTED' });
    // Setting what already holds changes nothing.
    expect((await setActive(tariff.id, true, admin, 3)).json()).toMatchObject({ version: 3 });

    expect(await audit(tariff.id)).toEqual([
      { action: 'CREATED', version: 1 },
      { action: 'DEACTIVATED', version: 2 },
      { action: 'ACTIVATED', version: 3 },
    ]);
  });

  it('deletes a tariff nothing was priced from; one that priced a quotation is refused (409 naming why)', async () => {
    const unused = await create('NLRTM', 1600, 1630);
    expect((await remove(unused.id, admin)).statusCode).toBe(428);
    expect((await remove(unused.id, { ...admin, 'if-match': 'W/"5"' })).statusCode).toBe(412);
    expect((await remove(unused.id, { ...branch, 'if-match': 'W/"1"' })).statusCode).toBe(403);
    expect((await remove(unused.id, { ...customer, 'if-match': 'W/"1"' })).statusCode).toBe(403);
    const gone = await remove(unused.id, { ...admin, 'if-match': 'W/"1"' });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/cp/tariffs/${unused.id}`, headers: admin })).statusCode,
    ).toBe(404);
    expect(
      await queryRows(t.database.db, sql`select 1 from tariff_charges where tariff_id = ${unused.id}`),
    ).toEqual([]);
    expect((await audit(unused.id)).map((row) => row.action)).toEqual(['CREATED', 'DELETED']);
    expect((await remove(unused.id, { ...admin, 'if-match': 'W/"1"' })).statusCode).toBe(404);
    // The ?version= form works as If-Match does.
    const other = await create('NLRTM', 1700, 1730);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/cp/tariffs/${other.id}/?version=1`, headers: admin }))
        .statusCode,
    ).toBe(204);

    const used = await create('AEJEA', 1600, 1630);
    const quotation = (await enquire('AEJEA', 1601)).json();
    expect(quotation).toMatchObject({ status: 'QUOTED' });
    const refused = await remove(used.id, { ...admin, 'if-match': 'W/"1"' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(quotation.number);
    expect(refused.json().error.message).toMatch(/Deactivate it instead/);
    expect(refused.json().error.fields.id).toMatch(/1 quotation was priced from it/);
    // Deactivated, it is still kept (and still not deleted).
    expect((await setActive(used.id, false, admin, 1)).statusCode).toBe(200);
    expect((await remove(used.id, { ...admin, 'if-match': 'W/"2"' })).statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'GET', url: `/cp/tariffs/${used.id}`, headers: admin })).json(),
    ).toMatchObject({ active: false, quotationCount: 1 });
  });

  it('names the field for bad input', async () => {
    const tariff = await create('AEJEA', 1800, 1830);
    for (const payload of [{}, { active: 'no' }, { active: true, version: 0 }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/cp/tariffs/${tariff.id}/active/`,
        headers: admin,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().error.fields).length).toBeGreaterThan(0);
    }
    const bad = await t.app.inject({
      method: 'DELETE',
      url: `/cp/tariffs/${tariff.id}/?version=x`,
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('version');
    expect((await setActive(2_000_000_000, false, admin, 1)).statusCode).toBe(404);
  });
});
