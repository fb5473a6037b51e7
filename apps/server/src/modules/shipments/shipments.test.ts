import { withCheckDigit } from '@lading/contract/bills-of-lading';
import type { Shipment } from '@lading/contract/shipments';
import type { PointToPointResult } from '@lading/contract/voyages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { upcomingSailing } from '../../test/sailings';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
const HOUR = 3_600_000;
/** The port list names India's zone by its older IANA name on some data sets. */
const INDIA = expect.stringMatching(/^Asia\/(Kolkata|Calcutta)$/);
const inDays = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);

describe('the shipment page: one booking’s plan, deadlines, documents, pricing and log (issue 26)', () => {
  let t: TestApp;
  let customer: Headers;
  let customerId: number;
  let customer2: Headers;
  let admin: Headers;
  let branch: Headers;
  let port: (code: string) => number;
  let hs6: number;
  let serial = 500;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    const signedIn = await signInAs(t, 'customer');
    customer = signedIn.headers;
    customerId = signedIn.userId;
    customer2 = (await signInAs(t, 'customer2')).headers;
    admin = (await signInAs(t, 'admin')).headers;
    branch = (await signInAs(t, 'branchAdmin')).headers;
    const rows = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from ports where code in ('INNSA', 'AEJEA', 'INMAA', 'NLRTM')`,
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

  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const shipment = async (id: number, headers: Headers = customer): Promise<Shipment> => {
    const res = await get(`/cp/bookings/${id}/shipment/`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** A customer's booking from `pol` to `pod` (one 22G1), priced by the carrier if no tariff did it. */
  const booked = async (pol: string, pod: string) => {
    const quotation = (
      await post('/cp/quotations/', customer, {
        polId: port(pol),
        podId: port(pod),
        cargoType: 'GEN',
        hsCode: hs6,
        equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 18000, weightUnit: 'kg' }],
        cargoReadyDate: inDays(3),
      })
    ).json();
    if (quotation.status === 'REQUESTED') {
      const priced = await post(`/cp/quotations/${quotation.id}/price/`, admin, {
        currency: 'USD',
        validUntil: inDays(5),
        charges: [
          {
            code: 'OCEAN_FREIGHT',
            name: 'Ocean freight',
            basis: 'PER_BL',
            quantity: 1,
            unitAmount: '900.00',
          },
        ],
      });
      expect(priced.statusCode, priced.body).toBe(200);
    }
    const booking = await post(`/cp/quotations/${quotation.id}/accept/`, customer);
    expect(booking.statusCode, booking.body).toBe(201);
    return booking.json() as { id: number; number: string };
  };
  const confirm = async (bookingId: number, voyageId: number) => {
    const res = await post(`/cp/bookings/${bookingId}/confirm/`, admin, {
      voyageId,
      containers: [
        {
          containerNumber: withCheckDigit(`SHPU${String(++serial).padStart(6, '0')}`),
          isoCode: '22G1',
          tareWeight: 2200,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().billOfLadingId as number;
  };

  it('shows a confirmed booking: its direct leg in the ports’ zones, SI and VGM deadlines, bill, containers, charges and log', async () => {
    const sailing = await upcomingSailing(t, admin, { skip: 2 });
    const { id, number } = await booked('INNSA', 'AEJEA');
    const billId = await confirm(id, sailing.voyageId);
    const voyage = (await get(`/cp/voyages/${sailing.voyageId}`, customer)).json();
    const loading = voyage.calls.find((c: { port: { code: string } }) => c.port.code === 'INNSA');

    const page = await shipment(id);
    expect(page.booking).toMatchObject({ id, number, status: 'CONFIRMED', billOfLadingId: billId });
    expect(page.legs).toHaveLength(1);
    expect(page.legs[0]).toMatchObject({
      voyageId: sailing.voyageId,
      carrierVoyageNumber: sailing.carrierVoyageNumber,
      vessel: { name: sailing.vesselName },
      planned: false,
      load: { port: { code: 'INNSA', timeZone: INDIA }, etd: loading.etd, status: 'SCHEDULED' },
      discharge: { port: { code: 'AEJEA', timeZone: 'Asia/Dubai' }, eta: sailing.eta },
    });
    const cutOff = (code: string) => loading.cutOffs.find((c: { code: string }) => c.code === code).at;
    expect(page.tasks).toEqual([
      expect.objectContaining({ code: 'SI', cutOff: 'DCO', at: cutOff('DCO'), done: false, open: true }),
      expect.objectContaining({ code: 'VGM', cutOff: 'VCO', at: cutOff('VCO'), done: false, open: true }),
    ]);
    expect(page.tasks[0]!.port).toMatchObject({ code: 'INNSA', timeZone: INDIA });
    expect(page.bill).toMatchObject({ id: billId, status: 'DRAFT', isIssued: false });
    expect(page.parties?.shipper.name).toBe('Demo Exports Pvt Ltd');
    expect(page.containers).toHaveLength(1);
    expect(page.pricing?.charges.length).toBeGreaterThan(0);
    expect(page.pricing?.quotationNumber).toBe(page.booking.quotationNumber);
    expect(page.cargo).toMatchObject({ cargoType: 'GEN' });
    expect(page.cargo.hsCode).toMatch(/^\d{6}$/);

    // The log: newest first; the customer sees their own rows by name, the carrier's without a name.
    expect(page.log.map((row) => `${row.record} ${row.action}`)).toEqual([
      'BILL_OF_LADING CREATED',
      'BOOKING CONFIRMED',
      'BOOKING CREATED',
    ]);
    expect(page.log[2]).toMatchObject({ actor: 'CUSTOMER', toStatus: 'REQUESTED' });
    expect(page.log[2]!.actorName).toBeTruthy();
    expect(page.log[1]).toMatchObject({ actor: 'CARRIER', actorName: null, toStatus: 'CONFIRMED' });
    // Carrier staff see who it was.
    const staffView = await shipment(id, admin);
    expect(staffView.log[1]).toMatchObject({ actor: 'CARRIER' });
    expect(staffView.log[1]!.actorName).toBeTruthy();

    // The bill's own deadlines (the BL edit screen's read) agree with the page's tasks.
    const deadlines = await get(`/cp/bill-of-ladings/${billId}/deadlines/`, customer);
    expect(deadlines.statusCode, deadlines.body).toBe(200);
    expect(deadlines.json().sailing).toMatchObject({
      voyageId: sailing.voyageId,
      port: { code: 'INNSA', timeZone: INDIA },
      departed: false,
      deadlines: [
        { cutOff: 'DCO', at: cutOff('DCO'), lateUntil: null },
        { cutOff: 'VCO', at: cutOff('VCO'), lateUntil: null },
      ],
    });
  });

  it('marks the SI done once the bill is submitted, the VGM once every container has one, and shows a late acceptance', async () => {
    const sailing = await upcomingSailing(t, admin, { skip: 3 });
    const { id } = await booked('INNSA', 'AEJEA');
    const billId = await confirm(id, sailing.voyageId);
    // The save itself is the bills' test; here the bill is moved as a submission leaves it.
    await t.database.db.execute(
      sql`update bills_of_lading set status = 'UPDATE PENDING' where id = ${billId}`,
    );
    await t.database.db.execute(
      sql`update bl_containers set vgm = 20200, vgm_method = 'SM1' where bl_id = ${billId}`,
    );
    const until = new Date(Date.now() + 48 * HOUR).toISOString();
    const granted = await post(`/cp/bill-of-ladings/${billId}/late-acceptance/`, admin, {
      cutOff: 'VCO',
      reason: 'weighbridge delayed',
      until,
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const page = await shipment(id);
    expect(page.tasks.map((task) => [task.code, task.done])).toEqual([
      ['SI', true],
      ['VGM', true],
    ]);
    expect(page.tasks[1]!.lateUntil).toBe(until);
    expect(page.log[0]).toMatchObject({ record: 'BILL_OF_LADING', action: 'LATE_ACCEPTANCE_GRANTED' });
  });

  it('plans a transhipment: the booking’s vessel to the transhipment port, then the onward vessel the schedule connects to', async () => {
    const res = await get(
      '/cp/schedules/point-to-point/?pol=INMAA&pod=NLRTM&maxTranshipment=1&departureFrom=' +
        `${inDays(7)}&departureTo=${inDays(40)}`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const connection = (res.json().results as PointToPointResult[]).find((r) => r.transhipment);
    expect(connection, 'a demo connection from Chennai to Rotterdam').toBeTruthy();
    const { id } = await booked('INMAA', 'NLRTM');
    await confirm(id, connection!.voyageId);
    const page = await shipment(id);
    expect(page.legs).toHaveLength(2);
    expect(page.legs[0]).toMatchObject({
      voyageId: connection!.voyageId,
      planned: false,
      load: { port: { code: 'INMAA' } },
      discharge: { port: { code: connection!.transhipment!.code }, eta: connection!.transhipment!.eta },
    });
    expect(page.legs[1]).toMatchObject({
      voyageId: connection!.transhipment!.voyageId,
      planned: true,
      load: { port: { code: connection!.transhipment!.code }, etd: connection!.transhipment!.etd },
      discharge: { port: { code: 'NLRTM' }, eta: connection!.eta },
    });
    // A Chennai booking is the Chennai branch's: its staff open it too.
    expect((await shipment(id, branch)).legs).toHaveLength(2);
  });

  it('shows a booking still waiting for the carrier: no plan, no tasks, no bill, but its price', async () => {
    const { id } = await booked('INNSA', 'AEJEA');
    const page = await shipment(id);
    expect(page).toMatchObject({ legs: [], tasks: [], bill: null, parties: null, containers: [] });
    expect(page.booking.status).toBe('REQUESTED');
    expect(page.pricing?.charges.length).toBeGreaterThan(0);
    expect(page.log).toHaveLength(1);
  });

  it('is 404 outside the caller’s scope, like the booking', async () => {
    const [own] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select bk.id from bookings bk join ports p on p.id = bk.pol_id
        where bk.created_by_id = ${customerId} and p.code = 'INNSA' order by bk.id limit 1`,
    );
    expect((await get(`/cp/bookings/${own!.id}/shipment/`, customer2)).statusCode).toBe(404);
    expect((await get(`/cp/bookings/${own!.id}/shipment/`, branch)).statusCode).toBe(404);
    expect((await get('/cp/bookings/999999/shipment/', customer)).statusCode).toBe(404);
    const bad = await get('/cp/bookings/abc/shipment/', customer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
  });

  it('answers a bill’s deadlines within its scope, and none for a bill whose booking is on no voyage', async () => {
    // Every demo booking is on a sailing (issue 28): take one of the customer's off it, as before the schedule.
    const [bill] = await queryRows<{ id: number }>(
      t.database.db,
      sql`update bookings bk set voyage_id = null from bills_of_lading b
        where b.booking_id = bk.id and b.number = (select min(number) from bills_of_lading
          where created_by_id = ${customerId} and status = 'ISSUED')
        returning b.id`,
    );
    const res = await get(`/cp/bill-of-ladings/${bill!.id}/deadlines/`, customer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sailing: null });
    expect((await get(`/cp/bill-of-ladings/${bill!.id}/deadlines/`, customer2)).statusCode).toBe(404);
  });
});
