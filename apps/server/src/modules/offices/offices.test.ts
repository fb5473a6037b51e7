import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

describe('admin workspace: offices (ADMIN.OFFICE)', () => {
  let t: TestApp;
  let admin: Headers;
  let adminId: number;
  let branch: Headers;
  let port: (code: string) => number;
  let office: (code: string) => number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers: admin, userId: adminId } = await signInAs(t, 'admin'));
    branch = (await signInAs(t, 'branchAdmin')).headers;
    const ports = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from ports where code in ('INCOK', 'INMAA', 'INDEL')`,
    );
    port = (code) => ports.find((row) => row.code === code)!.id;
    const offices = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from offices`,
    );
    office = (code) => offices.find((row) => row.code === code)!.id;
  });
  afterAll(() => t.close());

  const snapshot = () =>
    queryRows(
      t.database.db,
      sql`select (select json_agg(o order by o.id) from offices o) as offices, (select count(*)::int from audit_events) as audit`,
    );
  const send = (method: 'POST' | 'PUT', url: string, payload: object, headers: Headers = admin) =>
    t.app.inject({ method, url, headers, payload });
  const switchOffice = (code: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/authenticate/oauth/users/${adminId}/selected-office/`,
      headers: admin,
      payload: { officeId: office(code) },
    });

  it('lists the offices with port and staff; working as a branch, only that office', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/cp/admin/offices/', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    const [tsx, maa] = list.json().results;
    expect(tsx).toMatchObject({ code: 'TSX', isCorporate: true, port: { code: 'INNSA' } });
    expect(maa).toMatchObject({ code: 'MAA', isCorporate: false, port: { code: 'INMAA' } });
    expect(maa.staff.map((s: { email: string }) => s.email).sort()).toEqual([
      'admin@demo.lading.test',
      'branch.admin@demo.lading.test',
    ]);
    await switchOffice('MAA');
    try {
      const scoped = await t.app.inject({ method: 'GET', url: '/cp/admin/offices/', headers: admin });
      expect(scoped.json().results.map((o: { code: string }) => o.code)).toEqual(['MAA']);
      const other = await t.app.inject({
        method: 'GET',
        url: `/cp/admin/offices/${office('TSX')}/`,
        headers: admin,
      });
      expect(other.statusCode).toBe(404);
      // Offices are created from the corporate office only.
      const create = await send('POST', '/cp/admin/offices/', {
        code: 'COK',
        name: 'Kochi',
        portId: port('INCOK'),
      });
      expect(create.statusCode).toBe(403);
      expect(create.json().granted).toBe(false);
    } finally {
      await switchOffice('TSX');
    }
  });

  it('creates and edits a branch; the corporate flag is read-only and TSX keeps its code', async () => {
    const created = await send('POST', '/cp/admin/offices/', {
      code: 'COK',
      name: 'Lading Kochi Branch',
      portId: port('INCOK'),
      isCorporate: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'COK',
      isCorporate: false,
      port: { code: 'INCOK' },
      staff: [],
    });
    const id = created.json().id as number;
    const edited = await send('PUT', `/cp/admin/offices/${id}/`, {
      code: 'COK',
      name: 'Lading Cochin',
      portId: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Lading Cochin', port: null });
    const [audit] = await queryRows<{ changes: unknown }>(
      t.database.db,
      sql`select changes from audit_events where record_type = 'OFFICE' and record_id = ${id} and action = 'UPDATED'`,
    );
    expect(audit?.changes).toEqual([
      { field: 'name', before: 'Lading Kochi Branch', after: 'Lading Cochin' },
      { field: 'portId', before: port('INCOK'), after: null },
    ]);
  });

  it('refuses bad input naming the field and callers without the permission, writing nothing', async () => {
    const before = await snapshot();
    const tsx = await send('PUT', `/cp/admin/offices/${office('TSX')}/`, {
      code: 'HQ',
      name: 'HQ',
      portId: null,
    });
    expect(tsx.statusCode).toBe(400);
    expect(tsx.json().error.fields).toEqual({ code: 'the corporate office keeps its code TSX' });
    const asTsx = await send('PUT', `/cp/admin/offices/${office('MAA')}/`, {
      code: 'TSX',
      name: 'x1',
      portId: null,
    });
    expect(asTsx.json().error.fields).toHaveProperty('code');
    const taken = await send('POST', '/cp/admin/offices/', { code: 'MAA', name: 'Again', portId: null });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ code: 'another office has this code' });
    const notPort = await send('POST', '/cp/admin/offices/', { code: 'DEL', name: 'Delhi', portId: 999_999 });
    expect(notPort.json().error.fields).toEqual({ portId: 'is not a sea port' });
    const shape = await send('POST', '/cp/admin/offices/', { code: 'de l', name: '', portId: 'x' });
    expect(shape.statusCode).toBe(400);
    expect(Object.keys(shape.json().error.fields).sort()).toEqual(['code', 'name', 'portId']);
    const refused = await t.app.inject({ method: 'GET', url: '/cp/admin/offices/', headers: branch });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ granted: false, error: { required: { resource: 'OFFICE' } } });
    const unknown = await send('PUT', '/cp/admin/offices/999999/', {
      code: 'ZZZ',
      name: 'None',
      portId: null,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
