import { ADMIN_OFFICE_MESSAGES } from '@lading/contract/admin-workspace';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

/** Two requests race only on PostgreSQL: PGlite runs one query at a time, so one always sees the other's row. */
const onPostgres = Boolean(process.env.DATABASE_URL?.startsWith('postgres'));
if (!onPostgres) console.warn('offices: concurrent creates skipped (need DATABASE_URL=postgres://…)');

describe('admin workspace: offices (ADMIN.OFFICE)', () => {
  let t: TestApp;
  let admin: Headers;
  let adminId: number;
  let branch: Headers;
  let port: (code: string) => number;
  let office: (code: string) => number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
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
  /** The office's ETag, as the edit form has it. */
  const etag = async (id: number, headers: Headers = admin) => {
    const res = await t.app.inject({ method: 'GET', url: `/cp/admin/offices/${id}/`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe(`W/"${res.json().version}"`);
    return res.headers.etag as string;
  };
  /** PUT at the version just read (If-Match). */
  const edit = async (id: number, payload: object, headers: Headers = admin) =>
    send('PUT', `/cp/admin/offices/${id}/`, payload, {
      ...headers,
      'if-match': await etag(id, headers),
    } as Headers);
  /** Sea ports no office serves yet. */
  const freePorts = async (count: number) =>
    (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from ports where 'SP' = any(port_types)
          and id not in (select port_id from offices where port_id is not null) order by id limit ${count}`,
      )
    ).map((row) => row.id);
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
    expect(created.json().version).toBe(1);
    expect(created.headers.etag).toBe('W/"1"');
    const id = created.json().id as number;
    const edited = await edit(id, { code: 'COK', name: 'Lading Cochin', portId: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Lading Cochin', port: null, version: 2 });
    expect(edited.headers.etag).toBe('W/"2"');
    const [audit] = await queryRows<{ changes: unknown; version: number }>(
      t.database.db,
      sql`select changes, version from audit_events where record_type = 'OFFICE' and record_id = ${id} and action = 'UPDATED'`,
    );
    expect(audit?.version).toBe(2);
    expect(audit?.changes).toEqual([
      { field: 'name', before: 'Lading Kochi Branch', after: 'Lading Cochin' },
      { field: 'portId', before: port('INCOK'), after: null },
    ]);
  });

  it('refuses bad input naming the field and callers without the permission, writing nothing', async () => {
    const before = await snapshot();
    const tsx = await edit(office('TSX'), { code: 'HQ', name: 'HQ', portId: null });
    expect(tsx.statusCode).toBe(400);
    expect(tsx.json().error.fields).toEqual({ code: 'the corporate office keeps its code TSX' });
    const asTsx = await edit(office('MAA'), { code: 'TSX', name: 'x1', portId: null });
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
      version: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('a port is served by one office: another office claiming it is 409 naming portId, writing nothing', async () => {
    const [free] = await freePorts(1);
    const before = await snapshot();
    const create = await send('POST', '/cp/admin/offices/', {
      code: 'MAA2',
      name: 'Chennai 2',
      portId: port('INMAA'),
    });
    expect(create.statusCode, create.body).toBe(409);
    expect(create.json().error).toMatchObject({
      code: 'CONFLICT',
      fields: { portId: ADMIN_OFFICE_MESSAGES.portTaken },
    });
    const claim = await edit(office('TSX'), { code: 'TSX', name: 'Lading Mumbai', portId: port('INMAA') });
    expect(claim.statusCode, claim.body).toBe(409);
    expect(claim.json().error.fields).toEqual({ portId: ADMIN_OFFICE_MESSAGES.portTaken });
    expect(await snapshot()).toEqual(before);
    // The office that serves a port keeps it through an edit; a free port can be taken.
    const keep = await edit(office('MAA'), { code: 'MAA', name: 'Lading Chennai', portId: port('INMAA') });
    expect(keep.statusCode, keep.body).toBe(200);
    const move = await edit(office('MAA'), { code: 'MAA', name: 'Lading Chennai', portId: free });
    expect(move.statusCode, move.body).toBe(200);
    const back = await edit(office('MAA'), { code: 'MAA', name: 'Lading Chennai', portId: port('INMAA') });
    expect(back.json().port).toMatchObject({ code: 'INMAA' });
  });

  it('only the corporate office changes the port an office serves (400 naming portId)', async () => {
    await switchOffice('MAA');
    try {
      const [free] = await freePorts(1);
      const before = await snapshot();
      for (const portId of [free, null]) {
        const res = await edit(office('MAA'), { code: 'MAA', name: 'Lading Chennai', portId });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.fields).toEqual({ portId: ADMIN_OFFICE_MESSAGES.portCorporateOnly });
      }
      expect(await snapshot()).toEqual(before);
      // The rest of its own office the branch edits, the port unchanged.
      const renamed = await edit(office('MAA'), {
        code: 'MAA',
        name: 'Lading Chennai Branch',
        portId: port('INMAA'),
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Lading Chennai Branch', port: { code: 'INMAA' } });
    } finally {
      await switchOffice('TSX');
    }
  });

  it('edits are versioned: 428 without a version, 412 with the current ETag when stale', async () => {
    const id = office('MAA');
    const current = await etag(id);
    const body = { code: 'MAA', name: 'Lading Madras', portId: port('INMAA') };
    const before = await snapshot();
    const missing = await send('PUT', `/cp/admin/offices/${id}/`, body);
    expect(missing.statusCode, missing.body).toBe(428);
    expect(missing.json().error.fields).toEqual({ version: 'is required' });
    const version = Number(/\d+/.exec(current)![0]);
    const stale = await send('PUT', `/cp/admin/offices/${id}/`, body, {
      ...admin,
      'if-match': `W/"${version - 1}"`,
    } as Headers);
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json().error.message).toBe(ADMIN_OFFICE_MESSAGES.stale);
    expect(stale.headers.etag).toBe(current);
    expect(await snapshot()).toEqual(before);
    // The version may come in the body instead; the ETag answered is the next one.
    const saved = await send('PUT', `/cp/admin/offices/${id}/`, { ...body, version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe(`W/"${version + 1}"`);
    const again = await send('PUT', `/cp/admin/offices/${id}/`, { ...body, name: 'x2', version });
    expect(again.statusCode).toBe(412);
  });

  it.skipIf(!onPostgres)(
    'two concurrent creates with one code or one port: one 201, the other 409 naming the field, never 500',
    async () => {
      const ports = await freePorts(6);
      for (let round = 0; round < 3; round++) {
        const code = `RACE${round}`;
        const sameCode = await Promise.all(
          [ports[round * 2], ports[round * 2 + 1]].map((portId, i) =>
            send('POST', '/cp/admin/offices/', { code, name: `Race ${round}.${i}`, portId }),
          ),
        );
        expect(sameCode.map((r) => r.statusCode).sort(), sameCode.map((r) => r.body).join('\n')).toEqual([
          201, 409,
        ]);
        expect(sameCode.find((r) => r.statusCode === 409)!.json().error.fields).toEqual({
          code: ADMIN_OFFICE_MESSAGES.codeTaken,
        });
      }
      const [free] = await freePorts(1);
      for (let round = 0; round < 3; round++) {
        const portId = round === 0 ? free : (await freePorts(1))[0];
        const samePort = await Promise.all(
          ['A', 'B'].map((letter) =>
            send('POST', '/cp/admin/offices/', { code: `PORT${round}${letter}`, name: 'Race', portId }),
          ),
        );
        expect(samePort.map((r) => r.statusCode).sort(), samePort.map((r) => r.body).join('\n')).toEqual([
          201, 409,
        ]);
        expect(samePort.find((r) => r.statusCode === 409)!.json().error.fields).toEqual({
          portId: ADMIN_OFFICE_MESSAGES.portTaken,
        });
      }
      const [counts] = await queryRows<{ codes: number; offices: number }>(
        t.database.db,
        sql`select count(distinct code)::int as codes, count(*)::int as offices from offices where code like 'RACE%' or code like 'PORT%'`,
      );
      expect(counts).toEqual({ codes: 6, offices: 6 });
    },
  );
});
