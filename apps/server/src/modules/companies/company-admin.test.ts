import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

describe('admin workspace: companies (ADMIN.COMPANY)', () => {
  let t: TestApp;
  let admin: Headers;
  let branch: Headers;
  let customer: Headers;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    admin = (await signInAs(t, 'admin')).headers;
    branch = (await signInAs(t, 'branchAdmin')).headers;
    customer = (await signInAs(t, 'customer')).headers;
  });
  afterAll(() => t.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    code: 'WSTEST',
    name: 'Workspace Test Traders',
    roles: ['CO', 'OS'],
    status: 'APPR',
    isActive: true,
    address: '5 Quay Street, Kochi',
    countryCode: 'IN',
    mobile: '+91 484 2000100',
    emailId: 'ops@wstest.example',
    taxId: '32ABCDE1234F1Z5',
    ...overrides,
  });
  const snapshot = () =>
    queryRows(
      t.database.db,
      sql`select (select md5(string_agg(p::text, '|' order by p.id)) from parties p) as parties,
        (select count(*)::int from audit_events) as audit`,
    );

  it('creates a company with its party roles; lists and searches by name or code', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/cp/admin/companies/',
      headers: admin,
      payload: body(),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.etag).toBe('W/"1"');
    expect(created.json()).toMatchObject({
      code: 'WSTEST',
      roles: ['CO', 'OS'],
      status: 'APPR',
      isActive: true,
      countryCode: 'IN',
      members: 0,
      version: 1,
    });
    // A new approved, active company is offered in the profile's company typeahead at once.
    const typeahead = await t.app.inject({
      method: 'GET',
      url: '/core/base/v1/parties/party-detail-list-cp/?query=workspace%20test',
      headers: customer,
    });
    expect(typeahead.body).toContain('Workspace Test Traders');

    const byName = await t.app.inject({
      method: 'GET',
      url: '/cp/admin/companies/?search=wórkspace',
      headers: branch,
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().results.map((c: { code: string }) => c.code)).toEqual(['WSTEST']);
    const byCode = await t.app.inject({
      method: 'GET',
      url: '/cp/admin/companies/?search=wst',
      headers: admin,
    });
    expect(byCode.json().results.map((c: { code: string }) => c.code)).toContain('WSTEST');
    const pending = await t.app.inject({
      method: 'GET',
      url: '/cp/admin/companies/?status=PENDING',
      headers: admin,
    });
    expect(pending.json().results.map((c: { code: string }) => c.code)).toEqual(['NEWCO']);
    const shippers = await t.app.inject({
      method: 'GET',
      url: '/cp/admin/companies/?role=OS&limit=100',
      headers: admin,
    });
    for (const company of shippers.json().results) expect(company.roles).toContain('OS');
    const withMembers = await t.app.inject({
      method: 'GET',
      url: '/cp/admin/companies/?search=DEMOEXP',
      headers: admin,
    });
    expect(withMembers.json().results[0].members).toBe(1);
  });

  it('edits at the version read, audits the field changes, and refuses a stale or missing version', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from parties where code = 'WSTEST'`,
    );
    const url = `/cp/admin/companies/${row!.id}/`;
    const read = await t.app.inject({ method: 'GET', url, headers: branch });
    expect(read.headers.etag).toBe('W/"1"');
    const missing = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: body({ isActive: false }),
    });
    expect(missing.statusCode).toBe(428);
    const stale = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...admin, 'if-match': 'W/"9"' },
      payload: body({ isActive: false }),
    });
    expect(stale.statusCode).toBe(412);
    const edited = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...admin, 'if-match': 'W/"1"' },
      payload: body({ isActive: false, roles: ['CO', 'CN', 'N'] }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ isActive: false, roles: ['CO', 'CN', 'N'], version: 2 });
    const [audit] = await queryRows<{ action: string; changes: unknown; version: number }>(
      t.database.db,
      sql`select action, changes, version from audit_events where record_type = 'COMPANY' and record_id = ${row!.id} order by id desc limit 1`,
    );
    expect(audit).toEqual({
      action: 'UPDATED',
      version: 2,
      changes: [
        { field: 'roles', before: ['CO', 'OS'], after: ['CO', 'CN', 'N'] },
        { field: 'isActive', before: true, after: false },
      ],
    });
    // Inactive companies are no longer offered to customers.
    const typeahead = await t.app.inject({
      method: 'GET',
      url: '/core/base/v1/parties/party-detail-list-cp/?query=workspace%20test',
      headers: customer,
    });
    expect(typeahead.body).not.toContain('Workspace Test Traders');
  });

  it('refuses a status edit while a membership request for the company is pending, writing nothing', async () => {
    const email = 'pending.member@example.com';
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/users/create-cp-users/',
      payload: {
        username: email,
        email,
        first_name: 'Pia',
        last_name: 'Pending',
        password: 'a long passphrase for pia 2026',
        party: null,
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const [company] = await queryRows<{ id: number; version: number }>(
      t.database.db,
      sql`select id, version from parties where code = 'WSTEST'`,
    );
    await t.database.db.execute(
      sql`insert into company_memberships (user_id, party_id, status)
        select id, ${company!.id}, 'PENDING' from users where email = ${email}`,
    );
    const url = `/cp/admin/companies/${company!.id}/`;
    const headers = { ...admin, 'if-match': `W/"${company!.version}"` };
    const before = await snapshot();
    for (const status of ['REFUSED', 'PENDING'] as const) {
      const edit = await t.app.inject({ method: 'PUT', url, headers, payload: body({ status }) });
      expect(edit.statusCode, edit.body).toBe(409);
      expect(Object.keys(edit.json().error.fields)).toEqual(['status']);
    }
    expect(await snapshot()).toEqual(before);
    // Other fields still change while the request waits.
    const renamed = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: body({ name: 'Workspace Test Traders Ltd', isActive: false, roles: ['CO', 'CN', 'N'] }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await t.database.db.execute(sql`delete from company_memberships where party_id = ${company!.id}`);
  });

  it('refuses bad input naming the field, a taken code, and callers without the permission, writing nothing', async () => {
    const before = await snapshot();
    const post = (payload: object, headers: Headers = admin) =>
      t.app.inject({ method: 'POST', url: '/cp/admin/companies/', headers, payload });
    const roles = await post(body({ code: 'NEWONE', roles: ['XX'] }));
    expect(roles.statusCode).toBe(400);
    expect(Object.keys(roles.json().error.fields)).toEqual(['roles.0']);
    const noRoles = await post(body({ code: 'NEWONE', roles: [] }));
    expect(noRoles.json().error.fields).toEqual({ roles: 'Choose at least one party role' });
    const email = await post(body({ code: 'NEWONE', emailId: 'not-mail' }));
    expect(email.json().error.fields).toEqual({ emailId: 'Invalid Email' });
    const code = await post(body({ code: 'lower case' }));
    expect(code.json().error.fields).toHaveProperty('code');
    const country = await post(body({ code: 'NEWONE', countryCode: 'QQ' }));
    expect(country.statusCode).toBe(400);
    expect(country.json().error.fields).toEqual({ countryCode: 'is not a country code' });
    const taken = await post(body({ code: 'DEMOEXP' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ code: 'another company has this code' });
    const branchCreate = await post(body({ code: 'NEWONE' }), branch);
    expect(branchCreate.statusCode).toBe(403);
    expect(branchCreate.json()).toMatchObject({
      granted: false,
      error: { required: { operation: 'CREATE' } },
    });
    const customerList = await t.app.inject({
      method: 'GET',
      url: '/cp/admin/companies/',
      headers: customer,
    });
    expect(customerList.statusCode).toBe(403);
    expect(customerList.json().granted).toBe(false);
    const [demo] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from parties where code = 'DEMOEXP'`,
    );
    const renameToTaken = await t.app.inject({
      method: 'PUT',
      url: `/cp/admin/companies/${demo!.id}/`,
      headers: { ...admin, 'if-match': 'W/"1"' },
      payload: body({ code: 'HARBOUR' }),
    });
    expect(renameToTaken.statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'GET', url: '/cp/admin/companies/999999/', headers: admin })).statusCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
