import { prefillBillForm, toUpdatePayload } from '@lading/contract/bills-of-lading';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { ownVoyage } from '../../test/sailings';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
const HOUR = 3_600_000;
const inDays = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);

describe('the sailing’s deadlines on the bill of lading: SI by DCO, VGM by VCO, unless accepted late (issue 26)', () => {
  let t: TestApp;
  let admin: Headers;
  let customer: Headers;
  let customerId: number;
  let billId: number;
  let voyageId: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    admin = (await signInAs(t, 'admin')).headers;
    const signedIn = await signInAs(t, 'customer');
    customer = signedIn.headers;
    customerId = signedIn.userId;
    // A bill of the customer's, still open, whose booking is put on a voyage of a service made here.
    const [bill] = await queryRows<{ id: number; bookingId: number; pol: string }>(
      t.database.db,
      sql`select b.id, bk.id as "bookingId", p.code as pol from bills_of_lading b
        join bookings bk on bk.id = b.booking_id join ports p on p.id = bk.pol_id
        where b.created_by_id = ${customerId} and b.status in ('DRAFT', 'UPDATE PENDING') order by b.id limit 1`,
    );
    billId = bill!.id;
    voyageId = await ownVoyage(t, admin, {
      pol: bill!.pol,
      from: inDays(20),
      label: 'Cut-off',
      imoFrom: 600000,
    });
    await t.database.db.execute(
      sql`update bookings set voyage_id = ${voyageId} where id = ${bill!.bookingId}`,
    );
  });
  afterAll(() => t.close());

  /** Moves the voyage's DCO and VCO at the port of loading to these offsets from now (hours). */
  const cutOffsAt = async (dco: number, vco: number) => {
    const voyage = (
      await t.app.inject({ method: 'GET', url: `/cp/admin/voyages/${voyageId}/`, headers: admin })
    ).json();
    const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/cp/admin/voyages/${voyageId}/calls/1/cut-offs/`,
      headers: admin,
      payload: {
        version: voyage.version,
        cutOffs: [
          { code: 'DCO', at: at(dco) },
          { code: 'VCO', at: at(vco) },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const bill = async () =>
    (await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${billId}`, headers: customer })).json();
  const submit = async (change?: (body: ReturnType<typeof toUpdatePayload>) => void) => {
    const current = await bill();
    const body = toUpdatePayload(current, prefillBillForm(current));
    change?.(body);
    return t.app.inject({
      method: 'PUT',
      url: `/cp/bill-of-ladings/${billId}/`,
      headers: customer,
      payload: body,
    });
  };
  const grant = (headers: Headers, cutOff: string, hours = 24) =>
    t.app.inject({
      method: 'POST',
      url: `/cp/bill-of-ladings/${billId}/late-acceptance/`,
      headers,
      payload: {
        cutOff,
        reason: 'customs broker delayed',
        until: new Date(Date.now() + hours * HOUR).toISOString(),
      },
    });

  it('refuses the SI after the DCO with 409 CUT_OFF_PASSED and writes nothing; a late acceptance lets it through', async () => {
    await cutOffsAt(48, 72);
    expect((await submit()).statusCode).toBe(200);
    await cutOffsAt(-1, 24);
    const before = await bill();
    const refused = await submit();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CUT_OFF_PASSED',
      cutOff: 'DCO',
      message: expect.stringMatching(/documentation cut-off \(DCO\)/),
    });
    expect((await bill()).version).toBe(before.version);
    // Only carrier staff grant it, for a time to come.
    expect((await grant(customer, 'DCO')).statusCode).toBe(403);
    const past = await grant(admin, 'DCO', -1);
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toHaveProperty('until');
    const granted = await grant(admin, 'DCO');
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json()).toMatchObject({ cutOff: 'DCO', reason: 'customs broker delayed' });
    const accepted = await submit();
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [audit] = await queryRows<{ comment: string }>(
      t.database.db,
      sql`select comment from audit_events where record_type = 'BILL_OF_LADING' and record_id = ${billId}
        and action = 'LATE_ACCEPTANCE_GRANTED'`,
    );
    expect(audit!.comment).toMatch(/^DCO until .*: customs broker delayed$/);
  });

  it('after the VCO refuses only a change of VGM, until the VGM is accepted late too', async () => {
    await cutOffsAt(-2, -1);
    // The DCO was accepted late above; the VGM is not changed: saved.
    expect((await submit()).statusCode).toBe(200);
    const changeVgm = (body: ReturnType<typeof toUpdatePayload>) => {
      body.blContainerDetails[0]!.vgm = Number(body.blContainerDetails[0]!.vgm) + 10;
    };
    const refused = await submit(changeVgm);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CUT_OFF_PASSED', cutOff: 'VCO' });
    expect((await grant(admin, 'VCO')).statusCode).toBe(201);
    const accepted = await submit(changeVgm);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
