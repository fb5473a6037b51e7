import { createServer } from 'node:http';
import { withCheckDigit } from '@lading/contract/bills-of-lading';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { upcomingSailing } from '../../test/sailings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createGeocoder } from '../reference-data';

type Headers = { authorization: string };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the carrier side: pricing, confirming (bill of lading draft) and rejecting', () => {
  let t: TestApp;
  let customer: Headers;
  let admin: Headers;
  let branch: Headers;
  let port: (code: string) => number;
  let hs6: number;
  let serial = 100;
  let voyage: Awaited<ReturnType<typeof upcomingSailing>>;
  let elsewhere: Awaited<ReturnType<typeof upcomingSailing>>;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    customer = (await signInAs(t, 'customer')).headers;
    admin = (await signInAs(t, 'admin')).headers;
    branch = (await signInAs(t, 'branchAdmin')).headers;
    voyage = await upcomingSailing(t, admin, { skip: 2 });
    elsewhere = await upcomingSailing(t, admin, { pol: 'INMAA', pod: 'SGSIN', skip: 2 });
    const rows = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from ports where code in ('INNSA', 'AEJEA', 'ISREY')`,
    );
    port = (code) => rows.find((row) => row.code === code)!.id;
    hs6 = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from hs_codes where length(code) = 6 limit 1`,
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  const post = (url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
  const container = (isoCode: string) => ({
    containerNumber: withCheckDigit(`LDGU${String(++serial).padStart(6, '0')}`),
    isoCode,
    tareWeight: isoCode === '22G1' ? 2200 : 3900,
  });
  const booked = async (podCode = 'AEJEA') => {
    const quotation = (
      await post('/cp/quotations/', customer, {
        polId: port('INNSA'),
        podId: port(podCode),
        cargoType: 'GEN',
        hsCode: hs6,
        equipment: [
          { isoCode: '22G1', quantity: 2, weightPerUnit: 18000, weightUnit: 'kg' },
          { isoCode: '45G1', quantity: 1, weightPerUnit: 24000, weightUnit: 'kg' },
        ],
        cargoReadyDate: inDays(3),
      })
    ).json();
    return (await post(`/cp/quotations/${quotation.id}/accept/`, customer)).json();
  };
  const sailing = () => ({
    voyageId: voyage.voyageId,
    containers: [container('22G1'), container('22G1'), container('45G1')],
  });
  const countBills = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from bills_of_lading`))[0]!
      .n;

  it('confirms: booking CONFIRMED with its sailing, and the customer finds the bill of lading draft with the containers', async () => {
    const booking = await booked();
    const body = sailing();
    const res = await post(`/cp/bookings/${booking.id}/confirm/`, admin, body);
    expect(res.statusCode, res.body).toBe(200);
    const { booking: confirmed, billOfLadingId } = res.json();
    expect(confirmed).toMatchObject({
      status: 'CONFIRMED',
      voyageId: voyage.voyageId,
      vesselName: voyage.vesselName,
      voyageNumber: voyage.carrierVoyageNumber,
      etd: voyage.etd.slice(0, 10),
      eta: voyage.eta.slice(0, 10),
      billOfLadingId,
    });
    const bill = await get(`/cp/bill-of-ladings/${billOfLadingId}`, customer);
    expect(bill.statusCode).toBe(200);
    expect(bill.json()).toMatchObject({
      status: 'DRAFT',
      vesselName: voyage.vesselName,
      voyageNumber: voyage.carrierVoyageNumber,
      shipperName: 'Demo Exports Pvt Ltd',
      cargoCategory: 'GEN',
      totalContainers: 3,
    });
    expect(bill.json().blContainerDetails.map((c: { containerNumber: string }) => c.containerNumber)).toEqual(
      body.containers.map((c) => c.containerNumber),
    );
    const list = (await get('/cp/bill-of-ladings/?limit=100', customer)).json();
    expect(list.results.some((row: { id: number }) => row.id === billOfLadingId)).toBe(true);
    expect((await post(`/cp/bookings/${booking.id}/confirm/`, admin, sailing())).statusCode).toBe(409);
  });

  it('takes container numbers written as on papers ("LDGU 000123-4", any case): stored as their 11 characters (issue 28)', async () => {
    const booking = await booked();
    const body = sailing();
    const written = body.containers.map((c, i) => {
      const n = c.containerNumber;
      const papers = `${n.slice(0, 4)} ${n.slice(4, 10)}-${n.slice(10)}`;
      return { ...c, containerNumber: i === 1 ? ` ${papers.toLowerCase()} ` : papers };
    });
    const res = await post(`/cp/bookings/${booking.id}/confirm/`, admin, { ...body, containers: written });
    expect(res.statusCode, res.body).toBe(200);
    const bill = (await get(`/cp/bill-of-ladings/${res.json().billOfLadingId}`, customer)).json();
    expect(bill.blContainerDetails.map((c: { containerNumber: string }) => c.containerNumber)).toEqual(
      body.containers.map((c) => c.containerNumber),
    );
  });

  it('refuses a wrong check digit, a wrong count of containers, a container still on an open bill: 400, nothing written', async () => {
    const booking = await booked();
    const before = await countBills();
    const wrongDigit = sailing();
    const good = wrongDigit.containers[0]!.containerNumber;
    wrongDigit.containers[0]!.containerNumber = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
    const digit = await post(`/cp/bookings/${booking.id}/confirm/`, admin, wrongDigit);
    expect(digit.statusCode).toBe(400);
    expect(digit.json().error.fields).toHaveProperty('containers.0.containerNumber');
    const short = sailing();
    short.containers.pop();
    const count = await post(`/cp/bookings/${booking.id}/confirm/`, admin, short);
    expect(count.statusCode).toBe(400);
    expect(count.json().error.fields).toHaveProperty('containers');
    const onAnother = await queryRows<{ number: string }>(
      t.database.db,
      sql`select c.number from containers c join bl_containers bc on bc.container_id = c.id
          join bills_of_lading b on b.id = bc.bl_id where b.status = 'DRAFT' and c.iso_code = '22G1' limit 1`,
    );
    const busy = sailing();
    busy.containers[0]!.containerNumber = onAnother[0]!.number;
    const taken = await post(`/cp/bookings/${booking.id}/confirm/`, admin, busy);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields['containers.0.containerNumber']).toMatch(/still on bill of lading/);
    // A sailing that does not load at the booking's port of loading (Chennai, not Nhava Sheva).
    const wrongPort = await post(`/cp/bookings/${booking.id}/confirm/`, admin, {
      ...sailing(),
      voyageId: elsewhere.voyageId,
    });
    expect(wrongPort.statusCode).toBe(400);
    expect(wrongPort.json().error.fields).toEqual({ voyageId: 'is not a sailing from the port of loading' });
    expect(await countBills()).toBe(before);
    expect((await get(`/cp/bookings/${booking.id}`, customer)).json().status).toBe('REQUESTED');
  });

  it('reuses a container of an issued bill only with its recorded size-type and tare (400 naming the field otherwise)', async () => {
    const [closed] = await queryRows<{ number: string; isoCode: string; tare: number; billId: number }>(
      t.database.db,
      sql`select c.number, c.iso_code as "isoCode", c.tare_weight::float8 as tare, b.id as "billId" from containers c
          join bl_containers bc on bc.container_id = c.id join bills_of_lading b on b.id = bc.bl_id
          where b.status in ('ISSUED', 'SURRENDERED') and c.iso_code in ('22G1', '45G1')
            and not exists (select 1 from bl_containers o join bills_of_lading ob on ob.id = o.bl_id
                            where o.container_id = c.id and ob.status not in ('ISSUED', 'SURRENDERED'))
          limit 1`,
    );
    expect(closed, 'the demo data has a container on an issued bill').toBeDefined();
    const grossOf = async () =>
      (
        await queryRows<{ stored: string; rows: string }>(
          t.database.db,
          sql`select b.gross_weight::text as stored,
                (select sum(bc.gross_weight + c.tare_weight) from bl_containers bc join containers c on c.id = bc.container_id
                 where bc.bl_id = b.id)::text as rows
              from bills_of_lading b where b.id = ${closed!.billId}`,
        )
      )[0]!;
    const before = await grossOf();
    const booking = await booked();
    const slot = closed!.isoCode === '22G1' ? 0 : 2;
    const other = sailing();
    other.containers[slot] = {
      containerNumber: closed!.number,
      isoCode: closed!.isoCode,
      tareWeight: closed!.tare + 100,
    };
    const refused = await post(`/cp/bookings/${booking.id}/confirm/`, admin, other);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields[`containers.${slot}.tareWeight`]).toBe(
      `${closed!.number} is recorded with a tare of ${closed!.tare} kg`,
    );
    const same = sailing();
    same.containers[slot] = {
      containerNumber: closed!.number,
      isoCode: closed!.isoCode,
      tareWeight: closed!.tare,
    };
    const confirmed = await post(`/cp/bookings/${booking.id}/confirm/`, admin, same);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await grossOf()).toEqual(before);
  });

  it('keeps the customer and other offices out: customer 403 with the false marker, Chennai staff 404', async () => {
    const booking = await booked();
    const byCustomer = await post(`/cp/bookings/${booking.id}/confirm/`, customer, sailing());
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json()).toMatchObject({
      granted: false,
      error: { required: { resource: 'BOOKING', operation: 'CONFIRM' } },
    });
    expect((await post(`/cp/bookings/${booking.id}/confirm/`, branch, sailing())).statusCode).toBe(404);
    expect(
      (await post(`/cp/bookings/${booking.id}/reject/`, branch, { reason: 'no space' })).statusCode,
    ).toBe(404);
  });

  it('rejects with a reason; a rejected booking can no longer be confirmed', async () => {
    const booking = await booked();
    const blank = await post(`/cp/bookings/${booking.id}/reject/`, admin, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().error.fields)).toEqual(['reason']);
    expect((await get(`/cp/bookings/${booking.id}`, customer)).json()).toMatchObject({
      status: 'REQUESTED',
      version: 1,
    });
    const res = await post(`/cp/bookings/${booking.id}/reject/`, admin, {
      reason: 'No space on that sailing',
    });
    expect(res.json()).toMatchObject({ status: 'REJECTED', rejectionReason: 'No space on that sailing' });
    expect((await post(`/cp/bookings/${booking.id}/confirm/`, admin, sailing())).statusCode).toBe(409);
  });

  it('prices an on-request quotation exactly; the customer can then accept it', async () => {
    const requested = (
      await post('/cp/quotations/', customer, {
        polId: port('INNSA'),
        podId: port('ISREY'),
        cargoType: 'GEN',
        hsCode: hs6,
        equipment: [{ isoCode: '22G1', quantity: 3, weightPerUnit: 15000, weightUnit: 'kg' }],
        cargoReadyDate: inDays(4),
      })
    ).json();
    expect(requested.status).toBe('REQUESTED');
    const price = {
      currency: 'EUR',
      validUntil: inDays(10),
      charges: [
        {
          code: 'OCEAN_FREIGHT',
          name: 'Ocean freight',
          basis: 'PER_CONTAINER',
          isoCode: '22G1',
          quantity: 3,
          unitAmount: '1333.33',
        },
        { code: 'DOC_FEE', name: 'Documentation fee', basis: 'PER_BL', quantity: 1, unitAmount: '50.10' },
      ],
    };
    expect((await post(`/cp/quotations/${requested.id}/price/`, customer, price)).statusCode).toBe(403);
    expect((await post(`/cp/quotations/${requested.id}/price/`, branch, price)).statusCode).toBe(404);
    const bad = await post(`/cp/quotations/${requested.id}/price/`, admin, { ...price, currency: 'euro' });
    expect(bad.json().error.fields).toHaveProperty('currency');
    // Found by the hostile-input suite: 28,678,902,465.90 x 42 overflowed numeric(14,2) with a 500.
    const huge = await post(`/cp/quotations/${requested.id}/price/`, admin, {
      ...price,
      charges: [{ ...price.charges[0], quantity: 42, unitAmount: '28678902465.90' }],
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields).toHaveProperty('charges.0.unitAmount');
    const priced = await post(`/cp/quotations/${requested.id}/price/`, admin, price);
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({
      status: 'QUOTED',
      currency: 'EUR',
      totalAmount: '4050.09',
      validUntil: price.validUntil,
    });
    expect(priced.json().charges[0]).toMatchObject({ amount: '3999.99', unitAmount: '1333.33' });
    expect((await post(`/cp/quotations/${requested.id}/price/`, admin, price)).statusCode).toBe(409);
    expect((await post(`/cp/quotations/${requested.id}/accept/`, customer)).statusCode).toBe(201);
  });
});

describe('geocoding', () => {
  let t: TestApp;
  let headers: Headers;
  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    headers = (await signInAs(t, 'customer')).headers;
  });
  afterAll(() => t.close());

  it('offline: UN/LOCODE places with coordinates, at most 5, for any signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cp/base/geocode/?query=mumbai&limit=5', headers });
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(5);
    expect(results[0]).toMatchObject({ label: expect.stringMatching(/Mumbai/), source: 'unlocode' });
    expect(typeof results[0].latitude).toBe('number');
    expect(
      (await t.app.inject({ method: 'GET', url: '/cp/base/geocode/?query=m', headers })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/cp/base/geocode/?query=mumbai' })).statusCode).toBe(
      401,
    );
  });

  it('with a maps provider: asks for the place types of the specification, and fails to an empty list', async () => {
    const seen: URL[] = [];
    let status = 200;
    const server = createServer((request, response) => {
      seen.push(new URL(request.url!, 'http://x'));
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ features: [{ place_name: 'Andheri East, Mumbai, India', center: [72.87, 19.11] }] }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const geocode = createGeocoder({
      db: t.database.db,
      mapboxToken: 'pk.test-token',
      mapboxUrl: `http://127.0.0.1:${port}`,
    });
    try {
      expect(await geocode('andheri', 5)).toEqual([
        { label: 'Andheri East, Mumbai, India', latitude: 19.11, longitude: 72.87, source: 'mapbox' },
      ]);
      expect(seen[0]!.pathname).toBe('/geocoding/v5/mapbox.places/andheri.json');
      expect(seen[0]!.searchParams.get('types')).toBe('neighborhood,locality,place,district,postcode');
      expect(seen[0]!.searchParams.get('limit')).toBe('5');
      status = 500;
      expect(await geocode('andheri', 5)).toEqual([]);
    } finally {
      server.close();
    }
    const unreachable = createGeocoder({
      db: t.database.db,
      mapboxToken: 'pk.test-token',
      mapboxUrl: 'http://127.0.0.1:9',
    });
    expect(await unreachable('andheri', 5)).toEqual([]);
  });
});
