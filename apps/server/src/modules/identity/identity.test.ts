import { ACCOUNT_MESSAGES } from '@lading/contract/accounts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema/identity';
import { users } from '../../db/schema/users';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo';
import { STRONG, useAccountsApp } from '../../test/accounts-app';
import {
  authorizeUrl,
  CookieJar,
  exchangeCode,
  followRedirects,
  login,
  pkcePair,
  signIn,
} from '../../test/auth';
import { linkIn, type startSmtpServer } from '../../test/smtp';
import type { TestApp } from '../../test/test-app';

describe('accounts', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const { newEmail, signUp, validBody, post, signUpAndVerify } = useAccountsApp((app, receiver) => {
    t = app;
    smtp = receiver;
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
      // Both links work until one verifies the address (issue 28): the older one verifies, the newer says so.
      const oldToken = linkIn(mails[0]!, '/app-verify-email').searchParams.get('token')!;
      const newToken = linkIn(mails[1]!, '/app-verify-email').searchParams.get('token')!;
      const verified = await post('/authenticate/oauth/users/verify-email/', { token: oldToken });
      expect(verified.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified, alreadyVerified: false });
      const again = await post('/authenticate/oauth/users/verify-email/', { token: newToken });
      expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.emailAlreadyVerified, alreadyVerified: true });
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
      const username = `captain.${email.slice(4, email.indexOf('@'))}`;
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

  describe('housekeeping', () => {
    it('purges expired tokens, sessions, links and old sign-in failures, and nothing live', async () => {
      const { purgeExpiredOidcPayloads } = await import('./oidc-adapter');
      const { purgeExpiredAccountData } = await import('./identity.repository');
      const { oidcPayloads, sessions } = await import('../../db/schema/identity');
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
});
