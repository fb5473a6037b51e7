import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditConditions } from './audit.repository';

type Headers = { authorization: string };
type Row = {
  id: number;
  recordType: string;
  recordId: number;
  action: string;
  actor: { email: string } | null;
};

describe('admin workspace: audit viewer (ADMIN.AUDIT)', () => {
  let t: TestApp;
  let admin: Headers;
  let branch: Headers;
  let customer: Headers;
  let customer2Id: number;
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    admin = (await signInAs(t, 'admin')).headers;
    branch = (await signInAs(t, 'branchAdmin')).headers;
    customer = (await signInAs(t, 'customer')).headers;
    customer2Id = (await signInAs(t, 'customer2')).userId;
    // Some trail: the administrator deactivates and reactivates customer 2; a customer saves nothing here.
    for (const isActive of [false, true])
      await t.app.inject({
        method: 'PUT',
        url: `/cp/admin/users/${customer2Id}/active/`,
        headers: admin,
        payload: { isActive },
      });
  });
  afterAll(() => t.close());

  const list = (query: string, headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url: `/cp/admin/audit-events/?${query}`, headers });

  it('filters by record, user, action and date range, newest first and paged', async () => {
    const record = await list(`record_type=USER&record_id=${customer2Id}`);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json().count).toBe(2);
    expect(record.json().results.map((row: Row) => row.action)).toEqual(['ACTIVATED', 'DEACTIVATED']);
    expect(record.json().results[0]).toMatchObject({
      actor: { email: 'admin@demo.lading.test', name: 'Asha Admin' },
      module: 'ADMIN',
      fromStatus: 'INACTIVE',
      toStatus: 'ACTIVE',
    });
    const byUser = await list('user=asha&action=DEACTIVATED');
    expect(byUser.json().results.map((row: Row) => row.recordId)).toEqual([customer2Id]);
    expect((await list('user=nobody-at-all')).json().count).toBe(0);
    expect((await list(`record_type=USER&from=${today}&to=${today}`)).json().count).toBe(2);
    expect((await list(`record_type=USER&from=${tomorrow}`)).json().count).toBe(0);
    const page2 = await list(`record_type=USER&record_id=${customer2Id}&limit=1&skip=1`);
    expect(page2.json()).toMatchObject({ count: 2, results: [{ action: 'DEACTIVATED' }] });
  });

  it('scopes a branch to the records of its office', async () => {
    const all = (await list('limit=100')).json();
    const scoped = await list('limit=100', branch);
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json().count).toBeGreaterThan(0);
    expect(scoped.json().count).toBeLessThan(all.count);
    const offices = await queryRows<{ type: string; id: number; code: string }>(
      t.database.db,
      sql`select 'BILL_OF_LADING' as type, b.id, o.code from bills_of_lading b join offices o on o.id = b.issuing_office_id
        union all select 'BOOKING', k.id, o.code from bookings k join offices o on o.id = k.office_id
        union all select 'QUOTATION', q.id, o.code from quotations q join offices o on o.id = q.office_id`,
    );
    for (const row of scoped.json().results as Row[]) {
      const owner = offices.find((o) => o.type === row.recordType && o.id === row.recordId);
      expect(owner?.code, `${row.recordType} ${row.recordId}`).toBe('MAA');
    }
    expect((await list(`record_type=USER&record_id=${customer2Id}`, branch)).json().count).toBe(0);
  });

  it('refuses bad filters naming the field and callers without the permission', async () => {
    const noType = await list('record_id=5');
    expect(noType.statusCode).toBe(400);
    expect(noType.json().error.fields).toEqual({ record_type: 'is required with record_id' });
    const backwards = await list(`from=${tomorrow}&to=${today}`);
    expect(backwards.json().error.fields).toEqual({ to: 'must not be before from' });
    const badDate = await list('from=2026-02-30x');
    expect(badDate.json().error.fields).toHaveProperty('from');
    // Impossible or out-of-range days are 400 naming the field (PostgreSQL's ::date would otherwise fail).
    const impossible = await list('from=2024-02-30');
    expect(impossible.statusCode, impossible.body).toBe(400);
    expect(impossible.json().error.fields).toEqual({ from: 'is not a real date' });
    const yearZero = await list('to=0000-01-01');
    expect(yearZero.statusCode, yearZero.body).toBe(400);
    expect(yearZero.json().error.fields).toEqual({ to: 'must be a date from 1900 to 9999' });
    const badAction = await list("action=drop table';");
    expect(badAction.json().error.fields).toHaveProperty('action');
    const refused = await list('', customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ granted: false, error: { required: { resource: 'AUDIT' } } });
  });

  it('has an index for every filter (the planner uses one when sequential scans are off)', async () => {
    const filters = [
      { record_type: 'USER', record_id: customer2Id, skip: 0, limit: 20 },
      { actor_id: 1, skip: 0, limit: 20 },
      { action: 'APPROVED', skip: 0, limit: 20 },
      { from: today, to: today, skip: 0, limit: 20 },
    ];
    for (const query of filters) {
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain select a.id from audit_events a where ${auditConditions({ kind: 'all' }, query)} order by a.at desc limit 20`,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan, JSON.stringify(query)).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
      expect(plan, JSON.stringify(query)).not.toMatch(/Seq Scan on audit_events/);
    }
  });
});
