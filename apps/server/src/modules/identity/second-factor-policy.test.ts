import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';
import { sessions } from '../../db/schema/identity';
import { STRONG, useAccountsApp } from '../../test/accounts-app';
import {
  authorizeUrl,
  CookieJar,
  codeOfStep,
  currentStep,
  enrolmentCall,
  exchangeCode,
  followRedirects,
  login,
  pkcePair,
  signIn,
} from '../../test/auth';
import type { startSmtpServer } from '../../test/smtp';
import type { TestApp } from '../../test/test-app';
import { SoftwareAuthenticator } from '../../test/webauthn-authenticator';
import { seedAccessModel } from '../access';

const SID = '__Host-lading.sid';

describe('staff must use a second factor: a per-role policy, enrolment at sign-in (decision 023, ASVS V6.3.3)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const { signUpAndVerify } = useAccountsApp((app, receiver) => {
    t = app;
    smtp = receiver;
  });

  /** A verified account holding `role` only (its roles are not this test's subject: set in the table). */
  async function accountWithRole(role: string) {
    const email = await signUpAndVerify();
    await t.database.db.execute(
      sql`delete from user_roles where user_id = (select id from users where email = ${email})`,
    );
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.email = ${email} and r.code = ${role}`,
    );
    return email;
  }
  const setPolicy = (role: string, required: boolean) =>
    t.database.db.execute(sql`update roles set requires_second_factor = ${required} where code = ${role}`);
  const policy = async () =>
    Object.fromEntries(
      (
        await queryRows<{ code: string; required: boolean }>(
          t.database.db,
          sql`select code, requires_second_factor as required from roles`,
        )
      ).map((row) => [row.code, row.required]),
    );
  /** Where the provider's authorization request ends for the jar's browser: a code, or an error. */
  async function authorize(jar: CookieJar) {
    const { verifier, challenge } = pkcePair();
    const { url } = await followRedirects(t.app, jar, authorizeUrl(t.app, { code_challenge: challenge }));
    const params = new URL(url, t.app.ctx.env.publicUrl).searchParams;
    return { code: params.get('code'), error: params.get('error'), verifier };
  }

  it('is seeded on the roles: every role granting an ADMIN permission requires it; the seed raises it, never lowers it', async () => {
    expect(await policy()).toEqual({
      CUSTOMER: false,
      CARRIER_STAFF_BRANCH: true,
      CARRIER_STAFF_CORPORATE: true,
      CARRIER_ADMIN: true,
    });
    // An operator's choice for the customers stays; a staff role lowered by hand is raised again at the next start.
    await setPolicy('CUSTOMER', true);
    await setPolicy('CARRIER_ADMIN', false);
    try {
      await seedAccessModel(t.database.db);
      expect(await policy()).toMatchObject({ CUSTOMER: true, CARRIER_ADMIN: true });
    } finally {
      await setPolicy('CUSTOMER', false);
      await setPolicy('CARRIER_ADMIN', true);
    }
  });

  it('gives a staff account without a factor a session that can only set one up; the confirmation completes the sign-in', async () => {
    const email = await accountWithRole('CARRIER_STAFF_BRANCH');
    const jar = new CookieJar();
    const first = await login(t.app, jar, email, STRONG);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mfaEnrolmentRequired: true });
    const enrolmentCookie = jar.get(SID);
    expect(enrolmentCookie).toBeTruthy();
    expect([first.headers['set-cookie']].flat().join('\n')).toMatch(
      /^__Host-lading\.sid=[^;]+; Max-Age=900;.*HttpOnly/m,
    );

    // No authorization, so no token for the workspace, while the factor is missing.
    expect(await authorize(jar)).toMatchObject({ code: null, error: 'login_required' });
    // Every route but the enrolment ones refuses the session with a code of its own, before reading any body.
    const [user] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from users where email = ${email}`,
    );
    for (const [method, url] of [
      ['GET', `/authenticate/oauth/users/${user!.id}/auth-data/`],
      ['GET', '/authenticate/oauth/sessions/'],
      ['GET', '/cp/bill-of-ladings/'],
      ['GET', '/cp/admin/users/'],
      ['POST', '/cp/admin/companies/'],
      ['DELETE', '/authenticate/oauth/mfa/totp/'],
    ] as const) {
      const refused = await enrolmentCall(
        t.app,
        jar,
        method as 'GET',
        url,
        method === 'GET' ? undefined : {},
      );
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.code).toBe('MFA_ENROLMENT_REQUIRED');
    }
    // Without the cookie the enrolment routes are as closed as any other.
    const anonymous = await t.app.inject({ method: 'POST', url: '/authenticate/oauth/mfa/totp/' });
    expect(anonymous.statusCode).toBe(401);

    expect((await enrolmentCall(t.app, jar, 'GET', '/authenticate/oauth/mfa/')).json()).toEqual({
      totp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
    });
    const started = await enrolmentCall(t.app, jar, 'POST', '/authenticate/oauth/mfa/totp/');
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUri } = started.json() as { secret: string; otpauthUri: string };
    expect(decodeURIComponent(new URL(otpauthUri).pathname)).toBe(`/Lading:${email}`);
    const step = currentStep();
    const wrong = await enrolmentCall(t.app, jar, 'POST', '/authenticate/oauth/mfa/totp/confirm/', {
      code: codeOfStep(secret, step + 5),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('code');
    expect(jar.get(SID)).toBe(enrolmentCookie);

    const confirmed = await enrolmentCall(t.app, jar, 'POST', '/authenticate/oauth/mfa/totp/confirm/', {
      code: codeOfStep(secret, step),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = confirmed.json() as { recoveryCodes: string[]; user: { id: number; email: string } };
    expect(answer.recoveryCodes).toHaveLength(10);
    expect(answer.user).toMatchObject({ id: user!.id, email, is_admin: true });
    // A new, full session replaces the enrolment one (a new id at the change of privilege).
    expect(jar.get(SID)).toBeTruthy();
    expect(jar.get(SID)).not.toBe(enrolmentCookie);
    const withOldCookie = await t.app.inject({
      method: 'GET',
      url: '/authenticate/oauth/mfa/',
      headers: { cookie: `${SID}=${enrolmentCookie}` },
    });
    expect(withOldCookie.statusCode).toBe(401);
    const [ended] = await t.database.db
      .select({ reason: sessions.endedReason, enrolmentOnly: sessions.enrolmentOnly })
      .from(sessions)
      .where(and(eq(sessions.userId, user!.id), eq(sessions.enrolmentOnly, true)));
    expect(ended).toEqual({ reason: 'replaced', enrolmentOnly: true });

    // The sign-in goes on as any other: an authorization code, tokens, the workspace.
    const authorized = await authorize(jar);
    expect(authorized.code).toBeTruthy();
    const tokens = await exchangeCode(t.app, { code: authorized.code!, code_verifier: authorized.verifier });
    expect(tokens.statusCode).toBe(200);
    const authData = await t.app.inject({
      method: 'GET',
      url: `/authenticate/oauth/users/${user!.id}/auth-data/`,
      headers: { authorization: `Bearer ${tokens.json().access_token}` },
    });
    expect(authData.statusCode).toBe(200);

    // Audited and mailed like any new factor; the next sign-in asks for a code.
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, user!.id), eq(auditEvents.action, 'SECOND_FACTOR_ADDED')));
    expect(audit).toMatchObject({ actorId: user!.id, recordType: 'USER' });
    await t.app.ctx.mail.flush();
    await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('second sign-in step was added'));
    expect((await login(t.app, new CookieJar(), email, STRONG)).json()).toEqual({
      mfaRequired: true,
      methods: ['totp', 'recovery'],
    });
    const again = await signIn(t.app, email, STRONG, { totpSecret: secret });
    expect(again.user.id).toBe(user!.id);
  });

  it('completes the sign-in when the staff account sets up a passkey instead of the authenticator app', async () => {
    const email = await accountWithRole('CARRIER_STAFF_BRANCH');
    const jar = new CookieJar();
    expect((await login(t.app, jar, email, STRONG)).json()).toEqual({ mfaEnrolmentRequired: true });
    const enrolmentCookie = jar.get(SID);
    const options = await enrolmentCall(
      t.app,
      jar,
      'POST',
      '/authenticate/oauth/mfa/webauthn/registration-options/',
    );
    expect(options.statusCode, options.body).toBe(200);
    const authenticator = new SoftwareAuthenticator(new URL(t.app.ctx.env.publicUrl).origin);
    const added = await enrolmentCall(t.app, jar, 'POST', '/authenticate/oauth/mfa/webauthn/', {
      name: 'Office laptop',
      response: authenticator.register(options.json()),
    });
    expect(added.statusCode, added.body).toBe(201);
    const answer = added.json() as {
      passkey: { name: string };
      recoveryCodes: string[];
      user: { email: string };
    };
    expect(answer.passkey.name).toBe('Office laptop');
    expect(answer.recoveryCodes).toHaveLength(10);
    expect(answer.user).toMatchObject({ email, is_admin: true });
    // A new, full session: the authorization goes on to a code, and the old cookie is refused.
    expect(jar.get(SID)).toBeTruthy();
    expect(jar.get(SID)).not.toBe(enrolmentCookie);
    expect((await authorize(jar)).code).toBeTruthy();
    const withOldCookie = await t.app.inject({
      method: 'GET',
      url: '/authenticate/oauth/mfa/',
      headers: { cookie: `${SID}=${enrolmentCookie}` },
    });
    expect(withOldCookie.statusCode).toBe(401);
    // The next sign-in asks for the second step, the passkey among its ways.
    expect((await login(t.app, new CookieJar(), email, STRONG)).json()).toMatchObject({ mfaRequired: true });
  });

  it("follows the role's setting: a customer role made to require it asks the customer; a staff role relieved of it does not", async () => {
    const customer = await accountWithRole('CUSTOMER');
    const staff = await accountWithRole('CARRIER_STAFF_CORPORATE');
    expect((await login(t.app, new CookieJar(), customer, STRONG)).json()).toHaveProperty('id');
    await setPolicy('CUSTOMER', true);
    await setPolicy('CARRIER_STAFF_CORPORATE', false);
    try {
      expect((await login(t.app, new CookieJar(), customer, STRONG)).json()).toEqual({
        mfaEnrolmentRequired: true,
      });
      expect((await login(t.app, new CookieJar(), staff, STRONG)).json()).toHaveProperty('id');
    } finally {
      await setPolicy('CUSTOMER', false);
      await setPolicy('CARRIER_STAFF_CORPORATE', true);
    }
    // Any one role that requires it is enough.
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.email = ${customer} and r.code = 'CARRIER_STAFF_BRANCH'`,
    );
    expect((await login(t.app, new CookieJar(), customer, STRONG)).json()).toEqual({
      mfaEnrolmentRequired: true,
    });
  });

  it('ends the enrolment session at sign-out, and lets it live 15 minutes at most', async () => {
    const email = await accountWithRole('CARRIER_ADMIN');
    const jar = new CookieJar();
    await login(t.app, jar, email, STRONG);
    const [row] = await queryRows<{ minutes: number }>(
      t.database.db,
      sql`select extract(epoch from expires_at - created_at)::int / 60 as minutes from sessions
          where user_id = (select id from users where email = ${email}) and enrolment_only`,
    );
    expect(row?.minutes).toBe(15);
    expect((await enrolmentCall(t.app, jar, 'GET', '/authenticate/oauth/mfa/')).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/logout/',
      headers: { cookie: jar.header() },
    });
    expect(out.statusCode).toBe(204);
    expect((await enrolmentCall(t.app, jar, 'GET', '/authenticate/oauth/mfa/')).statusCode).toBe(401);
  });
});
