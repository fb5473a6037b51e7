import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo';
import { answerSecondStep, CookieJar, login, signIn, signInAs } from '../../test/auth';
import { linkIn, startSmtpServer } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUserWithRole } from '../../test/users';

type Headers = { authorization: string };

describe('admin workspace: users (ADMIN.USER)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: Headers;
  let adminId: number;
  let branch: Headers;
  let branchId: number;
  let customer2Id: number;
  let office: (code: string) => number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, { demo: true });
    ({ headers: admin, userId: adminId } = await signInAs(t, 'admin'));
    ({ headers: branch, userId: branchId } = await signInAs(t, 'branchAdmin'));
    customer2Id = (await signInAs(t, 'customer2')).userId;
    const rows = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from offices`,
    );
    office = (code) => rows.find((row) => row.code === code)!.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** The rows a refused change must leave as they were. */
  const snapshot = () =>
    queryRows(
      t.database.db,
      sql`select (select json_agg(u order by u.id) from (select id, is_active, selected_office_id from users) u) as users,
        (select json_agg(r order by r.user_id, r.role_id) from user_roles r) as roles,
        (select json_agg(o order by o.user_id, o.office_id) from user_offices o) as offices,
        (select count(*)::int from audit_events) as audit, (select count(*)::int from outbox_mails) as mails`,
    );
  const switchOffice = (code: string) =>
    call('PUT', `/authenticate/oauth/users/${adminId}/selected-office/`, admin, { officeId: office(code) });

  it('lists and searches users by e-mail or name; a branch caller sees only its own staff', async () => {
    const found = await call('GET', '/cp/admin/users/?search=HEMA', admin);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      count: 1,
      results: [
        {
          id: customer2Id,
          email: DEMO_ACCOUNTS.customer2,
          isActive: true,
          isVerified: true,
          isStaff: false,
          roles: ['CUSTOMER'],
          offices: [],
          company: { name: expect.any(String), status: 'APPROVED' },
        },
      ],
    });
    const byMail = await call('GET', '/cp/admin/users/?search=branch.admin%40demo', admin);
    expect(byMail.json().results.map((u: { id: number }) => u.id)).toEqual([branchId]);
    const staff = await call('GET', '/cp/admin/users/?role=CARRIER_ADMIN', admin);
    expect(staff.json().results.map((u: { id: number }) => u.id)).toEqual([adminId]);
    // `%` is a literal character, not a wildcard.
    expect((await call('GET', '/cp/admin/users/?search=%25', admin)).json().count).toBe(0);
    expect((await call('GET', '/cp/admin/users/', admin)).json().count).toBe(4);

    // Working as the Chennai branch, the administrator reaches the Chennai staff only: not the customers, and not
    // staff who also work for the corporate office (themselves included).
    expect((await switchOffice('MAA')).statusCode).toBe(200);
    try {
      const scoped = await call('GET', '/cp/admin/users/', admin);
      expect(scoped.json().results.map((u: { id: number }) => u.id)).toEqual([branchId]);
      expect((await call('GET', `/cp/admin/users/${customer2Id}/`, admin)).statusCode).toBe(404);
      expect((await call('GET', `/cp/admin/users/${adminId}/`, admin)).statusCode).toBe(404);
    } finally {
      await switchOffice('TSX');
    }
  });

  it('refuses callers without the permission with granted:false, and bad filters naming the field', async () => {
    const refused = await call('GET', '/cp/admin/users/', branch);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ granted: false, error: { required: { resource: 'USER' } } });
    const bad = await call('GET', '/cp/admin/users/?role=KING&limit=500', admin);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['role', 'limit']));
  });

  it('deactivating ends the sessions and tokens at once and refuses sign-in; activating lets them back', async () => {
    const session = await signIn(t.app, DEMO_ACCOUNTS.customer2, DEMO_PASSWORD);
    expect((await call('GET', '/cp/bill-of-ladings/', session.headers)).statusCode).toBe(200);

    const off = await call('PUT', `/cp/admin/users/${customer2Id}/active/`, admin, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: customer2Id, isActive: false });
    expect((await call('GET', '/cp/bill-of-ladings/', session.headers)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'lading-portal',
        refresh_token: session.tokens.refresh_token!,
      }).toString(),
    });
    expect(refresh.statusCode).toBe(400);
    const signInAgain = await login(t.app, new CookieJar(), DEMO_ACCOUNTS.customer2, DEMO_PASSWORD);
    expect(signInAgain.statusCode).toBe(401);
    const [audit] = await queryRows<{ action: string; actor_id: number }>(
      t.database.db,
      sql`select action, actor_id from audit_events where record_type = 'USER' and record_id = ${customer2Id} order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'DEACTIVATED', actor_id: adminId });

    const on = await call('PUT', `/cp/admin/users/${customer2Id}/active/`, admin, { isActive: true });
    expect(on.json().isActive).toBe(true);
    expect((await login(t.app, new CookieJar(), DEMO_ACCOUNTS.customer2, DEMO_PASSWORD)).statusCode).toBe(
      200,
    );
  });

  it('refuses a bad body, the own account and an unknown user, writing nothing', async () => {
    const before = await snapshot();
    const bad = await call('PUT', `/cp/admin/users/${customer2Id}/active/`, admin, { isActive: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('isActive');
    const self = await call('PUT', `/cp/admin/users/${adminId}/active/`, admin, { isActive: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toEqual({ isActive: 'You cannot deactivate your own account' });
    expect((await call('PUT', '/cp/admin/users/999999/active/', admin, { isActive: false })).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', `/cp/admin/users/${customer2Id}/active/`, branch, { isActive: false })).statusCode,
    ).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('working as a branch, leaves corporate users and the corporate roles alone, writing nothing', async () => {
    const before = await snapshot();
    await switchOffice('MAA');
    try {
      // Another corporate administrator would be reached through their corporate office only: the demo admin
      // (TSX + MAA) stands for them here, unreachable from the branch.
      const deactivate = await call('PUT', `/cp/admin/users/${adminId}/active/`, admin, { isActive: true });
      expect(deactivate.statusCode).toBe(404);
      const demote = await call('PUT', `/cp/admin/users/${adminId}/roles/`, admin, {
        roles: ['CARRIER_ADMIN'],
      });
      expect(demote.statusCode).toBe(404);
      for (const role of ['CARRIER_ADMIN', 'CARRIER_STAFF_CORPORATE']) {
        const grant = await call('PUT', `/cp/admin/users/${branchId}/roles/`, admin, {
          roles: ['CARRIER_STAFF_BRANCH', role],
        });
        expect(grant.statusCode, grant.body).toBe(400);
        expect(grant.json().error.fields).toEqual({
          roles: 'Only the corporate office grants or removes the administrator and corporate staff roles',
        });
      }
    } finally {
      await switchOffice('TSX');
    }
    // Switching offices writes nothing the snapshot compares.
    expect(await snapshot()).toEqual(before);
  });

  it('assigns roles from the four; an administrator keeps their own administrator role', async () => {
    const before = await snapshot();
    const mixed = await call('PUT', `/cp/admin/users/${customer2Id}/roles/`, admin, {
      roles: ['CUSTOMER', 'CARRIER_ADMIN'],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.fields).toHaveProperty('roles');
    const unknown = await call('PUT', `/cp/admin/users/${customer2Id}/roles/`, admin, { roles: ['KING'] });
    expect(Object.keys(unknown.json().error.fields)).toEqual(['roles.0']);
    const empty = await call('PUT', `/cp/admin/users/${customer2Id}/roles/`, admin, { roles: [] });
    expect(empty.json().error.fields).toEqual({ roles: 'Choose at least one role' });
    const ownAdmin = await call('PUT', `/cp/admin/users/${adminId}/roles/`, admin, {
      roles: ['CARRIER_STAFF_CORPORATE'],
    });
    expect(ownAdmin.statusCode).toBe(400);
    expect(ownAdmin.json().error.fields).toEqual({ roles: 'You cannot remove your own administrator role' });
    expect(await snapshot()).toEqual(before);

    const promoted = await call('PUT', `/cp/admin/users/${branchId}/roles/`, admin, {
      roles: ['CARRIER_STAFF_CORPORATE', 'CARRIER_STAFF_BRANCH'],
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().roles).toEqual(['CARRIER_STAFF_BRANCH', 'CARRIER_STAFF_CORPORATE']);
    // The grants follow on the branch member's next request: corporate staff hold ADMIN.USER.VIEW.
    expect((await call('GET', '/cp/admin/users/', branch)).statusCode).toBe(200);
    await call('PUT', `/cp/admin/users/${branchId}/roles/`, admin, { roles: ['CARRIER_STAFF_BRANCH'] });
    expect((await call('GET', '/cp/admin/users/', branch)).statusCode).toBe(403);
  });

  it("sets a staff member's offices within the caller's scope", async () => {
    const before = await snapshot();
    const unknown = await call('PUT', `/cp/admin/users/${branchId}/offices/`, admin, {
      officeIds: [999_999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ 'officeIds.0': 'is not an office' });
    const customer = await call('PUT', `/cp/admin/users/${customer2Id}/offices/`, admin, {
      officeIds: [office('MAA')],
    });
    expect(customer.json().error.fields).toEqual({ officeIds: 'only carrier staff work for an office' });
    await switchOffice('MAA');
    try {
      const outside = await call('PUT', `/cp/admin/users/${branchId}/offices/`, admin, {
        officeIds: [office('MAA'), office('TSX')],
      });
      expect(outside.json().error.fields).toEqual({ 'officeIds.1': 'is not an office you administer' });
    } finally {
      await switchOffice('TSX');
    }
    expect(await snapshot()).toEqual(before);

    const both = await call('PUT', `/cp/admin/users/${branchId}/offices/`, admin, {
      officeIds: [office('MAA'), office('TSX')],
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().offices.map((o: { code: string }) => o.code)).toEqual(['TSX', 'MAA']);
    expect(both.json().selectedOfficeId).toBe(office('MAA'));
    const onlyTsx = await call('PUT', `/cp/admin/users/${branchId}/offices/`, admin, {
      officeIds: [office('TSX')],
    });
    // The selected office moves to one the user still has.
    expect(onlyTsx.json().selectedOfficeId).toBe(office('TSX'));
    const [audit] = await queryRows<{ changes: unknown }>(
      t.database.db,
      sql`select changes from audit_events where record_type = 'USER' and action = 'OFFICES_CHANGED' order by id desc limit 1`,
    );
    expect(audit?.changes).toEqual([{ field: 'offices', before: ['TSX', 'MAA'], after: ['TSX'] }]);
    await call('PUT', `/cp/admin/users/${branchId}/offices/`, admin, { officeIds: [office('MAA')] });
  });

  it('resends the verification mail of an unverified account over SMTP; a verified one is 409', async () => {
    const email = 'unverified.workspace@example.com';
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/users/create-cp-users/',
      payload: {
        username: email,
        email,
        first_name: 'Uma',
        last_name: 'Unverified',
        password: 'a long passphrase for uma 2026',
        party: null,
      },
    });
    expect(signUp.statusCode).toBe(201);
    await smtp.waitFor((mail) => mail.to.includes(email));
    const [user] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from users where email = ${email}`,
    );
    const resent = await call('POST', `/cp/admin/users/${user!.id}/resend-verification/`, admin);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().isVerified).toBe(false);
    await t.app.ctx.mail.flush();
    const mails = smtp.messages.filter((mail) => mail.to.includes(email) && mail.subject.includes('Verify'));
    expect(mails).toHaveLength(2);
    // The new link verifies the address (the first one stayed good until then, issue 28).
    const token = linkIn(mails[1]!, '/app-verify-email').searchParams.get('token');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/users/verify-email/',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);

    const before = await snapshot();
    const again = await call('POST', `/cp/admin/users/${user!.id}/resend-verification/`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ email: 'This address is already verified' });
    expect(await snapshot()).toEqual(before);
  });

  it("resets a user's lost second factor with the reason: factor and codes gone, sessions ended, mailed, set up again at sign-in", async () => {
    // A member of the Chennai branch who set up an authenticator app at their first sign-in (decision 023).
    const email = 'lost.phone@example.com';
    const password = 'a long passphrase for the branch 2026';
    const staffId = await insertUserWithRole(
      t.database.db,
      {
        email,
        username: email,
        firstName: 'Lata',
        lastName: 'Lostphone',
        passwordHash: await hashPassword(password),
        emailVerifiedAt: new Date(),
        selectedOfficeId: office('MAA'),
      },
      'CARRIER_STAFF_BRANCH',
    );
    await t.database.db.execute(
      sql`insert into user_offices (user_id, office_id) values (${staffId}, ${office('MAA')})`,
    );
    const staff = await signIn(t.app, email, password);
    expect(staff.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await call('GET', '/cp/bill-of-ladings/', staff.headers)).statusCode).toBe(200);
    // A sign-in waiting for its second step when the factor goes cannot finish.
    const halfDone = new CookieJar();
    expect((await login(t.app, halfDone, email, password)).json()).toMatchObject({ mfaRequired: true });
    const reset = (headers: Headers, id: number, payload: object) =>
      call('DELETE', `/cp/admin/users/${id}/mfa/`, headers, payload);

    const before = await snapshot();
    const noReason = await reset(admin, staffId, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty('reason');
    const forged = await reset(admin, staffId, { reason: 'lost phone\r\nBcc: someone@example.com' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields).toHaveProperty('reason');
    expect((await reset(branch, staffId, { reason: 'lost phone' })).statusCode).toBe(403);
    const own = await reset(admin, adminId, { reason: 'lost phone' });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.fields).toHaveProperty('id');
    expect((await reset(admin, 999999, { reason: 'lost phone' })).statusCode).toBe(404);
    // Outside the caller's scope: a customer from the Chennai branch's desk.
    await switchOffice('MAA');
    try {
      expect((await reset(admin, customer2Id, { reason: 'lost phone' })).statusCode).toBe(404);
    } finally {
      await switchOffice('TSX');
    }
    expect(await snapshot()).toEqual(before);

    const done = await reset(admin, staffId, { reason: 'Lost phone, identity checked by video call' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ totp: true, passkeys: 0, recoveryCodes: 10, sessionsEnded: 1 });
    // Signed out everywhere at once; nothing of the factor is left; the half-done sign-in cannot use it either.
    expect((await call('GET', '/cp/bill-of-ladings/', staff.headers)).statusCode).toBe(401);
    const left = await queryRows<{ factors: number; codes: number; challenges: number }>(
      t.database.db,
      sql`select (select count(*)::int from totp_factors where user_id = ${staffId}) as factors,
        (select count(*)::int from recovery_codes where user_id = ${staffId}) as codes,
        (select count(*)::int from mfa_challenges where user_id = ${staffId}) as challenges`,
    );
    expect(left).toEqual([{ factors: 0, codes: 0, challenges: 0 }]);
    expect((await answerSecondStep(t.app, halfDone, { code: '123456' })).statusCode).toBe(401);
    const [audit] = await queryRows<{ actor: number; comment: string }>(
      t.database.db,
      sql`select actor_id as actor, comment from audit_events
          where record_type = 'USER' and record_id = ${staffId} and action = 'SECOND_FACTOR_RESET'`,
    );
    expect(audit).toEqual({
      actor: adminId,
      comment: '1 session ended: Lost phone, identity checked by video call',
    });
    await t.app.ctx.mail.flush();
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject.includes('reset the second sign-in step'),
    );
    expect(mail.text).toContain('Reason given: Lost phone, identity checked by video call');
    // The next sign-in takes the member of staff through setting up a factor again.
    expect((await login(t.app, new CookieJar(), email, password)).json()).toEqual({
      mfaEnrolmentRequired: true,
    });
    // Nothing left to reset.
    const again = await reset(admin, staffId, { reason: 'lost phone' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This user has no second factor to reset');
  });
});
