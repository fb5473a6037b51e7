import { ACCOUNT_MESSAGES } from '@lading/contract/accounts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parties } from '../../db/schema/companies';
import { emailTokens } from '../../db/schema/identity';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo';
import { STRONG, useAccountsApp } from '../../test/accounts-app';
import { CookieJar, login, signIn } from '../../test/auth';
import { linkIn, type startSmtpServer } from '../../test/smtp';
import type { TestApp } from '../../test/test-app';

describe('accounts', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const { post, signUpAndVerify } = useAccountsApp((app, receiver) => {
    t = app;
    smtp = receiver;
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

    it('lifts the sign-in throttle of the account whose password it resets (SECURITY.md finding 10)', async () => {
      const email = await signUpAndVerify();
      for (let i = 0; i < 10; i++) await login(t.app, new CookieJar(), email, 'not the password');
      expect((await login(t.app, new CookieJar(), email, STRONG)).statusCode).toBe(429);
      await post('/authenticate/oauth/users/forgot-password/', { email });
      await t.app.ctx.mail.flush();
      const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset'));
      const token = linkIn(mail, '/app-reset-password').searchParams.get('token')!;
      const reset = await post('/authenticate/oauth/users/reset-password/', {
        token,
        password: 'a harbour of new phrases',
      });
      expect(reset.statusCode).toBe(200);
      // The owner proved the address: the failures a guesser ran up no longer lock them out.
      expect((await login(t.app, new CookieJar(), email, 'a harbour of new phrases')).statusCode).toBe(200);
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
});
