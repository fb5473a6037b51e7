import { withCheckDigit } from '@lading/contract/bills-of-lading';
import { imoCheckDigit } from '@lading/contract/voyages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** A valid IMO number from six digits (the seventh is the check digit). */
const imo = (six: string) => `${six}${imoCheckDigit(six)}`;

describe('a rate enquiry and its booking on a chosen sailing (issue 26)', () => {
  let t: TestApp;
  let admin: Headers;
  let customer: Headers;
  let customer2: Headers;
  let port: (code: string) => number;
  let hs6: number;
  let serviceId: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    admin = (await signInAs(t, 'admin')).headers;
    customer = (await signInAs(t, 'customer')).headers;
    customer2 = (await signInAs(t, 'customer2')).headers;
    const rows = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from ports where code in ('INNSA', 'AEJEA', 'INMAA')`,
    );
    port = (code) => rows.find((row) => row.code === code)!.id;
    hs6 = (
      await queryRows<{ id: number }>(t.database.db, sql`select id from hs_codes where code = '520100'`)
    )[0]!.id;
    const vessel = await t.app.inject({
      method: 'POST',
      url: '/cp/admin/vessels/',
      headers: admin,
      payload: {
        imoNumber: imo(String(700000 + (Date.now() % 99999))),
        name: 'SAILING TEST',
        flag: 'IN',
        operatorCarrierCode: 'LDGU',
        teuCapacity: 2000,
      },
    });
    expect(vessel.statusCode, vessel.body).toBe(201);
    const service = await t.app.inject({
      method: 'POST',
      url: '/cp/admin/services/',
      headers: admin,
      payload: {
        code: `Q${Date.now().toString(36).slice(-4).toUpperCase()}`,
        name: 'Sailing test shuttle',
        frequencyDays: 7,
        voyageSuffix: 'W',
        calls: [
          { portCode: 'INNSA', dayOffset: 0 },
          { portCode: 'AEJEA', dayOffset: 4 },
        ],
        vesselIds: [vessel.json().id],
      },
    });
    expect(service.statusCode, service.body).toBe(201);
    serviceId = service.json().id;
  });
  afterAll(() => t.close());

  const post = (url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  /** One voyage of the test service whose first call (Nhava Sheva) arrives `days` from today. */
  const voyageIn = async (days: number) => {
    const res = await post(`/cp/admin/services/${serviceId}/generate-voyages/`, admin, {
      from: inDays(days),
      weeks: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().voyageIds[0] as number;
  };
  const enquiry = (voyageId: number, polId = port('INNSA')) => ({
    polId,
    podId: port('AEJEA'),
    cargoType: 'GEN',
    hsCode: hs6,
    equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 12000, weightUnit: 'kg' }],
    cargoReadyDate: inDays(1),
    voyageId,
  });
  const count = async (table: string) =>
    (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

  it('carries the sailing from the enquiry to the booking, whose vessel, dates and cut-offs follow the voyage', async () => {
    const voyageId = await voyageIn(20);
    const quoted = await post('/cp/quotations/', customer, enquiry(voyageId));
    expect(quoted.statusCode, quoted.body).toBe(201);
    expect(quoted.json()).toMatchObject({ status: 'QUOTED', voyageId });
    const accepted = await post(`/cp/quotations/${quoted.json().id}/accept/`, customer);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const booking = accepted.json();
    const voyage = (
      await t.app.inject({ method: 'GET', url: `/cp/voyages/${voyageId}`, headers: customer })
    ).json();
    expect(booking).toMatchObject({
      status: 'REQUESTED',
      voyageId,
      vesselName: 'SAILING TEST',
      voyageNumber: voyage.carrierVoyageNumber,
      etd: voyage.calls[0].etd.slice(0, 10),
      eta: voyage.calls[1].eta.slice(0, 10),
    });
    expect(booking.cutOffs.map((c: { code: string }) => c.code).sort()).toEqual([
      'DCO',
      'FCO',
      'PCO',
      'STA',
      'VCO',
    ]);
    // A delay of the voyage shows on the booking at its next read.
    const delayed = await post(`/cp/admin/voyages/${voyageId}/calls/1/delay/`, admin, {
      version: voyage.version,
      eta: new Date(Date.parse(voyage.calls[0].eta) + 2 * DAY).toISOString(),
      etd: new Date(Date.parse(voyage.calls[0].etd) + 2 * DAY).toISOString(),
      reason: 'engine repairs',
    });
    expect(delayed.statusCode, delayed.body).toBe(200);
    const reread = (
      await t.app.inject({ method: 'GET', url: `/cp/bookings/${booking.id}`, headers: customer })
    ).json();
    expect(reread.etd).toBe(new Date(Date.parse(voyage.calls[0].etd) + 2 * DAY).toISOString().slice(0, 10));
  });

  it('refuses an enquiry on a sailing past its STA cut-off (409 CUT_OFF_PASSED), or one not loading at the port', async () => {
    const soon = await voyageIn(1);
    const before = await count('quotations');
    const late = await post('/cp/quotations/', customer, enquiry(soon));
    expect(late.statusCode).toBe(409);
    const sta = (await t.app.inject({ method: 'GET', url: `/cp/voyages/${soon}`, headers: customer }))
      .json()
      .calls[0].cutOffs.find((c: { code: string }) => c.code === 'STA').at;
    expect(late.json()).toEqual({
      error: {
        code: 'CUT_OFF_PASSED',
        message: expect.stringMatching(/standard booking acceptance \(STA\)/),
        cutOff: 'STA',
        at: sta,
      },
    });
    const wrongPort = await post('/cp/quotations/', customer, {
      ...enquiry(await voyageIn(20)),
      polId: port('INMAA'),
    });
    expect(wrongPort.statusCode).toBe(400);
    expect(wrongPort.json().error.fields).toEqual({ voyageId: 'is not a sailing from the port of loading' });
    expect(await count('quotations')).toBe(before);
  });

  it('refuses the booking request once the STA has passed since the quotation; nothing is written', async () => {
    const voyageId = await voyageIn(20);
    const quoted = (await post('/cp/quotations/', customer, enquiry(voyageId))).json();
    const voyage = (
      await t.app.inject({ method: 'GET', url: `/cp/admin/voyages/${voyageId}/`, headers: admin })
    ).json();
    const passed = new Date(Date.now() - 3_600_000).toISOString();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/cp/admin/voyages/${voyageId}/calls/1/cut-offs/`,
      headers: admin,
      payload: { version: voyage.version, cutOffs: [{ code: 'STA', at: passed }] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const bookings = await count('bookings');
    const refused = await post(`/cp/quotations/${quoted.id}/accept/`, customer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CUT_OFF_PASSED',
      cutOff: 'STA',
      at: passed.replace(/\.\d{3}Z$/, 'Z'),
    });
    expect(await count('bookings')).toBe(bookings);
    const reread = await t.app.inject({
      method: 'GET',
      url: `/cp/quotations/${quoted.id}`,
      headers: customer,
    });
    expect(reread.json()).toMatchObject({ status: 'QUOTED', version: quoted.version });
  });

  it('rolls a confirmed booking over to another sailing: its draft bill follows, the customer alone is told', async () => {
    const [first, second] = [await voyageIn(34), await voyageIn(41)];
    const quoted = (await post('/cp/quotations/', customer, enquiry(first))).json();
    const booking = (await post(`/cp/quotations/${quoted.id}/accept/`, customer)).json();
    const serial = String(Date.now() % 1_000_000).padStart(6, '0');
    const confirmed = await post(`/cp/bookings/${booking.id}/confirm/`, admin, {
      voyageId: first,
      containers: [{ containerNumber: withCheckDigit(`ROLU${serial}`), isoCode: '22G1', tareWeight: 2200 }],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const billId = confirmed.json().billOfLadingId;
    const billBefore = (
      await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${billId}`, headers: customer })
    ).json();
    await t.app.ctx.mail.flush();
    const told = async (headers: Headers) =>
      (await t.app.inject({ method: 'GET', url: '/cp/notifications/?limit=100', headers }))
        .json()
        .results.filter((n: { kind: string }) => n.kind === 'BOOKING_ROLLED_OVER');
    const [mine, theirs] = [(await told(customer)).length, (await told(customer2)).length];

    expect(
      (await post(`/cp/bookings/${booking.id}/roll-over/`, customer, { voyageId: second, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const same = await post(`/cp/bookings/${booking.id}/roll-over/`, admin, {
      voyageId: first,
      reason: 'vessel full',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toHaveProperty('voyageId');
    const rolled = await post(`/cp/bookings/${booking.id}/roll-over/`, admin, {
      voyageId: second,
      reason: 'vessel full',
    });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const secondVoyage = (
      await t.app.inject({ method: 'GET', url: `/cp/voyages/${second}`, headers: customer })
    ).json();
    expect(rolled.json()).toMatchObject({
      voyageId: second,
      voyageNumber: secondVoyage.carrierVoyageNumber,
      etd: secondVoyage.calls[0].etd.slice(0, 10),
    });
    const billAfter = (
      await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${billId}`, headers: customer })
    ).json();
    expect(billAfter).toMatchObject({
      voyageNumber: secondVoyage.carrierVoyageNumber,
      version: billBefore.version + 1,
    });
    await t.app.ctx.mail.flush();
    const notices = await told(customer);
    expect(notices).toHaveLength(mine + 1);
    expect(notices[0].body).toMatch(/vessel full/);
    expect(await told(customer2)).toHaveLength(theirs);
    const [history] = await queryRows<{
      comment: string;
      changes: { field: string; before: unknown; after: unknown }[];
    }>(
      t.database.db,
      sql`select comment, changes from audit_events where record_type = 'BOOKING' and record_id = ${booking.id}
        and action = 'ROLLED_OVER'`,
    );
    expect(history!.comment).toBe('vessel full');
    expect(history!.changes).toContainEqual({ field: 'voyageId', before: first, after: second });
  });
});
