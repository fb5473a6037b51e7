import { todayIso } from '@lading/contract/quotations';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';
import { domainEvents } from '../../db/schema/events';
import { quotations } from '../../db/schema/quotations';
import { tariffCharges, tariffs } from '../../db/schema/tariffs';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
const addDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('commercial flow: rate enquiry -> quotation -> booking', () => {
  let t: TestApp;
  let a: Headers;
  let b: Headers;
  let admin: Headers;
  let port: (code: string) => number;
  let hs6: number;
  let hs2: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    a = (await signInAs(t, 'customer')).headers;
    b = (await signInAs(t, 'customer2')).headers;
    admin = (await signInAs(t, 'admin')).headers;
    const rows = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from ports where code in ('INNSA', 'AEJEA', 'SGSIN', 'ISREY', 'INMUN')`,
    );
    port = (code) => rows.find((row) => row.code === code)!.id;
    const [six, two] = await Promise.all(
      [6, 2].map(async (length) => {
        const [row] = await queryRows<{ id: number }>(
          t.database.db,
          sql`select id from hs_codes where length(code) = ${length} order by code limit 1`,
        );
        return row!.id;
      }),
    );
    hs6 = six!;
    hs2 = two!;
  });
  afterAll(() => t.close());

  const enquiry = (overrides: Record<string, unknown> = {}) => ({
    polId: port('INNSA'),
    podId: port('AEJEA'),
    cargoType: 'GEN',
    hsCode: hs6,
    equipment: [
      { isoCode: '22G1', quantity: 2, weightPerUnit: 18000, weightUnit: 'kg' },
      { isoCode: '45G1', quantity: 1, weightPerUnit: 24.5, weightUnit: 'MT' },
    ],
    cargoReadyDate: addDays(3),
    ...overrides,
  });
  const post = (url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
  const countQuotations = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from quotations`))[0]!.n;

  describe('pricing', () => {
    it('prices at once from the tariff: a line per charge and size-type, the documentation fee once, an exact total', async () => {
      const res = await post('/cp/quotations/', a, enquiry());
      expect(res.statusCode).toBe(201);
      const quotation = res.json();
      expect(quotation).toMatchObject({
        status: 'QUOTED',
        currency: 'USD',
        totalAmount: '2885.00',
        validUntil: addDays(7),
        pol: { code: 'INNSA' },
        pod: { code: 'AEJEA' },
        bookingId: null,
      });
      expect(quotation.number).toMatch(/^QTN\d{4}\d{5}$/);
      const line = (code: string, iso: string | null) =>
        quotation.charges.find(
          (c: { code: string; isoCode: string | null }) => c.code === code && c.isoCode === iso,
        );
      expect(line('OCEAN_FREIGHT', '22G1')).toMatchObject({
        quantity: 2,
        unitAmount: '450.00',
        amount: '900.00',
      });
      expect(line('OCEAN_FREIGHT', '45G1')).toMatchObject({
        quantity: 1,
        unitAmount: '780.00',
        amount: '780.00',
      });
      expect(line('DOC_FEE', null)).toMatchObject({ basis: 'PER_BL', quantity: 1, amount: '45.00' });
      expect(quotation.charges.some((c: { code: string }) => c.code === 'HAZ_SURCHARGE')).toBe(false);
      // The total is exactly the sum of the lines, in hundredths.
      const cents = quotation.charges.reduce(
        (sum: bigint, c: { amount: string }) => sum + BigInt(c.amount.replace('.', '')),
        0n,
      );
      expect(cents).toBe(288500n);
    });

    it('adds the hazardous surcharge for HAZ cargo only (class and UN number required)', async () => {
      const res = await post(
        '/cp/quotations/',
        a,
        enquiry({ cargoType: 'HAZ', hazardClass: 'CLASS3', unNumber: '1263' }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        status: 'QUOTED',
        totalAmount: '3785.00',
        hazardClass: 'CLASS3',
        unNumber: '1263',
      });
      const haz = res.json().charges.filter((c: { code: string }) => c.code === 'HAZ_SURCHARGE');
      expect(haz.map((c: { amount: string }) => c.amount)).toEqual(['500.00', '400.00']);
    });

    it('is REQUESTED, with no price, for a lane without a tariff; carrier staff are told', async () => {
      const res = await post('/cp/quotations/', a, enquiry({ podId: port('ISREY') }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        status: 'REQUESTED',
        totalAmount: null,
        currency: null,
        validUntil: null,
        charges: [],
      });
      const events = await t.database.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.type, 'QUOTATION_REQUESTED'), eq(domainEvents.recordId, res.json().id)));
      expect(events).toHaveLength(1);
    });

    it('is REQUESTED when the tariff does not cover the cargo ready date, or has expired', async () => {
      const late = await post('/cp/quotations/', a, enquiry({ cargoReadyDate: addDays(120) }));
      expect(late.json().status).toBe('REQUESTED');
      const lane = and(eq(tariffs.polId, port('INMUN')), eq(tariffs.podId, port('SGSIN')));
      await t.database.db
        .update(tariffs)
        .set({ validTo: addDays(-1), validFrom: addDays(-30) })
        .where(lane);
      const expired = await post(
        '/cp/quotations/',
        a,
        enquiry({ polId: port('INMUN'), podId: port('SGSIN'), cargoReadyDate: todayIso() }),
      );
      expect(expired.json().status).toBe('REQUESTED');
    });

    it('keeps an issued quotation as it was when the tariff changes', async () => {
      const issued = (await post('/cp/quotations/', a, enquiry({ podId: port('SGSIN') }))).json();
      const [tariff] = await t.database.db
        .select()
        .from(tariffs)
        .where(
          and(
            eq(tariffs.polId, port('INNSA')),
            eq(tariffs.podId, port('SGSIN')),
            eq(tariffs.isoCode, '22G1'),
          ),
        );
      await t.database.db
        .update(tariffCharges)
        .set({ amount: '9999.00' })
        .where(and(eq(tariffCharges.tariffId, tariff!.id), eq(tariffCharges.code, 'OCEAN_FREIGHT')));
      const again = (await get(`/cp/quotations/${issued.id}`, a)).json();
      expect(again.totalAmount).toBe(issued.totalAmount);
      expect(again.charges).toEqual(issued.charges);
    });
  });

  describe('reading', () => {
    it('names the customer and their company, and a rail pick-up by station name and code', async () => {
      const [station] = await queryRows<{ id: number; code: string; name: string }>(
        t.database.db,
        sql`select id, code, name from railway_stations order by id limit 1`,
      );
      const created = await post(
        '/cp/quotations/',
        a,
        enquiry({
          pickup: { kind: 'RAIL', stationId: station!.id },
          delivery: { kind: 'DOOR', address: 'Jebel Ali Free Zone', latitude: 25.01, longitude: 55.06 },
        }),
      );
      expect(created.statusCode, created.body).toBe(201);
      const [owner] = await queryRows<{ id: number; email: string; company: string | null }>(
        t.database.db,
        sql`select u.id, u.email::text as email, p.name as company from users u
            left join parties p on p.id = u.party_id where u.email = 'customer@demo.lading.test'`,
      );
      expect(owner!.company).toBeTruthy();
      const customer = { id: owner!.id, email: owner!.email, companyName: owner!.company };
      for (const read of [created.json(), (await get(`/cp/quotations/${created.json().id}`, admin)).json()]) {
        expect(read.customer).toMatchObject(customer);
        expect(read.pickup).toEqual({
          kind: 'RAIL',
          stationId: station!.id,
          stationCode: station!.code,
          stationName: station!.name,
        });
        expect(read.delivery).toEqual({
          kind: 'DOOR',
          address: 'Jebel Ali Free Zone',
          latitude: 25.01,
          longitude: 55.06,
        });
      }
      // No inland tariff covers that station: inland haulage on request (issue 28 item 5).
      expect(created.json()).toMatchObject({ status: 'REQUESTED', inlandOnRequest: ['PICKUP'] });
      const booking = (
        await post(`/cp/quotations/${(await post('/cp/quotations/', a, enquiry())).json().id}/accept/`, a)
      ).json();
      expect(booking.customer).toMatchObject(customer);
      expect((await get(`/cp/bookings/${booking.id}`, admin)).json().customer).toMatchObject(customer);
    });

    it('is described at /docs: every route of the module in the OpenAPI, with its summary, body and sort', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json();
      const routes: [string, string][] = [
        ['post', '/cp/quotations/'],
        ['get', '/cp/quotations/'],
        ['get', '/cp/quotations/{id}'],
        ['post', '/cp/quotations/{id}/accept/'],
        ['post', '/cp/quotations/{id}/reject/'],
        ['post', '/cp/quotations/{id}/price/'],
        ['get', '/cp/bookings/'],
        ['get', '/cp/bookings/{id}'],
        ['post', '/cp/bookings/{id}/cancel/'],
        ['post', '/cp/bookings/{id}/confirm/'],
        ['post', '/cp/bookings/{id}/reject/'],
        ['get', '/cp/tariffs/'],
        ['get', '/cp/tariffs/{id}'],
        ['post', '/cp/tariffs/'],
        ['put', '/cp/tariffs/{id}/'],
        ['get', '/cp/base/geocode/'],
      ];
      for (const [method, path] of routes) {
        const operation = doc.paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation.summary.length, `${method} ${path}`).toBeGreaterThan(10);
        if (method === 'post' && !path.endsWith('/accept/') && !path.endsWith('/cancel/'))
          expect(operation.requestBody, `${method} ${path}`).toBeDefined();
      }
      for (const path of ['/cp/quotations/', '/cp/bookings/'])
        expect(doc.paths[path].get.parameters.map((p: { name: string }) => p.name)).toEqual(
          expect.arrayContaining(['sort', 'order', 'skip', 'limit']),
        );
    });

    it('sorts the quotation and booking lists by the asked column and order; an unknown sort is a 400', async () => {
      for (const pod of ['SGSIN', 'AEJEA']) {
        const quotation = (await post('/cp/quotations/', a, enquiry({ podId: port(pod) }))).json();
        await post(`/cp/quotations/${quotation.id}/accept/`, a);
      }
      const numbers = (res: { json: () => { results: { number: string }[] } }) =>
        res.json().results.map((row) => row.number);
      const ascending = numbers(await get('/cp/quotations/?sort=number&order=asc&limit=100', a));
      expect(ascending.length).toBeGreaterThan(2);
      expect(ascending).toEqual([...ascending].sort());
      const descending = numbers(await get('/cp/quotations/?sort=number&order=desc&limit=100', a));
      expect(descending).toEqual([...ascending].reverse());
      const byValidity = (await get('/cp/quotations/?sort=validUntil&order=asc&limit=100', a)).json()
        .results as { validUntil: string | null }[];
      const dated = byValidity.map((row) => row.validUntil).filter((day) => day !== null);
      expect(dated).toEqual([...dated].sort());
      // Nulls (on request) last whichever the order.
      expect(byValidity.at(-1)!.validUntil).toBeNull();

      const bookingNumbers = numbers(await get('/cp/bookings/?sort=number&order=asc&limit=100', a));
      expect(bookingNumbers.length).toBeGreaterThan(1);
      expect(bookingNumbers).toEqual([...bookingNumbers].sort());
      const newest = numbers(await get('/cp/bookings/?limit=100', a));
      expect(newest[0]).toBe(bookingNumbers.at(-1));

      for (const url of [
        '/cp/quotations/?sort=totalAmount',
        '/cp/bookings/?sort=vessel',
        '/cp/bookings/?order=up',
      ]) {
        const res = await get(url, a);
        expect(res.statusCode, url).toBe(400);
        expect(Object.keys(res.json().error.fields), url).toEqual([url.includes('order') ? 'order' : 'sort']);
      }
    });
  });

  describe('accepting', () => {
    it('books a valid quotation in the same transaction: booking REQUESTED, quotation ACCEPTED, audit and event', async () => {
      const quotation = (await post('/cp/quotations/', a, enquiry())).json();
      const res = await post(`/cp/quotations/${quotation.id}/accept/`, a);
      expect(res.statusCode).toBe(201);
      const booking = res.json();
      expect(booking).toMatchObject({
        status: 'REQUESTED',
        quotationId: quotation.id,
        quotationNumber: quotation.number,
        cargoType: 'GEN',
        pol: { code: 'INNSA' },
        pod: { code: 'AEJEA' },
        billOfLadingId: null,
      });
      expect(booking.number).toMatch(/^BKG\d{4}\d{4}$/);
      expect(booking.equipment).toHaveLength(2);
      expect((await get(`/cp/quotations/${quotation.id}`, a)).json()).toMatchObject({
        status: 'ACCEPTED',
        bookingId: booking.id,
        version: 2,
      });
      const audit = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.recordType, 'BOOKING'), eq(auditEvents.recordId, booking.id)));
      expect(audit.map((row) => row.action)).toEqual(['CREATED']);
      const again = await post(`/cp/quotations/${quotation.id}/accept/`, a);
      expect(again.statusCode).toBe(409);
      expect((await get(`/cp/bookings/${booking.id}`, a)).json()).toMatchObject({ id: booking.id });
    });

    it('refuses an expired quotation (it reads EXPIRED and leaves the active list) and books nothing', async () => {
      const quotation = (await post('/cp/quotations/', a, enquiry())).json();
      await t.database.db
        .update(quotations)
        .set({ validUntil: addDays(-1) })
        .where(eq(quotations.id, quotation.id));
      expect((await get(`/cp/quotations/${quotation.id}`, a)).json().status).toBe('EXPIRED');
      const active = (await get('/cp/quotations/?active=true&limit=100', a)).json();
      expect(active.results.some((q: { id: number }) => q.id === quotation.id)).toBe(false);
      const bookingsBefore = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from bookings`,
      );
      const res = await post(`/cp/quotations/${quotation.id}/accept/`, a);
      expect(res.statusCode).toBe(409);
      const bookingsAfter = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from bookings`,
      );
      expect(bookingsAfter[0]!.n).toBe(bookingsBefore[0]!.n);
    });

    it("keeps another customer's quotation out of reach (404) and staff out of customer actions (403)", async () => {
      const quotation = (await post('/cp/quotations/', a, enquiry())).json();
      expect((await get(`/cp/quotations/${quotation.id}`, b)).statusCode).toBe(404);
      expect((await post(`/cp/quotations/${quotation.id}/accept/`, b)).statusCode).toBe(404);
      expect((await post(`/cp/quotations/${quotation.id}/reject/`, b, { reason: 'no' })).statusCode).toBe(
        404,
      );
      const staff = await post(`/cp/quotations/${quotation.id}/accept/`, admin);
      expect(staff.statusCode).toBe(403);
      expect(staff.json().granted).toBe(false);
      expect((await get(`/cp/quotations/${quotation.id}`, admin)).statusCode).toBe(200);
      expect((await get(`/cp/quotations/${quotation.id}`, a)).json().status).toBe('QUOTED');
      const listB = (await get('/cp/quotations/?limit=100', b)).json();
      expect(listB.results.some((q: { id: number }) => q.id === quotation.id)).toBe(false);
    });

    it('books once when the same quotation is accepted twice at the same moment (the row lock, one transaction)', async () => {
      const quotation = (await post('/cp/quotations/', a, enquiry())).json();
      const countBookings = async () =>
        (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from bookings`))[0]!.n;
      const before = await countBookings();
      const answers = await Promise.all([
        post(`/cp/quotations/${quotation.id}/accept/`, a),
        post(`/cp/quotations/${quotation.id}/accept/`, a),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      expect(await countBookings()).toBe(before + 1);
      expect((await get(`/cp/quotations/${quotation.id}`, a)).json()).toMatchObject({
        status: 'ACCEPTED',
        bookingId: answers.find((res) => res.statusCode === 201)!.json().id,
      });
    });

    it('rejects with a reason; a rejected quotation can be neither accepted nor rejected again', async () => {
      const quotation = (await post('/cp/quotations/', a, enquiry())).json();
      const blank = await post(`/cp/quotations/${quotation.id}/reject/`, a, { reason: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields).toHaveProperty('reason');
      const res = await post(`/cp/quotations/${quotation.id}/reject/`, a, { reason: 'Found a better rate' });
      expect(res.json()).toMatchObject({ status: 'REJECTED', rejectionReason: 'Found a better rate' });
      expect((await post(`/cp/quotations/${quotation.id}/accept/`, a)).statusCode).toBe(409);
      expect((await post(`/cp/quotations/${quotation.id}/reject/`, a, { reason: 'again' })).statusCode).toBe(
        409,
      );
    });
  });

  describe('bad input: a 400 naming the field, nothing written', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['no port of loading', { polId: undefined }, 'polId'],
      ['the same port twice', { podId: 'SAME' }, 'podId'],
      ['an unknown port', { podId: 2_000_000_000 }, 'podId'],
      ['a port id beyond an integer', { polId: 2_147_483_648 }, 'polId'],
      ['an unknown cargo type', { cargoType: 'XYZ' }, 'cargoType'],
      ['HAZ without a class', { cargoType: 'HAZ', unNumber: '1263' }, 'hazardClass'],
      [
        'HAZ with a 3-digit UN number',
        { cargoType: 'HAZ', hazardClass: 'CLASS3', unNumber: '126' },
        'unNumber',
      ],
      ['a class for general cargo', { hazardClass: 'CLASS3' }, 'hazardClass'],
      ['a chapter, not a commodity', { hsCode: 'CHAPTER' }, 'hsCode'],
      ['no equipment', { equipment: [] }, 'equipment'],
      [
        'six equipment lines',
        { equipment: Array(6).fill({ isoCode: '22G1', quantity: 1, weightPerUnit: 1, weightUnit: 'kg' }) },
        'equipment',
      ],
      [
        'a quantity of 0',
        { equipment: [{ isoCode: '22G1', quantity: 0, weightPerUnit: 1, weightUnit: 'kg' }] },
        'equipment.0.quantity',
      ],
      [
        '100 containers',
        { equipment: [{ isoCode: '22G1', quantity: 100, weightPerUnit: 1, weightUnit: 'kg' }] },
        'equipment.0.quantity',
      ],
      [
        'an unknown size-type',
        { equipment: [{ isoCode: '99Z9', quantity: 1, weightPerUnit: 1, weightUnit: 'kg' }] },
        'equipment.0.isoCode',
      ],
      [
        'pounds',
        { equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 1, weightUnit: 'lb' }] },
        'equipment.0.weightUnit',
      ],
      [
        'a negative weight',
        { equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: -5, weightUnit: 'kg' }] },
        'equipment.0.weightPerUnit',
      ],
      ['a date in the past', { cargoReadyDate: addDays(-1) }, 'cargoReadyDate'],
      ['a date that does not exist', { cargoReadyDate: '2027-02-30' }, 'cargoReadyDate'],
      ['an unknown station', { pickup: { kind: 'RAIL', stationId: 2_000_000_000 } }, 'pickup.stationId'],
      ['a door without coordinates', { delivery: { kind: 'DOOR', address: 'Dubai' } }, 'delivery.latitude'],
    ];
    for (const [label, change, field] of cases) {
      it(`${label}: 400 naming ${field}`, async () => {
        const body: Record<string, unknown> = { ...enquiry(), ...change };
        if (body.podId === 'SAME') body.podId = body.polId;
        if (body.hsCode === 'CHAPTER') body.hsCode = hs2;
        const before = await countQuotations();
        const res = await post('/cp/quotations/', a, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(res.json().error.fields)).toContain(field);
        expect(await countQuotations()).toBe(before);
      });
    }

    it('names every wrong field at once: the hazard and date rules with the rest', async () => {
      const before = await countQuotations();
      const res = await post('/cp/quotations/', a, {
        ...enquiry({ cargoType: 'HAZ', cargoReadyDate: addDays(-2) }),
        polId: undefined,
        equipment: [{ isoCode: '22G1', quantity: 0, weightPerUnit: 1, weightUnit: 'kg' }],
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual([
        'cargoReadyDate',
        'equipment.0.quantity',
        'hazardClass',
        'polId',
        'unNumber',
      ]);
      expect(await countQuotations()).toBe(before);
    });

    it('staff cannot make a rate enquiry (403 with the false marker)', async () => {
      const res = await post('/cp/quotations/', admin, enquiry());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ granted: false, error: { required: { resource: 'RATE_ENQUIRY' } } });
    });
  });

  describe('bookings', () => {
    it('lists and finds only the caller’s bookings; the customer cancels one not yet confirmed', async () => {
      const quotation = (await post('/cp/quotations/', a, enquiry())).json();
      const booking = (await post(`/cp/quotations/${quotation.id}/accept/`, a)).json();
      const mine = (await get(`/cp/bookings/?booking_number=${booking.number}`, a)).json();
      expect(mine.results.map((row: { id: number }) => row.id)).toEqual([booking.id]);
      expect((await get(`/cp/bookings/?booking_number=${booking.number}`, b)).json().count).toBe(0);
      expect((await get(`/cp/bookings/${booking.id}`, b)).statusCode).toBe(404);
      expect((await post(`/cp/bookings/${booking.id}/cancel/`, b)).statusCode).toBe(404);
      expect((await post(`/cp/bookings/${booking.id}/cancel/`, admin)).statusCode).toBe(403);
      const cancelled = await post(`/cp/bookings/${booking.id}/cancel/`, a);
      expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', version: 2 });
      expect((await post(`/cp/bookings/${booking.id}/cancel/`, a)).statusCode).toBe(409);
      // Confirmed bookings (the demo ones) cannot be cancelled from the portal.
      const demo = (await get('/cp/bookings/?status=CONFIRMED', a)).json().results[0];
      expect((await post(`/cp/bookings/${demo.id}/cancel/`, a)).statusCode).toBe(409);
      expect((await get('/cp/bookings/?booking_number=&status=&skip=0&limit=10', a)).statusCode).toBe(200);
    });
  });
});
