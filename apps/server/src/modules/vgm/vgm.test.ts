import { prefillBillForm, toUpdatePayload } from '@lading/contract/bills-of-lading';
import type { VgmDeclarations } from '@lading/contract/vgm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { ownVoyage } from '../../test/sailings';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
const HOUR = 3_600_000;
const inDays = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

describe('SOLAS VGM declarations per booking container (issue 26, decision 014)', () => {
  let t: TestApp;
  let admin: Headers;
  let branch: Headers;
  let customer: Headers;
  let customer2: Headers;
  let bookingId: number;
  let billId: number;
  let voyageId: number;
  /** The booking's containers (numbers), the first one's tare. */
  let numbers: string[];
  let tare: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    admin = (await signInAs(t, 'admin')).headers;
    branch = (await signInAs(t, 'branchAdmin')).headers;
    customer2 = (await signInAs(t, 'customer2')).headers;
    const signedIn = await signInAs(t, 'customer');
    customer = signedIn.headers;
    // A bill of the customer's, still open, at the corporate office (outside the Chennai branch), whose booking is
    // put on a voyage of a service made here.
    const [bill] = await queryRows<{ id: number; bookingId: number; pol: string }>(
      t.database.db,
      sql`select b.id, bk.id as "bookingId", p.code as pol from bills_of_lading b
        join bookings bk on bk.id = b.booking_id join ports p on p.id = bk.pol_id
        join offices o on o.id = bk.office_id
        where b.created_by_id = ${signedIn.userId} and b.status in ('DRAFT', 'UPDATE PENDING') and o.code = 'TSX'
          and exists (select 1 from bl_containers bc where bc.bl_id = b.id)
        order by b.id limit 1`,
    );
    billId = bill!.id;
    bookingId = bill!.bookingId;
    voyageId = await ownVoyage(t, admin, { pol: bill!.pol, from: inDays(20), label: 'VGM', imoFrom: 700000 });
    await t.database.db.execute(sql`update bookings set voyage_id = ${voyageId} where id = ${bookingId}`);
    const read = await vgm(customer);
    numbers = (read.json() as VgmDeclarations).containers.map((c) => c.containerNumber);
    tare = read.json().containers[0].tareWeight;
    // Cargo gross + tare of the first container is exactly 20,000 kg: 5 % is 1,000 kg.
    await t.database.db.execute(
      sql`update bl_containers set gross_weight = ${(20_000 - tare).toFixed(2)}::numeric
        where bl_id = ${billId} and container_id = (select id from containers where number = ${numbers[0]!})`,
    );
  });
  afterAll(() => t.close());

  const vgm = (headers: Headers, id = bookingId) =>
    t.app.inject({ method: 'GET', url: `/cp/bookings/${id}/vgm/`, headers });
  const read = async () => (await vgm(customer)).json() as VgmDeclarations;
  const declaration = (containerNumber: string, version: number | undefined, mass: number | string) => ({
    containerNumber,
    ...(version === undefined ? {} : { version }),
    method: 'SM1',
    verifiedGrossMass: mass,
    weighingDate: today(),
    weighingParty: 'Nhava Sheva CFS weighbridge',
    authorisedSignatory: 'PRIYA SHAH',
  });
  const put = (headers: Headers, declarations: unknown[], id = bookingId) =>
    t.app.inject({ method: 'PUT', url: `/cp/bookings/${id}/vgm/`, headers, payload: { declarations } });
  const bill = async () =>
    (await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${billId}`, headers: customer })).json();
  const cutOffsAt = async (vcoHours: number) => {
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
          { code: 'DCO', at: at(72) },
          { code: 'VCO', at: at(vcoHours) },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const counts = async () =>
    (
      await queryRows<{ declarations: number; audits: number; version: number }>(
        t.database.db,
        sql`select (select count(*)::int from vgm_declarations) as declarations,
          (select count(*)::int from audit_events where action = 'VGM_DECLARED') as audits,
          (select version from bills_of_lading where id = ${billId}) as version`,
      )
    )[0]!;

  it('lists the booking’s containers with no declaration yet (version 0) and the VCO deadline', async () => {
    await cutOffsAt(48);
    const body = await read();
    expect(body.bookingId).toBe(bookingId);
    expect(body.containers.length).toBeGreaterThan(0);
    expect(body.containers[0]).toMatchObject({ version: 0, declaration: null, warning: null });
    expect(body.deadline).toMatchObject({ cutOff: 'VCO', lateAcceptanceUntil: null });
    expect(Date.parse(body.deadline!.at!)).toBeGreaterThan(Date.now());
    expect(body).toMatchObject({ editable: true, closed: null });
    expect(body.pol?.timeZone).toBeTruthy();
  });

  it('rounds the mass half up on its decimal digits and fills the bill’s VGM column', async () => {
    const before = await counts();
    const res = await put(customer, [declaration(numbers[0]!, 0, 12345.675)]);
    expect(res.statusCode, res.body).toBe(200);
    const first = (res.json() as VgmDeclarations).containers[0]!;
    expect(first.version).toBe(1);
    expect(first.declaration).toMatchObject({
      method: 'SM1',
      verifiedGrossMass: 12345.68,
      weighingDate: today(),
      authorisedSignatory: 'PRIYA SHAH',
    });
    expect(first.declaration!.declaredBy).toBeTruthy();
    const [stored] = await queryRows<{ mass: string }>(
      t.database.db,
      sql`select verified_gross_mass::text as mass from vgm_declarations where booking_id = ${bookingId}`,
    );
    expect(stored!.mass).toBe('12345.68');
    const after = await bill();
    expect(after.version).toBe(before.version + 1);
    expect(after.blContainerDetails[0]).toMatchObject({
      containerNumber: numbers[0],
      vgm: 12345.68,
      vgmMethod: 'Method 1',
      vgmDeclared: true,
    });
    const counted = await counts();
    expect(counted.declarations).toBe(before.declarations + 1);
    // One row on the booking's trail, one on the bill's.
    expect(counted.audits).toBe(before.audits + 2);
    const [audit] = await queryRows<{ changes: unknown }>(
      t.database.db,
      sql`select changes from audit_events where record_type = 'BOOKING' and record_id = ${bookingId}
        and action = 'VGM_DECLARED' order by id desc limit 1`,
    );
    const changes = typeof audit!.changes === 'string' ? JSON.parse(audit!.changes) : audit!.changes;
    expect(changes).toContainEqual({
      field: `${numbers[0]}.verifiedGrossMass`,
      before: null,
      after: 12345.68,
    });

    // Decimal text is rounded the same way: 0.005 -> 0.01; 0.004 rounds to nothing and is refused.
    const tiny = await put(customer, [declaration(numbers[0]!, 1, '0.005')]);
    expect(tiny.statusCode, tiny.body).toBe(200);
    expect(tiny.json().containers[0].declaration.verifiedGrossMass).toBe(0.01);
    const zero = await put(customer, [declaration(numbers[0]!, 2, '0.004')]);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields).toHaveProperty(['declarations.0.verifiedGrossMass']);
  });

  it('warns when the VGM is more than 5 % from cargo gross + tare, on the VGM read and on the bill', async () => {
    const at = async (mass: string) => {
      const { containers } = await read();
      const res = await put(customer, [declaration(numbers[0]!, containers[0]!.version, mass)]);
      expect(res.statusCode, res.body).toBe(200);
      return {
        vgm: (res.json() as VgmDeclarations).containers[0]!.warning,
        bill: (await bill()).blContainerDetails[0].vgmWarning,
      };
    };
    // Cargo gross + tare is 20,000.00 kg.
    expect(await at('21000.00')).toEqual({ vgm: null, bill: null });
    expect(await at('19000')).toEqual({ vgm: null, bill: null });
    const over = await at('21000.01');
    expect(over.vgm).toMatchObject({
      code: 'VGM_MISMATCH',
      declared: 21000.01,
      expected: 20000,
      deviationPercent: 5,
      tolerancePercent: 5,
    });
    expect(over.vgm!.message).toMatch(/above cargo gross \+ tare \(20,000\.00 kg\)/);
    expect(over.bill).toEqual(over.vgm);
    const under = await at('18999.99');
    expect(under.vgm).toMatchObject({ declared: 18999.99, deviationPercent: -5 });
    expect(under.vgm!.message).toMatch(/below/);
    const far = await at('25000');
    expect(far.vgm).toMatchObject({ deviationPercent: 25 });
  });

  it('keeps a declared VGM on the bill: its save may not change it, other fields still save', async () => {
    const current = await bill();
    const body = toUpdatePayload(current, prefillBillForm(current));
    const changed = structuredClone(body);
    changed.blContainerDetails[0]!.vgm = Number(changed.blContainerDetails[0]!.vgm) + 10;
    changed.blContainerDetails[0]!.vgmMethod = 'Method 2';
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/cp/bill-of-ladings/${billId}/`,
      headers: customer,
      payload: changed,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual([
      'blContainerDetails.0.vgm',
      'blContainerDetails.0.vgmMethod',
    ]);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/cp/bill-of-ladings/${billId}/`,
      headers: customer,
      payload: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('checks versions: none is 428, a stale one 412, and nothing of the PUT is written', async () => {
    const { containers } = await read();
    const before = await counts();
    const missing = await put(customer, [declaration(numbers[0]!, undefined, 20000)]);
    expect(missing.statusCode).toBe(428);
    expect(missing.json().error.fields).toEqual({ 'declarations.0.version': expect.any(String) });
    const declarations = [declaration(numbers[0]!, containers[0]!.version - 1, 20000)];
    if (numbers[1]) declarations.push(declaration(numbers[1], 0, 20000));
    const stale = await put(customer, declarations);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.fields).toEqual({
      'declarations.0.version': `is ${containers[0]!.version}, not ${containers[0]!.version - 1}`,
    });
    expect(await counts()).toEqual(before);
    // An unchanged declaration is not written again.
    const same = await put(customer, [
      {
        ...declaration(numbers[0]!, containers[0]!.version, containers[0]!.declaration!.verifiedGrossMass),
        weighingDate: containers[0]!.declaration!.weighingDate,
      },
    ]);
    expect(same.statusCode).toBe(200);
    expect(same.json().containers[0].version).toBe(containers[0]!.version);
    expect(await counts()).toEqual(before);
  });

  it('refuses what is not the booking’s: another container, another customer, staff writing', async () => {
    const other = await put(customer, [declaration('MSCU1234566', 0, 20000)]);
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields).toEqual({
      'declarations.0.containerNumber': 'is not a container of this booking',
    });
    const bad = await put(customer, [declaration('MSCU1234567', 0, 20000)]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['declarations.0.containerNumber']);
    const future = await put(customer, [{ ...declaration(numbers[0]!, 0, 20000), weighingDate: inDays(3) }]);
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toHaveProperty(['declarations.0.weighingDate']);

    expect((await vgm(customer2)).statusCode).toBe(404);
    expect((await put(customer2, [declaration(numbers[0]!, 0, 20000)])).statusCode).toBe(404);
    // Staff read within their scope (the corporate office all, the Chennai branch not this TSX booking) and do not
    // declare (decision 014).
    expect((await vgm(admin)).statusCode).toBe(200);
    expect((await vgm(admin)).json().containers[0].declaration).not.toBeNull();
    expect((await vgm(branch)).statusCode).toBe(404);
    expect((await put(admin, [declaration(numbers[0]!, 1, 20000)])).statusCode).toBe(403);
    expect((await vgm(customer, 2_000_000_000)).statusCode).toBe(404);
  });

  it('after the VCO refuses with 409 CUT_OFF_PASSED and writes nothing, until staff accept the VGM late', async () => {
    await cutOffsAt(-1);
    const { containers, editable, closed } = await read();
    expect(editable).toBe(false);
    expect(closed).toMatchObject({ reason: 'CUT_OFF_PASSED' });
    const before = await counts();
    const refused = await put(customer, [declaration(numbers[0]!, containers[0]!.version, 20500)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CUT_OFF_PASSED',
      cutOff: 'VCO',
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await counts()).toEqual(before);
    expect((await read()).containers[0]!.declaration!.verifiedGrossMass).toBe(
      containers[0]!.declaration!.verifiedGrossMass,
    );
    // A late acceptance of the SI does not open the VGM; one of the VGM does.
    const grant = (cutOff: string) =>
      t.app.inject({
        method: 'POST',
        url: `/cp/bill-of-ladings/${billId}/late-acceptance/`,
        headers: admin,
        payload: {
          cutOff,
          reason: 'weighbridge queue',
          until: new Date(Date.now() + 6 * HOUR).toISOString(),
        },
      });
    expect((await grant('DCO')).statusCode).toBe(201);
    expect((await put(customer, [declaration(numbers[0]!, containers[0]!.version, 20500)])).statusCode).toBe(
      409,
    );
    expect((await grant('VCO')).statusCode).toBe(201);
    const opened = await read();
    expect(opened).toMatchObject({ editable: true, closed: null });
    expect(opened.deadline!.lateAcceptanceUntil).not.toBeNull();
    const accepted = await put(customer, [declaration(numbers[0]!, containers[0]!.version, 20500)]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await bill()).blContainerDetails[0].vgm).toBe(20500);
  });

  it('once the vessel has left the port of loading, a late acceptance no longer opens it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/cp/admin/voyages/${voyageId}/calls/1/actuals/`,
      headers: admin,
      payload: {
        version: (
          await t.app.inject({ method: 'GET', url: `/cp/admin/voyages/${voyageId}/`, headers: admin })
        ).json().version,
        ata: new Date(Date.now() - 3 * HOUR).toISOString(),
        atd: new Date(Date.now() - HOUR).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { containers, closed } = await read();
    expect(closed).toMatchObject({ reason: 'DEPARTED' });
    const refused = await put(customer, [declaration(numbers[0]!, containers[0]!.version, 20600)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CUT_OFF_PASSED', cutOff: 'VCO' });
  });
});
