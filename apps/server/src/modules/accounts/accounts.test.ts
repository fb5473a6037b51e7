import { ACCOUNT_MESSAGES } from '@lading/contract/accounts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, loginFailures } from '../../db/schema/accounts';
import { parties } from '../../db/schema/companies';
import { outboxMails } from '../../db/schema/mail';
import { users } from '../../db/schema/users';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../seed/demo';
import {
  authorizeUrl,
  CookieJar,
  exchangeCode,
  followRedirects,
  login,
  pkcePair,
  signIn,
} from '../../test/auth';
import { linkIn, startSmtpServer } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';

const SIGN_UP = '/authenticate/oauth/users/create-cp-users/';
const STRONG = 'harbour crane at dusk';

describe('accounts', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let seq = 0;
  const newEmail = () => `user${++seq}.${Date.now()}@example.com`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    await seedDemoData(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const signUp = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: SIGN_UP, payload: body });
  const validBody = (email = newEmail()) => ({
    username: email,
    password: STRONG,
    first_name: 'Mira',
    last_name: 'Nair',
    email,
    party: null,
  });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  async function signUpAndVerify(email = newEmail()) {
    expect((await signUp(validBody(email))).statusCode).toBe(201);
    await t.app.ctx.mail.flush();
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Verify'));
    const token = linkIn(mail, '/app-verify-email').searchParams.get('token')!;
    expect((await post('/authenticate/oauth/users/verify-email/', { token })).statusCode).toBe(200);
    return email;
  }

  describe('sign-up', () => {
    it('creates an unverified customer and mails a single-use verification link over SMTP', async () => {
      const email = newEmail();
      const res = await signUp(validBody(email));
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(ACCOUNT_MESSAGES.signUpSuccess);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ emailVerifiedAt: null, partyId: null });
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

      await t.app.ctx.mail.flush();
      const mail = await smtp.waitFor((m) => m.to.includes(email));
      const link = linkIn(mail, '/app-verify-email');
      expect(link.origin).toBe(t.app.ctx.env.publicUrl);
      const token = link.searchParams.get('token')!;
      const [stored] = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, row!.id));
      const ttlHours = (stored!.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(ttlHours).toBeGreaterThan(23.9);
      expect(ttlHours).toBeLessThanOrEqual(24);
      expect(stored!.tokenHash).not.toBe(token);

      const verify = await post('/authenticate/oauth/users/verify-email/', { token });
      expect(verify.statusCode).toBe(200);
      expect(verify.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified, alreadyVerified: false });
      // The same link again: the account is verified already, and the answer says so (the page offers Sign In).
      const again = await post('/authenticate/oauth/users/verify-email/', { token });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.emailAlreadyVerified, alreadyVerified: true });
      // Even once the link has expired.
      await t.database.db
        .update(emailTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(emailTokens.userId, row!.id));
      const later = await post('/authenticate/oauth/users/verify-email/', { token });
      expect(later.json().alreadyVerified).toBe(true);
      // A token nobody was sent stays "invalid or has expired".
      const unknown = await post('/authenticate/oauth/users/verify-email/', { token: 'x'.repeat(43) });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(ACCOUNT_MESSAGES.linkInvalid);
    });

    it('refuses an expired verification link', async () => {
      const email = newEmail();
      await signUp(validBody(email));
      await t.app.ctx.mail.flush();
      const token = linkIn(
        await smtp.waitFor((m) => m.to.includes(email)),
        '/app-verify-email',
      ).searchParams.get('token')!;
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      await t.database.db
        .update(emailTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(emailTokens.userId, user!.id));
      expect((await post('/authenticate/oauth/users/verify-email/', { token })).statusCode).toBe(400);
    });

    it.each([
      ['an invalid e-mail', { email: 'not-an-email' }, ACCOUNT_MESSAGES.invalidEmail, 'email'],
      ['a missing first name', { first_name: '' }, ACCOUNT_MESSAGES.signUpRequired, 'first_name'],
      ['a missing password', { password: undefined }, ACCOUNT_MESSAGES.signUpRequired, 'password'],
      ['a 7-character password', { password: 'abcdefg' }, ACCOUNT_MESSAGES.passwordTooShort, 'password'],
      [
        'a 129-character password',
        { password: 'x'.repeat(129) },
        ACCOUNT_MESSAGES.passwordTooLong,
        'password',
      ],
      ['a most-common password', { password: 'password123' }, ACCOUNT_MESSAGES.passwordTooCommon, 'password'],
      ['the e-mail as password', { password: 'SAME' }, ACCOUNT_MESSAGES.passwordTooSimple, 'password'],
      ['eight of one character', { password: 'aaaaaaaa' }, ACCOUNT_MESSAGES.passwordTooSimple, 'password'],
      ['eight spaces', { password: '        ' }, ACCOUNT_MESSAGES.passwordTooSimple, 'password'],
      [
        'the product name twice',
        { password: 'ladinglading' },
        ACCOUNT_MESSAGES.passwordTooSimple,
        'password',
      ],
    ])('answers %s with { error: "<text>" } naming the field', async (_label, change, message, field) => {
      const body: Record<string, unknown> = { ...validBody(), ...change };
      if (body.password === 'SAME') body.password = body.email;
      const res = await signUp(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      expect(Object.keys(res.json().fields)).toContain(field);
    });

    it('accepts 64 characters with spaces and Unicode exactly as typed', async () => {
      const email = newEmail();
      const password = `Ünïcødé pass phrase with spaces ✓ ${'z'.repeat(30)}`.slice(0, 64);
      expect([...password].length).toBe(64);
      expect((await signUp({ ...validBody(email), password })).statusCode).toBe(201);
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user!.id));
      expect((await login(t.app, new CookieJar(), email, password)).statusCode).toBe(200);
      expect((await login(t.app, new CookieJar(), email, password.trim().slice(0, 63))).statusCode).toBe(401);
    });

    it('answers a registered address (in any letter case) exactly as a new one, and mails its owner instead', async () => {
      const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      const res = await signUp(validBody(DEMO_ACCOUNTS.customer.toUpperCase()));
      const fresh = await signUp(validBody());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual(fresh.json());
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.signUpSuccess });
      const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(after[0]!.n).toBe(before[0]!.n + 1);
      await t.app.ctx.mail.flush();
      const notice = await smtp.waitFor(
        (m) => m.to.includes(DEMO_ACCOUNTS.customer) && m.subject === 'You already have a Lading account',
      );
      expect(notice.text).toContain('/app-forgot-password');
    });

    it('concurrent sign-ups with one new address: one account, every answer the same 201, no 500', async () => {
      const email = newEmail();
      const results = await Promise.all(Array.from({ length: 6 }, () => signUp(validBody(email))));
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      const rows = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
    });

    it('answers a malformed, empty or __proto__ body with 400 in the sign-up error shape', async () => {
      const send = (payload: string) =>
        t.app.inject({
          method: 'POST',
          url: SIGN_UP,
          headers: { 'content-type': 'application/json' },
          payload,
        });
      for (const payload of [
        '{"email": ',
        '',
        '{"__proto__": {"isAdmin": true}, "email": "x@example.com"}',
      ]) {
        const res = await send(payload);
        expect(res.statusCode, payload).toBe(400);
        expect(typeof res.json().error, payload).toBe('string');
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    });

    it('writes nothing when sign-up fails', async () => {
      const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      await signUp({ ...validBody(), password: 'short' });
      const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(after[0]!.n).toBe(before[0]!.n);
    });
  });

  describe('login', () => {
    it('returns the user and sets an HttpOnly, SameSite, __Host- session cookie, new at every login', async () => {
      const jar = new CookieJar();
      const first = await login(t.app, jar, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
      expect(first.statusCode).toBe(200);
      expect(Object.keys(first.json()).sort()).toEqual([
        'companyStatus',
        'email',
        'first_name',
        'id',
        'is_admin',
        'last_name',
        'party',
        'party_code',
        'party_name',
        'username',
      ]);
      expect(first.json()).toMatchObject({
        email: DEMO_ACCOUNTS.customer,
        is_admin: false,
        party_name: 'Demo Exports Pvt Ltd',
        party_code: 'DEMOEXP',
        companyStatus: 'APPROVED',
      });
      const cookie = String(first.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-lading\.sid=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Secure/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
      const firstId = jar.get('__Host-lading.sid');
      await login(t.app, jar, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
      expect(jar.get('__Host-lading.sid')).not.toBe(firstId);
    });

    it('gives wrong passwords and unknown users the same answer and similar timing', async () => {
      const time = async (username: string) => {
        const start = performance.now();
        const res = await login(t.app, new CookieJar(), username, 'wrong password here');
        return { res, ms: performance.now() - start };
      };
      await time('warm-up@example.com');
      const known = [];
      const unknown = [];
      for (let i = 0; i < 3; i++) {
        known.push(await time(DEMO_ACCOUNTS.admin));
        unknown.push(await time(`nobody${i}@example.com`));
      }
      for (const { res } of [...known, ...unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          error: { code: 'UNAUTHENTICATED', message: ACCOUNT_MESSAGES.invalidCredentials },
        });
      }
      const avg = (xs: { ms: number }[]) => xs.reduce((a, b) => a + b.ms, 0) / xs.length;
      // Both pay for an argon2id verification; neither answers in a fraction of the other's time.
      expect(avg(unknown) / avg(known)).toBeGreaterThan(0.4);
      expect(avg(unknown) / avg(known)).toBeLessThan(2.5);
      await t.database.db.delete(loginFailures);
    });

    it('refuses an unverified account with a message saying to verify, and how to resend', async () => {
      const email = newEmail();
      await signUp(validBody(email));
      const res = await login(t.app, new CookieJar(), email, STRONG);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'EMAIL_NOT_VERIFIED',
        message: ACCOUNT_MESSAGES.emailNotVerified,
      });
      expect(res.headers['set-cookie']).toBeUndefined();

      const resend = await post('/authenticate/oauth/users/resend-verification/', { email });
      expect(resend.statusCode).toBe(202);
      const unknown = await post('/authenticate/oauth/users/resend-verification/', {
        email: 'nobody@example.com',
      });
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual(resend.json());
      await t.app.ctx.mail.flush();
      const mails = smtp.messages.filter((m) => m.to.includes(email));
      expect(mails.length).toBe(2);
      // Only the newest link works.
      const oldToken = linkIn(mails[0]!, '/app-verify-email').searchParams.get('token')!;
      const newToken = linkIn(mails[1]!, '/app-verify-email').searchParams.get('token')!;
      expect((await post('/authenticate/oauth/users/verify-email/', { token: oldToken })).statusCode).toBe(
        400,
      );
      expect((await post('/authenticate/oauth/users/verify-email/', { token: newToken })).statusCode).toBe(
        200,
      );
      expect((await login(t.app, new CookieJar(), email, STRONG)).statusCode).toBe(200);
    });

    it('names the missing field', async () => {
      const res = await post('/authenticate/oauth/login/', {
        username: '',
        password: 'x',
        client_id: 'lading-portal',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('username');
    });

    it('throttles an account after 10 failures in 15 minutes (429 + Retry-After), without a permanent lock-out', async () => {
      const email = await signUpAndVerify();
      for (let i = 0; i < 10; i++)
        expect((await login(t.app, new CookieJar(), email, 'not the password')).statusCode).toBe(401);
      const blocked = await login(t.app, new CookieJar(), email, STRONG);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().error.message).toBe(ACCOUNT_MESSAGES.tooManyAttempts);
      // The window slides: once the failures are older than 15 minutes, the right password works again.
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      await t.database.db
        .update(loginFailures)
        .set({ at: sql`now() - interval '16 minutes'` })
        .where(eq(loginFailures.accountKey, `user:${user!.id}`));
      expect((await login(t.app, new CookieJar(), email, STRONG)).statusCode).toBe(200);
    });

    it('counts per account, whichever identifier is typed (e-mail or username, any letter case)', async () => {
      const email = newEmail();
      const username = `captain.${seq}`;
      expect((await signUp({ ...validBody(email), username })).statusCode).toBe(201);
      await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
      for (const name of [email, username, email.toUpperCase(), username.toUpperCase(), email]) {
        for (let i = 0; i < 2; i++)
          expect((await login(t.app, new CookieJar(), name, 'not the password')).statusCode).toBe(401);
      }
      expect((await login(t.app, new CookieJar(), username, STRONG)).statusCode).toBe(429);
      expect((await login(t.app, new CookieJar(), email, STRONG)).statusCode).toBe(429);
    });

    it('holds the limit under 50 concurrent wrong passwords: exactly 10 are checked, the rest get 429', async () => {
      const email = await signUpAndVerify();
      const results = await Promise.all(
        Array.from({ length: 50 }, () => login(t.app, new CookieJar(), email, 'not the password')),
      );
      const checked = results.filter((r) => r.statusCode === 401).length;
      expect(checked).toBe(10);
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(50 - checked);
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      const recorded = await t.database.db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.accountKey, `user:${user!.id}`));
      expect(recorded).toHaveLength(checked);
      expect((await login(t.app, new CookieJar(), email, STRONG)).statusCode).toBe(429);
    });

    it('limits sign-in attempts per IP address (429)', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/authenticate/oauth/login/',
          remoteAddress: '203.0.113.9',
          payload: { username: `ip${i}@example.com`, password: 'whatever1', client_id: 'lading-portal' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
      await t.database.db.delete(loginFailures);
    });
  });

  describe('first login and profile', () => {
    it('isFirstLogin is true until the profile is completed, then false', async () => {
      const email = await signUpAndVerify();
      const { headers, user } = await signIn(t.app, email, STRONG);
      const check = () =>
        t.app.inject({
          method: 'GET',
          url: `/authenticate/oauth/users/check-first-login/?id=${user.id}`,
          headers,
        });
      expect((await check()).json()).toEqual({ isFirstLogin: true });
      const [party] = await t.database.db.select().from(parties).where(eq(parties.code, 'GULFIMP'));
      const update = await t.app.inject({
        method: 'PATCH',
        url: `/authenticate/oauth/users/${user.id}/update-cp-users/`,
        headers,
        payload: {
          id: user.id,
          party: party!.id,
          country: 'United Arab Emirates',
          contact_number: '+971501234567',
          address: 'Office 12, JAFZA One, Dubai',
        },
      });
      expect(update.statusCode).toBe(200);
      // Picking an existing company makes the user its pending member: its name only, until staff approve.
      expect(update.json()).toMatchObject({
        companyStatus: 'PENDING',
        partyName: 'Gulf Imports FZE',
        partyCode: null,
        partyExternalId: null,
        country: 'United Arab Emirates',
        contactNumber: '+971501234567',
        party: party!.id,
      });
      expect((await check()).json()).toEqual({ isFirstLogin: false });
      const read = await t.app.inject({
        method: 'GET',
        url: `/authenticate/oauth/users/${user.id}`,
        headers,
      });
      expect(read.json()).toMatchObject({
        address: 'Office 12, JAFZA One, Dubai',
        partyName: 'Gulf Imports FZE',
      });
    });

    it('admins never have a first login', async () => {
      const { headers, user } = await signIn(t.app, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
      const res = await t.app.inject({
        method: 'GET',
        url: `/authenticate/oauth/users/check-first-login/?id=${user.id}`,
        headers,
      });
      expect(res.json()).toEqual({ isFirstLogin: false });
    });

    it.each([
      ['a company that does not exist', { party: 999_999 }, 'party'],
      ['a country that is not in the list', { country: 'Atlantis' }, 'country'],
      ['a phone with letters', { contact_number: '98abc76543' }, 'contact_number'],
      ['an empty address', { address: '   ' }, 'address'],
    ])('refuses %s naming the field, and changes nothing', async (_label, change, field) => {
      const { headers, userId } = await (async () => {
        const r = await signIn(t.app, DEMO_ACCOUNTS.customer2, DEMO_PASSWORD);
        return { headers: r.headers, userId: r.user.id };
      })();
      const before = await t.app.inject({
        method: 'GET',
        url: `/authenticate/oauth/users/${userId}`,
        headers,
      });
      const [party] = await t.database.db.select().from(parties).where(eq(parties.code, 'HARBOUR'));
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/authenticate/oauth/users/${userId}/update-cp-users/`,
        headers,
        payload: {
          id: userId,
          party: party!.id,
          country: 'India',
          contact_number: '+919840000000',
          address: 'New address',
          ...change,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
      const after = await t.app.inject({
        method: 'GET',
        url: `/authenticate/oauth/users/${userId}`,
        headers,
      });
      expect(after.json()).toEqual(before.json());
    });

    it("keeps a customer out of another user's record: read and change 404", async () => {
      const me = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
      const other = await signIn(t.app, DEMO_ACCOUNTS.customer2, DEMO_PASSWORD);
      const read = await t.app.inject({
        method: 'GET',
        url: `/authenticate/oauth/users/${other.user.id}`,
        headers: me.headers,
      });
      expect(read.statusCode).toBe(404);
      const first = await t.app.inject({
        method: 'GET',
        url: `/authenticate/oauth/users/check-first-login/?id=${other.user.id}`,
        headers: me.headers,
      });
      expect(first.statusCode).toBe(404);
      const change = await t.app.inject({
        method: 'PATCH',
        url: `/authenticate/oauth/users/${other.user.id}/update-cp-users/`,
        headers: me.headers,
        payload: {
          id: other.user.id,
          party: me.user.party,
          country: 'India',
          contact_number: '+919800000000',
          address: 'Hijacked',
        },
      });
      expect(change.statusCode).toBe(404);
      const admin = await signIn(t.app, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
      const adminRead = await t.app.inject({
        method: 'GET',
        url: `/authenticate/oauth/users/${other.user.id}`,
        headers: admin.headers,
      });
      expect(adminRead.statusCode).toBe(200);
      expect(adminRead.json().address).not.toBe('Hijacked');
    });

    it('needs a token for every user call', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/authenticate/oauth/users/1' })).statusCode).toBe(
        401,
      );
      expect(
        (await t.app.inject({ method: 'GET', url: '/authenticate/oauth/users/check-first-login/?id=1' }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('sign-out', () => {
    it('revokes the tokens and ends the session on the server', async () => {
      const { headers, jar, user, tokens } = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
      const me = () => t.app.inject({ method: 'GET', url: `/authenticate/oauth/users/${user.id}`, headers });
      expect((await me()).statusCode).toBe(200);
      const out = await t.app.inject({
        method: 'POST',
        url: '/authenticate/oauth/logout/',
        headers: { ...headers, cookie: jar.header() },
      });
      expect(out.statusCode).toBe(204);
      jar.store(out);
      expect((await me()).statusCode).toBe(401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/authenticate/oauth/token/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: 'lading-portal',
          refresh_token: tokens.refresh_token!,
        }).toString(),
      });
      expect(refreshed.statusCode).toBe(400);
      // The browser's session is over: a new authorization gets no code.
      const { url } = await followRedirects(
        t.app,
        jar,
        authorizeUrl(t.app, { code_challenge: pkcePair().challenge }),
      );
      expect(new URL(url, t.app.ctx.env.publicUrl).searchParams.get('code')).toBeNull();
    });

    it('revokes every grant the session was given, not only the newest', async () => {
      const first = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
      // A second authorization in the same browser session (another tab), with its own grant.
      const { verifier, challenge } = pkcePair();
      const { url } = await followRedirects(
        t.app,
        first.jar,
        authorizeUrl(t.app, { code_challenge: challenge }),
      );
      const code = new URL(url, t.app.ctx.env.publicUrl).searchParams.get('code')!;
      const second = (await exchangeCode(t.app, { code, code_verifier: verifier })).json();
      const me = (token: string) =>
        t.app.inject({
          method: 'GET',
          url: `/authenticate/oauth/users/${first.user.id}`,
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await me(first.tokens.access_token)).statusCode).toBe(200);
      expect((await me(second.access_token)).statusCode).toBe(200);
      // Signing out with the session cookie alone (no bearer) ends both.
      const out = await t.app.inject({
        method: 'POST',
        url: '/authenticate/oauth/logout/',
        headers: { cookie: first.jar.header() },
      });
      expect(out.statusCode).toBe(204);
      expect((await me(first.tokens.access_token)).statusCode).toBe(401);
      expect((await me(second.access_token)).statusCode).toBe(401);
    });
  });

  describe('password reset', () => {
    it('takes the same time for a registered and an unknown address (the lookup happens after the answer)', async () => {
      const email = await signUpAndVerify();
      const time = async (address: string) => {
        const started = performance.now();
        const res = await post(
          '/authenticate/oauth/users/forgot-password/',
          { email: address },
          {
            'x-forwarded-for': '198.51.100.7',
          },
        );
        expect(res.statusCode).toBe(202);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      // Alternate which goes first, so a busy machine's drift falls on both sides alike.
      for (let i = 0; i < 21; i++) {
        if (i % 2) {
          known.push(await time(email));
          unknown.push(await time(`ghost${i}@example.com`));
        } else {
          unknown.push(await time(`ghost${i}@example.com`));
          known.push(await time(email));
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const ratio = median(known) / median(unknown);
      expect(ratio).toBeGreaterThan(0.6);
      expect(ratio).toBeLessThan(1.6);
      await t.app.ctx.mail.flush();
    });

    it('mails a single-use 30-minute link, answers the same for unknown addresses, and ends the other sessions', async () => {
      const email = await signUpAndVerify();
      const other = await signIn(t.app, email, STRONG);
      const known = await post('/authenticate/oauth/users/forgot-password/', { email });
      const unknown = await post('/authenticate/oauth/users/forgot-password/', {
        email: 'ghost@example.com',
      });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual(known.json());
      await t.app.ctx.mail.flush();
      const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset'));
      expect(smtp.messages.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
      const token = linkIn(mail, '/app-reset-password').searchParams.get('token')!;
      const [stored] = await t.database.db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.purpose, 'reset-password'))
        .orderBy(sql`created_at desc`)
        .limit(1);
      const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(29.9);
      expect(minutes).toBeLessThanOrEqual(30);

      const weak = await post('/authenticate/oauth/users/reset-password/', { token, password: 'qwerty123' });
      expect(weak.statusCode).toBe(400);
      const reset = await post('/authenticate/oauth/users/reset-password/', {
        token,
        password: 'a brand new pass phrase',
      });
      expect(reset.statusCode).toBe(200);
      expect(
        (await post('/authenticate/oauth/users/reset-password/', { token, password: 'yet another phrase' }))
          .statusCode,
      ).toBe(400);
      const stale = await t.app.inject({
        method: 'GET',
        url: `/authenticate/oauth/users/${other.user.id}`,
        headers: other.headers,
      });
      expect(stale.statusCode).toBe(401);
      expect((await login(t.app, new CookieJar(), email, STRONG)).statusCode).toBe(401);
      expect((await login(t.app, new CookieJar(), email, 'a brand new pass phrase')).statusCode).toBe(200);
    });

    it('refuses an expired reset link', async () => {
      const email = await signUpAndVerify();
      await post('/authenticate/oauth/users/forgot-password/', { email });
      await t.app.ctx.mail.flush();
      const token = linkIn(
        await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset')),
        '/app-reset-password',
      ).searchParams.get('token')!;
      await t.database.db
        .update(emailTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(emailTokens.purpose, 'reset-password'));
      const res = await post('/authenticate/oauth/users/reset-password/', {
        token,
        password: 'a brand new pass phrase',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(ACCOUNT_MESSAGES.linkInvalid);
    });
  });

  describe('change password', () => {
    it('needs the current password, keeps this device signed in and signs the others out', async () => {
      const email = await signUpAndVerify();
      const here = await signIn(t.app, email, STRONG);
      const there = await signIn(t.app, email, STRONG);
      const url = `/authenticate/oauth/users/${here.user.id}/change-password/`;
      const wrong = await post(
        url,
        { current_password: 'not it at all', new_password: 'fresh pass phrase 2' },
        here.headers,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toHaveProperty('current_password');
      const ok = await post(
        url,
        { current_password: STRONG, new_password: 'fresh pass phrase 2' },
        here.headers,
      );
      expect(ok.statusCode).toBe(200);
      const me = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: `/authenticate/oauth/users/${here.user.id}`, headers });
      expect((await me(here.headers)).statusCode).toBe(200);
      expect((await me(there.headers)).statusCode).toBe(401);
      expect((await login(t.app, new CookieJar(), email, 'fresh pass phrase 2')).statusCode).toBe(200);
    });

    it('throttles wrong current passwords like sign-in: the 11th try gets 429 even with the right one', async () => {
      const email = await signUpAndVerify();
      const here = await signIn(t.app, email, STRONG);
      const url = `/authenticate/oauth/users/${here.user.id}/change-password/`;
      for (let i = 0; i < 10; i++) {
        const wrong = await post(
          url,
          { current_password: `guess ${i}`, new_password: 'fresh pass phrase 3' },
          here.headers,
        );
        expect(wrong.statusCode).toBe(400);
      }
      const blocked = await post(
        url,
        { current_password: STRONG, new_password: 'fresh pass phrase 3' },
        here.headers,
      );
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Sign-in shares the account's counter.
      expect((await login(t.app, new CookieJar(), email, STRONG)).statusCode).toBe(429);
    });
  });

  describe('housekeeping', () => {
    it('purges expired tokens, sessions, links and old sign-in failures, and nothing live', async () => {
      const { purgeExpiredOidcPayloads } = await import('./oidc-adapter');
      const { purgeExpiredAccountData } = await import('./accounts.repository');
      const { oidcPayloads, sessions } = await import('../../db/schema/accounts');
      const live = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
      await t.database.db.insert(oidcPayloads).values({
        id: 'old-token',
        type: 'AccessToken',
        payload: {},
        expiresAt: sql`now() - interval '2 days'`,
      });
      await t.database.db
        .insert(loginFailures)
        .values({ accountKey: 'login:someone@example.com', at: sql`now() - interval '2 days'` });
      await t.database.db.insert(sessions).values({
        idHash: 'expired-session',
        userId: live.user.id,
        expiresAt: sql`now() - interval '1 minute'`,
      });
      await purgeExpiredOidcPayloads(t.database.db);
      await purgeExpiredAccountData(t.database.db);
      expect(await t.database.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, 'old-token'))).toEqual(
        [],
      );
      expect(
        await t.database.db
          .select()
          .from(loginFailures)
          .where(eq(loginFailures.accountKey, 'login:someone@example.com')),
      ).toEqual([]);
      expect(
        await t.database.db.select().from(sessions).where(eq(sessions.idHash, 'expired-session')),
      ).toEqual([]);
      const me = await t.app.inject({
        method: 'GET',
        url: `/authenticate/oauth/users/${live.user.id}`,
        headers: live.headers,
      });
      expect(me.statusCode).toBe(200);
    });
  });

  describe('mail durability', () => {
    it('keeps mail in the outbox while SMTP is down and delivers it once it is back', async () => {
      const down = await startSmtpServer();
      const port = down.port;
      await down.close();
      const local = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      try {
        const email = newEmail();
        await local.app.inject({ method: 'POST', url: SIGN_UP, payload: validBody(email) });
        await local.app.ctx.mail.flush();
        const [pending] = await local.database.db.select().from(outboxMails);
        expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
        expect(pending!.lastError).toBeTruthy();
        const up = await startSmtpServer(port);
        try {
          await local.database.db.update(outboxMails).set({ nextAttemptAt: sql`now()` });
          await local.app.ctx.mail.flush();
          const mail = await up.waitFor((m) => m.to.includes(email));
          expect(mail.subject).toContain('Verify');
          const [sent] = await local.database.db.select().from(outboxMails);
          expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
        } finally {
          await up.close();
        }
      } finally {
        await local.close();
      }
    });

    it('without SMTP_URL stores the mail in the outbox instead of dropping it', async () => {
      const local = await createTestApp();
      try {
        await local.app.inject({ method: 'POST', url: SIGN_UP, payload: validBody() });
        await local.app.ctx.mail.flush();
        const rows = await local.database.db.select().from(outboxMails);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: 'stored' });
        expect(rows[0]!.text).toContain('/app-verify-email?token=');
      } finally {
        await local.close();
      }
    });
  });
});
