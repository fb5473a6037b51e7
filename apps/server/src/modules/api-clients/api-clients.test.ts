import { createHash } from 'node:crypto';
import type { ApiClient, CreatedApiClient } from '@lading/contract/api-clients';
import { latestApiClientExpiry } from '@lading/contract/api-clients';
import { todayIso } from '@lading/contract/quotations';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import { DEMO_PASSWORD } from '../../seed/demo';
import { signIn, signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUserWithRole } from '../../test/users';

const LIST = '/cp/company/api-clients/';
const TOKEN = '/authenticate/oauth/token/';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Headers = { authorization: string };

/** A date `days` after today (UTC), YYYY-MM-DD. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('company API clients: created on the profile, client-credentials tokens scoped to the company', () => {
  let t: TestApp;
  let customerA: Headers;
  let customerB: Headers;
  let admin: Headers;
  let partyA: number;
  /** A's bills as customer A lists them (before one is handed to a colleague below). */
  let billsOfA: { id: number; number: string }[];
  let billOfB: { id: number; number: string };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });

  const create = async (
    who: Headers,
    body: { name?: string; expiresOn?: string; scopes?: string[] } = {},
  ): Promise<CreatedApiClient> => {
    const response = await call('POST', LIST, who, {
      name: body.name ?? `Client ${Math.random().toString(36).slice(2, 8)}`,
      expiresOn: body.expiresOn ?? inDays(90),
      scopes: body.scopes ?? ['tnt:read', 'ebl:read', 'schedules:read'],
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  /** POST to the token endpoint as a client would: HTTP Basic by default, or the form fields. */
  const requestToken = (
    client: { clientId: string; secret: string },
    options: { scope?: string; post?: boolean } = {},
  ) => {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (options.scope !== undefined) form.set('scope', options.scope);
    if (options.post) {
      form.set('client_id', client.clientId);
      form.set('client_secret', client.secret);
    }
    const basic = Buffer.from(
      `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.secret)}`,
    ).toString('base64');
    return t.app.inject({
      method: 'POST',
      url: TOKEN,
      headers: { ...FORM, ...(options.post ? {} : { authorization: `Basic ${basic}` }) },
      payload: form.toString(),
    });
  };
  const tokenOf = async (created: CreatedApiClient, scope?: string): Promise<Headers> => {
    const response = await requestToken(
      { clientId: created.client.clientId, secret: created.clientSecret },
      { scope },
    );
    expect(response.statusCode, response.body).toBe(200);
    return { authorization: `Bearer ${response.json().access_token}` };
  };
  const billNumbers = (response: LightMyRequestResponse) =>
    (response.json().results as { number: string }[]).map((bill) => bill.number).sort();
  const auditOf = (clientRowId: number) =>
    queryRows<{ action: string; comment: string | null; actor_id: number | null }>(
      t.database.db,
      sql`select action, comment, actor_id from audit_events
        where record_type = 'API_CLIENT' and record_id = ${clientRowId} order by id`,
    );

  beforeAll(async () => {
    t = await createTestApp({}, { webDist: '/nonexistent/lading-web-dist', demo: true });
    const a = await signInAs(t, 'customer');
    customerA = a.headers;
    partyA = a.partyId!;
    customerB = (await signInAs(t, 'customer2')).headers;
    admin = (await signInAs(t, 'admin')).headers;
    billsOfA = (await call('GET', '/cp/bill-of-ladings/?limit=100', customerA)).json().results;
    billOfB = (await call('GET', '/cp/bill-of-ladings/?limit=100', customerB)).json().results[0];
    expect(billsOfA.length).toBeGreaterThan(1);
    expect(billOfB).toBeDefined();
  });
  afterAll(() => t.close());

  it('creates a client whose secret is in the create answer only: never in a list, a revoke, the audit or the table', async () => {
    const created = await create(customerA, { name: 'ERP connector', scopes: ['ebl:read', 'tnt:read'] });
    expect(created.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.client).toMatchObject({
      name: 'ERP connector',
      scopes: ['ebl:read', 'tnt:read'],
      status: 'ACTIVE',
      expiresOn: inDays(90),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.client.clientId).toMatch(/^lc_[A-Za-z0-9_-]{22}$/);
    expect(created.tokenUrl).toBe(`${t.app.ctx.env.publicUrl}${TOKEN}`);

    const list = await call('GET', LIST, customerA);
    expect(list.statusCode).toBe(200);
    expect((list.json().results as ApiClient[]).map((c) => c.id)).toContain(created.client.id);
    expect(list.body).not.toContain(created.clientSecret);

    const [row] = await queryRows<{ secret_hash: string; expires_at: Date | string }>(
      t.database.db,
      sql`select secret_hash, expires_at from company_api_clients where id = ${created.client.id}`,
    );
    expect(row!.secret_hash).toBe(createHash('sha256').update(created.clientSecret).digest('base64url'));
    // Valid through its last day (UTC): refused from the next day's midnight.
    expect(new Date(row!.expires_at).toISOString()).toBe(`${inDays(91)}T00:00:00.000Z`);

    const revoked = await call('DELETE', `${LIST}${created.client.id}/`, customerA);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'REVOKED', revokedBy: { name: expect.any(String) } });
    expect(revoked.body).not.toContain(created.clientSecret);
    const audit = await call(
      'GET',
      `/cp/admin/audit-events/?record_type=API_CLIENT&record_id=${created.client.id}`,
      admin,
    );
    expect(audit.statusCode).toBe(200);
    expect(audit.body).not.toContain(created.clientSecret);
    const dump = await queryRows<{ text: string }>(
      t.database.db,
      sql`select string_agg(x::text, '|') as text from audit_events x where record_type = 'API_CLIENT'`,
    );
    expect(dump[0]!.text).not.toContain(created.clientSecret);
  });

  it('lists the whole company’s clients to any approved member, never another company’s', async () => {
    const mine = await create(customerA, { name: 'Shared by the company' });
    const theirs = await create(customerB, { name: 'Shared by the company' });
    // A colleague at A's company, approved: sees the client customer A made.
    const email = `colleague.${Date.now()}@a.example`;
    const colleagueId = await insertUserWithRole(
      t.database.db,
      {
        email,
        username: email,
        firstName: 'Cole',
        lastName: 'League',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        isActive: true,
        emailVerifiedAt: new Date(),
        partyId: partyA,
      },
      'CUSTOMER',
    );
    await t.database.db.execute(
      sql`insert into company_memberships (user_id, party_id, status) values (${colleagueId}, ${partyA}, 'APPROVED')`,
    );
    const colleague = (await signIn(t.app, email, DEMO_PASSWORD)).headers;
    const seen = (await call('GET', LIST, colleague)).json().results as ApiClient[];
    expect(seen.map((c) => c.id)).toContain(mine.client.id);
    expect(seen.map((c) => c.id)).not.toContain(theirs.client.id);
    // B neither sees nor revokes A's client: 404, as for one that does not exist.
    expect(
      ((await call('GET', LIST, customerB)).json().results as ApiClient[]).map((c) => c.id),
    ).not.toContain(mine.client.id);
    const refused = await call('DELETE', `${LIST}${mine.client.id}/`, customerB);
    expect(refused.statusCode).toBe(404);
    expect(
      (await call('GET', LIST, customerA)).json().results.find((c: ApiClient) => c.id === mine.client.id),
    ).toMatchObject({ status: 'ACTIVE' });
    // The colleague may revoke it (any approved member manages the company's clients); a second revoke is 409.
    expect((await call('DELETE', `${LIST}${mine.client.id}/`, colleague)).statusCode).toBe(200);
    const twice = await call('DELETE', `${LIST}${mine.client.id}/`, customerA);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields).toEqual({ status: 'is REVOKED' });
  });

  it('refuses a member awaiting approval, and carrier staff, with 403', async () => {
    const email = `pending.${Date.now()}@a.example`;
    const pendingId = await insertUserWithRole(
      t.database.db,
      {
        email,
        username: email,
        firstName: 'Pen',
        lastName: 'Ding',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        isActive: true,
        emailVerifiedAt: new Date(),
      },
      'CUSTOMER',
    );
    await t.database.db.execute(
      sql`insert into company_memberships (user_id, party_id, status) values (${pendingId}, ${partyA}, 'PENDING')`,
    );
    const pending = (await signIn(t.app, email, DEMO_PASSWORD)).headers;
    for (const response of [
      await call('GET', LIST, pending),
      await call('POST', LIST, pending, { name: 'x', expiresOn: inDays(10), scopes: ['ebl:read'] }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(
        'Only an approved member of a company can manage its API clients',
      );
    }
    expect((await call('GET', LIST, admin)).statusCode).toBe(403);
  });

  it('names each refused field: name, expiry (after today, at most a year on), scopes (known, at least one, no repeat)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '', expiresOn: inDays(5), scopes: ['ebl:read'] }, 'name', 'is required'],
      [{ name: 'a\nb', expiresOn: inDays(5), scopes: ['ebl:read'] }, 'name', 'must be one line'],
      [{ name: 'x'.repeat(81), expiresOn: inDays(5), scopes: ['ebl:read'] }, 'name', ''],
      [{ name: 'ok', expiresOn: todayIso(), scopes: ['ebl:read'] }, 'expiresOn', 'must be after today'],
      [{ name: 'ok', expiresOn: inDays(400), scopes: ['ebl:read'] }, 'expiresOn', 'at most 1 year'],
      [{ name: 'ok', expiresOn: '31/12/2026', scopes: ['ebl:read'] }, 'expiresOn', 'YYYY-MM-DD'],
      [{ name: 'ok', expiresOn: '2026-02-30', scopes: ['ebl:read'] }, 'expiresOn', 'not a real date'],
      [{ name: 'ok', scopes: ['ebl:read'] }, 'expiresOn', 'is required'],
      [{ name: 'ok', expiresOn: inDays(5), scopes: [] }, 'scopes', 'at least one'],
      [{ name: 'ok', expiresOn: inDays(5), scopes: ['admin:write'] }, 'scopes.0', 'must be one of'],
      [{ name: 'ok', expiresOn: inDays(5), scopes: ['ebl:read', 'ebl:read'] }, 'scopes', 'twice'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('POST', LIST, customerA, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields?.[field], JSON.stringify(body)).toContain(message);
    }
    // The last day allowed is accepted.
    await create(customerA, { expiresOn: latestApiClientExpiry() });
  });

  it('refuses a second active client of the same name in the company (409 naming name); a revoked one frees it', async () => {
    const first = await create(customerA, { name: 'Warehouse feed' });
    const again = await call('POST', LIST, customerA, {
      name: 'warehouse FEED',
      expiresOn: inDays(30),
      scopes: ['ebl:read'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toHaveProperty('name');
    // Another company may use the name.
    await create(customerB, { name: 'Warehouse feed' });
    await call('DELETE', `${LIST}${first.client.id}/`, customerA);
    await create(customerA, { name: 'Warehouse feed' });
  });

  it('gets a token by the client-credentials grant (HTTP Basic or form fields), ten minutes, with the scopes asked', async () => {
    const created = await create(customerA, { scopes: ['ebl:read', 'schedules:read'] });
    const credentials = { clientId: created.client.clientId, secret: created.clientSecret };
    const basic = await requestToken(credentials, { scope: 'ebl:read' });
    expect(basic.statusCode, basic.body).toBe(200);
    expect(basic.json()).toMatchObject({ token_type: 'Bearer', scope: 'ebl:read' });
    expect(basic.json().expires_in).toBeGreaterThan(590);
    expect(basic.json().expires_in).toBeLessThanOrEqual(600);
    expect(basic.json()).not.toHaveProperty('refresh_token');
    const post = await requestToken(credentials, { scope: 'ebl:read schedules:read', post: true });
    expect(post.statusCode, post.body).toBe(200);
    // Without a scope the token carries every scope the client holds.
    const all = await requestToken(credentials);
    expect(all.statusCode).toBe(200);
    const schedules = await call('GET', '/dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS', {
      authorization: `Bearer ${all.json().access_token}`,
    });
    expect(schedules.statusCode).toBe(200);

    // Refused: a scope the client does not hold, a wrong secret, an unknown client, the portal's grant.
    const notHeld = await requestToken(credentials, { scope: 'tnt:read' });
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json().error).toBe('invalid_scope');
    const wrong = await requestToken({ ...credentials, secret: `${created.clientSecret.slice(0, -1)}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    const unknown = await requestToken({
      clientId: 'lc_nobodyhasthisclientid',
      secret: created.clientSecret,
    });
    expect(unknown.statusCode).toBe(401);
    const portal = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      headers: FORM,
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'lading-portal',
      }).toString(),
    });
    expect(portal.statusCode).toBeGreaterThanOrEqual(400);
    expect(portal.statusCode).toBeLessThan(500);
    expect(portal.json()).not.toHaveProperty('access_token');
  });

  it('a token never outlives its client: ten minutes at most, fewer when the client expires sooner', async () => {
    const created = await create(customerA);
    await t.database.db.execute(
      sql`update company_api_clients set expires_at = now() + interval '2 minutes' where id = ${created.client.id}`,
    );
    const response = await requestToken({ clientId: created.client.clientId, secret: created.clientSecret });
    expect(response.statusCode).toBe(200);
    expect(response.json().expires_in).toBeLessThanOrEqual(120);
  });

  it("reads every bill its company's members own, and another company's exactly as a user of A would: empty, 404", async () => {
    const created = await create(customerA, { scopes: ['ebl:read'] });
    const client = await tokenOf(created);
    // A colleague at A's company owns one of the bills now: customer A no longer sees it, the company's client does.
    const email = `owner.${Date.now()}@a.example`;
    const ownerId = await insertUserWithRole(
      t.database.db,
      {
        email,
        username: email,
        firstName: 'Bill',
        lastName: 'Owner',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        isActive: true,
        emailVerifiedAt: new Date(),
        partyId: partyA,
      },
      'CUSTOMER',
    );
    const handed = billsOfA[0]!;
    await t.database.db.execute(
      sql`update bills_of_lading set created_by_id = ${ownerId} where id = ${handed.id}`,
    );
    try {
      const asCustomer = billNumbers(await call('GET', '/cp/bill-of-ladings/?limit=100', customerA));
      expect(asCustomer).not.toContain(handed.number);
      const asClient = billNumbers(await call('GET', '/cp/bill-of-ladings/?limit=100', client));
      expect(asClient).toEqual(billsOfA.map((bill) => bill.number).sort());
      expect(asClient).not.toContain(billOfB.number);

      // The DCSA eBL document of the colleague's bill: the client reads it; customer A (not its owner) gets 404.
      const document = await call('GET', `/cp/bill-of-ladings/${handed.id}/dcsa`, client);
      expect(document.statusCode).toBe(200);
      expect(document.json().transportDocumentReference).toBe(handed.number);
      expect((await call('GET', `/cp/bill-of-ladings/${handed.id}/dcsa`, customerA)).statusCode).toBe(404);

      // Company B's bill: the same answers as customer A gets (an empty list, a 404 naming nothing).
      const byNumberClient = await call('GET', `/cp/bill-of-ladings/?bl_number=${billOfB.number}`, client);
      const byNumberUser = await call('GET', `/cp/bill-of-ladings/?bl_number=${billOfB.number}`, customerA);
      expect(byNumberClient.json()).toEqual(byNumberUser.json());
      expect(byNumberClient.json().count).toBe(0);
      const otherClient = await call('GET', `/cp/bill-of-ladings/${billOfB.id}/dcsa`, client);
      const otherUser = await call('GET', `/cp/bill-of-ladings/${billOfB.id}/dcsa`, customerA);
      expect(otherClient.statusCode).toBe(404);
      expect(otherClient.json()).toEqual(otherUser.json());
    } finally {
      await t.database.db.execute(
        sql`update bills_of_lading set created_by_id = (select id from users where email = 'customer@demo.lading.test')
          where id = ${handed.id}`,
      );
    }
  });

  it('holds only what its scopes open: 403 naming the scope, portal routes and every write refused', async () => {
    const eblOnly = await tokenOf(
      await create(customerA, { scopes: ['ebl:read', 'schedules:read'] }),
      'ebl:read',
    );
    const schedulesOnly = await tokenOf(await create(customerA, { scopes: ['schedules:read'] }));
    const bill = billsOfA[1]!;

    const schedules = await call('GET', '/dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS', eblOnly);
    expect(schedules.statusCode).toBe(403);
    expect(schedules.json()).toMatchObject({
      granted: false,
      error: { code: 'FORBIDDEN', scope: 'schedules:read' },
    });
    expect(schedules.headers['www-authenticate']).toBe(
      'Bearer realm="lading", error="insufficient_scope", scope="schedules:read"',
    );
    const bills = await call('GET', '/cp/bill-of-ladings/', schedulesOnly);
    expect(bills.statusCode).toBe(403);
    expect(bills.json().error.scope).toBe('ebl:read');

    // Reads a user may make but no scope opens, and every write, whatever the client's scopes.
    const refused = [
      await call('GET', `/cp/bill-of-ladings/${bill.id}`, eblOnly),
      await call('GET', '/cp/bookings/', eblOnly),
      await call('GET', '/authenticate/oauth/sessions/', eblOnly),
      await call('GET', LIST, eblOnly),
      await call('POST', LIST, eblOnly, { name: 'self-made', expiresOn: inDays(5), scopes: ['ebl:read'] }),
      await call('PUT', `/cp/bill-of-ladings/${bill.id}/`, eblOnly, {}),
      await call('POST', `/cp/bill-of-ladings/${bill.id}/dcsa-shipping-instructions`, eblOnly, {}),
      await call('GET', '/cp/admin/audit-events/', eblOnly),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.message).toMatch(/API clients may not call this route/);
    }
  });

  it('revoked or expired: the token endpoint refuses it and the tokens it holds stop at their next call', async () => {
    const revoked = await create(customerA, { scopes: ['ebl:read'] });
    const revokedToken = await tokenOf(revoked);
    expect((await call('GET', '/cp/bill-of-ladings/', revokedToken)).statusCode).toBe(200);
    expect((await call('DELETE', `${LIST}${revoked.client.id}/`, customerA)).statusCode).toBe(200);
    const afterRevoke = await call('GET', '/cp/bill-of-ladings/', revokedToken);
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.body).not.toContain(billsOfA[0]!.number);
    const noToken = await requestToken({ clientId: revoked.client.clientId, secret: revoked.clientSecret });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().error).toBe('invalid_client');

    const expired = await create(customerA, { scopes: ['ebl:read'] });
    const expiredToken = await tokenOf(expired);
    await t.database.db.execute(
      sql`update company_api_clients set expires_at = now() - interval '1 second' where id = ${expired.client.id}`,
    );
    expect((await call('GET', '/cp/bill-of-ladings/', expiredToken)).statusCode).toBe(401);
    expect(
      (await requestToken({ clientId: expired.client.clientId, secret: expired.clientSecret })).statusCode,
    ).toBe(401);
    const listed = (await call('GET', LIST, customerA)).json().results as ApiClient[];
    expect(listed.find((c) => c.id === expired.client.id)?.status).toBe('EXPIRED');
  });

  it('records every call in the audit trail (refusals too), its last use, and the viewer names the client and company', async () => {
    const created = await create(customerA, { name: 'Audited feed', scopes: ['ebl:read'] });
    const client = await tokenOf(created);
    expect((await call('GET', '/cp/bill-of-ladings/?limit=5', client)).statusCode).toBe(200);
    expect(
      (await call('GET', '/dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS', client)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/cp/bill-of-ladings/${billOfB.id}/dcsa`, client)).statusCode).toBe(404);

    const rows = await auditOf(created.client.id);
    expect(rows.map((row) => [row.action, row.comment, row.actor_id])).toEqual([
      ['CREATED', null, expect.any(Number)],
      ['API_CALL', 'GET /cp/bill-of-ladings/?limit=5 -> 200', null],
      ['API_CALL', 'GET /dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS -> 403', null],
      ['API_CALL', `GET /cp/bill-of-ladings/${billOfB.id}/dcsa -> 404`, null],
    ]);
    const listed = (await call('GET', LIST, customerA)).json().results as ApiClient[];
    expect(listed.find((c) => c.id === created.client.id)?.lastUsedAt).not.toBeNull();
    // A secret sent in a query string is kept out of the trail, as out of the log.
    await call('GET', `/cp/bill-of-ladings/?client_secret=${created.clientSecret}`, client);
    expect((await auditOf(created.client.id)).at(-1)?.comment).toMatch(
      /^GET \/cp\/bill-of-ladings\/\?client_secret=\[redacted\] -> \d{3}$/,
    );

    const viewer = await call(
      'GET',
      `/cp/admin/audit-events/?record_type=API_CLIENT&record_id=${created.client.id}&action=API_CALL`,
      admin,
    );
    expect(viewer.statusCode).toBe(200);
    expect(viewer.json().count).toBe(4);
    expect(viewer.json().results[0]).toMatchObject({
      actor: null,
      recordType: 'API_CLIENT',
      apiClient: {
        id: created.client.id,
        name: 'Audited feed',
        company: 'Demo Exports Pvt Ltd',
        clientId: created.client.clientId,
      },
    });
    // A user's own rows carry no client; the token endpoint (no principal yet) records nothing.
    const users = await call('GET', '/cp/admin/audit-events/?record_type=BILL_OF_LADING&limit=1', admin);
    expect(users.json().results.every((row: { apiClient: unknown }) => row.apiClient === null)).toBe(true);
  });

  it('a portal user is unchanged: their token is no client’s, and the client token cannot pass for a user’s', async () => {
    const created = await create(customerA, { scopes: ['ebl:read'] });
    const client = await tokenOf(created);
    // The user read of "user 0" (the client principal's placeholder id) is not reachable with the client token.
    expect((await call('GET', '/authenticate/oauth/users/0', client)).statusCode).toBe(403);
    // A user's own list is still theirs alone.
    expect(billNumbers(await call('GET', '/cp/bill-of-ladings/?limit=100', customerB))).not.toContain(
      billsOfA[1]!.number,
    );
  });
});
