import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { greatCircleKm } from './pricing';

type Headers = Record<string, string>;
type Charge = {
  code: string;
  name: string;
  isoCode: string | null;
  quantity: number;
  unitAmount: string;
  amount: string;
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Pune, about 100 km from Nhava Sheva as the crow flies; Dubai's Deira, some 40 km from Jebel Ali. */
const PUNE = { latitude: 18.5204, longitude: 73.8567 };
const DEIRA = { latitude: 25.2711, longitude: 55.3075 };

/**
 * Issue 28 item 5: a rail pick-up or a door leg is priced from the inland tariffs as its own charge lines (per
 * container, exact), or the quotation says "inland haulage on request" and goes to carrier staff (REQUESTED, priced
 * with Send price). Railway stations only on the side of the lane in India. Sea and inland tariffs of the test's own,
 * on validity windows years ahead (no demo tariff overlaps them).
 */
describe('quotations: inland legs priced from the inland tariffs', () => {
  let t: TestApp;
  let admin: Headers;
  let customer: Headers;
  let port: (code: string) => { id: number; latitude: number; longitude: number };
  let station: (code: string) => number;
  let hs: number;
  const FROM = 3000;
  const TO = 3060;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    admin = (await signInAs(t, 'admin')).headers;
    customer = (await signInAs(t, 'customer')).headers;
    const ports = await queryRows<{ id: number; code: string; latitude: number; longitude: number }>(
      t.database.db,
      sql`select id, code, latitude, longitude from ports where code in ('INNSA', 'AEJEA', 'SGSIN')`,
    );
    port = (code) => ports.find((row) => row.code === code)!;
    const stations = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from railway_stations where code in ('TKD', 'DER', 'NDLS')`,
    );
    station = (code) => stations.find((row) => row.code === code)!.id;
    hs = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from hs_codes where length(code) = 6 limit 1`,
      )
    )[0]!.id;
    // Sea: INNSA -> AEJEA and AEJEA -> INNSA, 22G1 and 45G1, in USD.
    for (const [pol, pod] of [
      ['INNSA', 'AEJEA'],
      ['AEJEA', 'INNSA'],
    ])
      for (const [isoCode, freight] of [
        ['22G1', '400.00'],
        ['45G1', '700.00'],
      ]) {
        const res = await post('/cp/tariffs/', admin, {
          polId: port(pol!).id,
          podId: port(pod!).id,
          isoCode,
          validFrom: inDays(FROM),
          validTo: inDays(TO),
          currency: 'USD',
          charges: [
            { code: 'OCEAN_FREIGHT', name: 'Ocean freight', basis: 'PER_CONTAINER', amount: freight },
            { code: 'DOC_FEE', name: 'Documentation fee', basis: 'PER_BL', amount: '45.00' },
          ],
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    // Inland: TKD <-> INNSA by rail for both size-types; doors around INNSA and AEJEA by band.
    const inland = [
      {
        mode: 'RAIL',
        portId: port('INNSA').id,
        stationId: station('TKD'),
        isoCode: '22G1',
        amount: '312.50',
      },
      {
        mode: 'RAIL',
        portId: port('INNSA').id,
        stationId: station('TKD'),
        isoCode: '45G1',
        amount: '455.75',
      },
      { mode: 'DOOR', portId: port('INNSA').id, fromKm: 0, toKm: 60, isoCode: '22G1', amount: '90.00' },
      { mode: 'DOOR', portId: port('INNSA').id, fromKm: 60, toKm: 250, isoCode: '22G1', amount: '180.33' },
      { mode: 'DOOR', portId: port('AEJEA').id, fromKm: 0, toKm: 80, isoCode: '22G1', amount: '120.10' },
      // In another currency than the sea tariffs: it never prices a USD quotation.
      {
        mode: 'RAIL',
        portId: port('INNSA').id,
        stationId: station('DER'),
        isoCode: '22G1',
        amount: '25000.00',
        currency: 'INR',
      },
    ];
    for (const body of inland) {
      const res = await post('/cp/admin/inland-tariffs/', admin, {
        currency: 'USD',
        validFrom: inDays(FROM),
        validTo: inDays(TO),
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  function post(url: string, headers: Headers, payload?: object) {
    return t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  }
  const enquiry = (overrides: Record<string, unknown> = {}) => ({
    polId: port('INNSA').id,
    podId: port('AEJEA').id,
    cargoType: 'GEN',
    hsCode: hs,
    equipment: [
      { isoCode: '22G1', quantity: 2, weightPerUnit: 18000, weightUnit: 'kg' },
      { isoCode: '45G1', quantity: 1, weightPerUnit: 24.5, weightUnit: 'MT' },
    ],
    cargoReadyDate: inDays(FROM + 10),
    ...overrides,
  });
  const storedLines = (id: number) =>
    queryRows<{ code: string; amount: string; total: string }>(
      t.database.db,
      sql`select c.code, c.amount::text as amount, q.total_amount::text as total from quotation_charges c
          join quotations q on q.id = c.quotation_id where c.quotation_id = ${id} order by c.position`,
    );
  /** The stored total is exactly the sum of the stored lines (hundredths as BigInt). */
  const expectTotalOfStoredRows = async (id: number, total: string) => {
    const rows = await storedLines(id);
    const cents = rows.reduce((sum, row) => sum + BigInt(row.amount.replace('.', '')), 0n);
    expect(cents).toBe(BigInt(total.replace('.', '')));
    expect(rows[0]!.total).toBe(total);
  };

  it('prices a rail pick-up from an ICD as its own line per size-type, before the sea lines; the total is the stored rows', async () => {
    const res = await post(
      '/cp/quotations/',
      customer,
      enquiry({ pickup: { kind: 'RAIL', stationId: station('TKD') } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const quotation = res.json();
    expect(quotation).toMatchObject({ status: 'QUOTED', currency: 'USD', inlandOnRequest: [] });
    const inland = quotation.charges.filter((c: Charge) => c.code === 'INLAND_PICKUP');
    expect(inland).toEqual([
      expect.objectContaining({
        name: 'Inland haulage (rail) TKD -> INNSA',
        basis: 'PER_CONTAINER',
        isoCode: '22G1',
        quantity: 2,
        unitAmount: '312.50',
        amount: '625.00',
        currency: 'USD',
      }),
      expect.objectContaining({ isoCode: '45G1', quantity: 1, unitAmount: '455.75', amount: '455.75' }),
    ]);
    // Sea: 2 x 400 + 700 + 45; inland: 625.00 + 455.75.
    expect(quotation.totalAmount).toBe('2625.75');
    expect(quotation.charges.map((c: Charge) => `${c.code} ${c.isoCode ?? ''}`)).toEqual([
      'INLAND_PICKUP 22G1',
      'OCEAN_FREIGHT 22G1',
      'INLAND_PICKUP 45G1',
      'OCEAN_FREIGHT 45G1',
      'DOC_FEE ',
    ]);
    await expectTotalOfStoredRows(quotation.id, '2625.75');
    // The inland tariffs that priced it are recorded (never deleted while so).
    const linked = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from quotation_inland_tariffs where quotation_id = ${quotation.id}`,
    );
    expect(linked[0]!.n).toBe(2);
  });

  it('prices door legs by the straight-line distance band to each port: a door pick-up near INNSA, a door delivery near AEJEA', async () => {
    const pickupKm = greatCircleKm(PUNE, port('INNSA'));
    const deliveryKm = greatCircleKm(DEIRA, port('AEJEA'));
    expect(pickupKm).toBeGreaterThanOrEqual(60);
    expect(pickupKm).toBeLessThan(250);
    expect(deliveryKm).toBeLessThan(80);
    const res = await post(
      '/cp/quotations/',
      customer,
      enquiry({
        equipment: [{ isoCode: '22G1', quantity: 3, weightPerUnit: 12, weightUnit: 'MT' }],
        pickup: { kind: 'DOOR', address: 'Pune, Maharashtra', ...PUNE },
        delivery: { kind: 'DOOR', address: 'Deira, Dubai', ...DEIRA },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const quotation = res.json();
    expect(quotation.status).toBe('QUOTED');
    expect(quotation.charges).toEqual([
      expect.objectContaining({
        code: 'INLAND_PICKUP',
        name: `Inland haulage (door, ${pickupKm} km) door -> INNSA`,
        quantity: 3,
        unitAmount: '180.33',
        amount: '540.99',
      }),
      expect.objectContaining({ code: 'OCEAN_FREIGHT', amount: '1200.00' }),
      expect.objectContaining({
        code: 'INLAND_DELIVERY',
        name: `Inland haulage (door, ${deliveryKm} km) AEJEA -> door`,
        quantity: 3,
        unitAmount: '120.10',
        amount: '360.30',
      }),
      expect.objectContaining({ code: 'DOC_FEE', amount: '45.00' }),
    ]);
    expect(quotation.totalAmount).toBe('2146.29');
    await expectTotalOfStoredRows(quotation.id, '2146.29');
  });

  it('prices a rail delivery on the Indian side of the lane (AEJEA -> INNSA, on to TKD)', async () => {
    const res = await post(
      '/cp/quotations/',
      customer,
      enquiry({
        polId: port('AEJEA').id,
        podId: port('INNSA').id,
        equipment: [{ isoCode: '45G1', quantity: 2, weightPerUnit: 20, weightUnit: 'MT' }],
        delivery: { kind: 'RAIL', stationId: station('TKD') },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const line = res.json().charges.find((c: Charge) => c.code === 'INLAND_DELIVERY');
    expect(line).toMatchObject({ name: 'Inland haulage (rail) INNSA -> TKD', amount: '911.50' });
    expect(res.json().totalAmount).toBe('2356.50');
  });

  describe('inland haulage on request: REQUESTED, no price, for carrier staff to price with Send price', () => {
    const cases: [string, () => Record<string, unknown>, string[]][] = [
      [
        'a station without an inland tariff',
        () => ({ pickup: { kind: 'RAIL', stationId: station('NDLS') } }),
        ['PICKUP'],
      ],
      [
        'a size-type the door band has no tariff for',
        () => ({
          equipment: [{ isoCode: '45G1', quantity: 1, weightPerUnit: 1, weightUnit: 'MT' }],
          delivery: { kind: 'DOOR', address: 'Deira, Dubai', ...DEIRA },
        }),
        ['DELIVERY'],
      ],
      [
        'a door beyond every band',
        () => ({ pickup: { kind: 'DOOR', address: 'Delhi', latitude: 28.6139, longitude: 77.209 } }),
        ['PICKUP'],
      ],
      [
        'an inland tariff in another currency than the sea tariff',
        () => ({
          equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 1, weightUnit: 'MT' }],
          pickup: { kind: 'RAIL', stationId: station('DER') },
        }),
        ['PICKUP'],
      ],
      [
        'a cargo ready date after the inland (and sea) tariffs end',
        () => ({ cargoReadyDate: inDays(TO + 1), pickup: { kind: 'RAIL', stationId: station('TKD') } }),
        ['PICKUP'],
      ],
    ];
    for (const [label, change, legs] of cases) {
      it(label, async () => {
        const res = await post('/cp/quotations/', customer, enquiry(change()));
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          status: 'REQUESTED',
          totalAmount: null,
          charges: [],
          inlandOnRequest: legs,
        });
        const [audit] = await queryRows<{ comment: string }>(
          t.database.db,
          sql`select comment from audit_events where record_type = 'QUOTATION' and record_id = ${res.json().id}`,
        );
        expect(audit!.comment).toContain('inland haulage on request');
      });
    }

    it('lists it for carrier staff, who price it (inland line included) with Send price', async () => {
      const requested = (
        await post(
          '/cp/quotations/',
          customer,
          enquiry({ pickup: { kind: 'RAIL', stationId: station('NDLS') } }),
        )
      ).json();
      const toPrice = await t.app.inject({
        method: 'GET',
        url: '/cp/quotations/?status=REQUESTED&limit=100',
        headers: admin,
      });
      expect(toPrice.json().results.map((q: { id: number }) => q.id)).toContain(requested.id);
      const priced = await post(`/cp/quotations/${requested.id}/price/`, admin, {
        currency: 'USD',
        validUntil: inDays(7),
        charges: [
          {
            code: 'INLAND_PICKUP',
            name: 'Inland haulage (rail) NDLS -> INNSA',
            basis: 'PER_CONTAINER',
            isoCode: '22G1',
            quantity: 2,
            unitAmount: '350.00',
          },
          {
            code: 'OCEAN_FREIGHT',
            name: 'Ocean freight',
            basis: 'PER_CONTAINER',
            isoCode: '22G1',
            quantity: 2,
            unitAmount: '400.00',
          },
          {
            code: 'OCEAN_FREIGHT',
            name: 'Ocean freight',
            basis: 'PER_CONTAINER',
            isoCode: '45G1',
            quantity: 1,
            unitAmount: '700.00',
          },
        ],
      });
      expect(priced.statusCode, priced.body).toBe(200);
      expect(priced.json()).toMatchObject({
        status: 'QUOTED',
        totalAmount: '2200.00',
        inlandOnRequest: ['PICKUP'],
      });
    });
  });

  describe('railway stations only on the side of the lane in India (400 naming the field, nothing written)', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'a rail pick-up at a port of loading outside India',
        { polId: 'AEJEA', podId: 'INNSA', pickup: { kind: 'RAIL', stationId: 'TKD' } },
        'pickup.stationId',
      ],
      [
        'a rail delivery at a port of discharge outside India',
        { delivery: { kind: 'RAIL', stationId: 'TKD' } },
        'delivery.stationId',
      ],
    ];
    for (const [label, change, field] of cases) {
      it(`${label}: 400 naming ${field}`, async () => {
        const body: Record<string, unknown> = { ...enquiry() };
        for (const [key, value] of Object.entries(change)) {
          if (typeof value === 'string') body[key] = port(value).id;
          else body[key] = { kind: 'RAIL', stationId: station((value as { stationId: string }).stationId) };
        }
        const count = async () =>
          (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from quotations`))[0]!
            .n;
        const before = await count();
        const res = await post('/cp/quotations/', customer, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.fields[field]).toMatch(/is not in India/);
        expect(await count()).toBe(before);
      });
    }
  });
});
