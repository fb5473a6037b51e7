import { ACCOUNT_MESSAGES } from '@lading/contract/accounts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTokens } from '../../db/schema/identity';
import { outboxMails } from '../../db/schema/mail';
import { users } from '../../db/schema/users';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { SIGN_UP, useAccountsApp } from '../../test/accounts-app';
import { CookieJar, login } from '../../test/auth';
import { linkIn, startSmtpServer } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueueMail } from '../mail';

describe('accounts', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const { newEmail, signUp, validBody, post } = useAccountsApp((app, receiver) => {
    t = app;
    smtp = receiver;
  });

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

    it('keeps the first link good when the same unverified address signs up again; one verifies, the other then says so', async () => {
      const email = newEmail();
      expect((await signUp(validBody(email))).statusCode).toBe(201);
      expect((await signUp(validBody(email))).statusCode).toBe(201);
      await t.app.ctx.mail.flush();
      await smtp.waitFor(
        (m) => m.to.includes(email) && smtp.messages.filter((n) => n.to.includes(email)).length >= 2,
      );
      const [first, second] = smtp.messages
        .filter((m) => m.to.includes(email))
        .map((m) => linkIn(m, '/app-verify-email').searchParams.get('token')!);
      expect(first).not.toBe(second);
      const verified = await post('/authenticate/oauth/users/verify-email/', { token: first });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified, alreadyVerified: false });
      // The second mail's link is spent with it: the account is verified, and the answer says so.
      const again = await post('/authenticate/oauth/users/verify-email/', { token: second });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.emailAlreadyVerified, alreadyVerified: true });
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      const live = await t.database.db
        .select()
        .from(emailTokens)
        .where(sql`${emailTokens.userId} = ${user!.id} and ${emailTokens.usedAt} is null`);
      expect(live).toHaveLength(0);
    });

    it.each([
      ['cut short', 'AbCdEfGhIjKlMnOpQrStUv'],
      ['empty', ''],
      ['with a space and a quote', `${'a'.repeat(40)} "x`],
      ['base64 padding', `${'A'.repeat(42)}=`],
      ['very long', 'A'.repeat(5000)],
    ])(
      'answers a malformed link token (%s) with "This link is not valid", naming the token, not the validator',
      async (_label, token) => {
        const res = await post('/authenticate/oauth/users/verify-email/', { token });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: ACCOUNT_MESSAGES.linkMalformed,
          fields: { token: ACCOUNT_MESSAGES.linkMalformed },
        });
        expect(ACCOUNT_MESSAGES.linkMalformed).toMatch(/^This link is not valid/);
      },
    );

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

    it('sends a burst of more than one batch in one flush', async () => {
      const smtp = await startSmtpServer();
      const local = await createTestApp({ SMTP_URL: smtp.url });
      try {
        const to = Array.from({ length: 25 }, () => newEmail());
        for (const address of to)
          await enqueueMail(local.database.db, { to: [address], subject: 'Burst', text: 'One of many.' });
        // One flush drains the outbox (it sent one batch of 10 per run, the rest waited for the next tick).
        await expect(local.app.ctx.mail.flush()).resolves.toBe(25);
        expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual([...to].sort());
        const rows = await local.database.db.select().from(outboxMails);
        expect(rows.map((r) => r.status)).toEqual(Array(25).fill('sent'));
      } finally {
        await local.close();
        await smtp.close();
      }
    });

    it('without SMTP_URL stores the mail in the outbox instead of dropping it', async () => {
      const local = await createTestApp({}, { demo: true });
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
