import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';
import { webauthnCredentials } from '../../db/schema/identity';
import { users } from '../../db/schema/users';
import { STRONG, useAccountsApp } from '../../test/accounts-app';
import {
  answerSecondStep,
  answerWithPasskey,
  CookieJar,
  finishOAuth,
  login,
  loginWithPasskey,
  signIn,
  totpCode,
} from '../../test/auth';
import type { startSmtpServer } from '../../test/smtp';
import type { TestApp } from '../../test/test-app';
import { SoftwareAuthenticator } from '../../test/webauthn-authenticator';
import { createIdentityService } from './identity.service';
import { sessionPolicyOf } from './sessions';

type Signed = Awaited<ReturnType<typeof signIn>>;

describe('passkeys (WebAuthn): registered on app-profile, a second step or a sign-in without the password', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const { signUpAndVerify } = useAccountsApp((app, receiver) => {
    t = app;
    smtp = receiver;
  });
  const origin = () => new URL(t.app.ctx.env.publicUrl).origin;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Signed, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  /** Registers a passkey of `authenticator` for the signed-in user; answers the route's answer. */
  async function register(
    who: Signed,
    authenticator: SoftwareAuthenticator,
    name = 'Work laptop',
    bend: Parameters<SoftwareAuthenticator['register']>[1] = {},
  ) {
    const options = await call('POST', '/authenticate/oauth/mfa/webauthn/registration-options/', who);
    expect(options.statusCode).toBe(200);
    return call('POST', '/authenticate/oauth/mfa/webauthn/', who, {
      name,
      response: authenticator.register(options.json(), bend),
    });
  }

  /** A new customer with one passkey: the authenticator holding it, the first session, and the recovery codes. */
  async function withPasskey(options?: { countsUses: boolean }) {
    const email = await signUpAndVerify();
    const who = await signIn(t.app, email, STRONG);
    const authenticator = new SoftwareAuthenticator(origin(), options);
    const added = await register(who, authenticator);
    expect(added.statusCode).toBe(201);
    return { email, who, authenticator, recoveryCodes: added.json().recoveryCodes as string[] };
  }

  const failuresOf = async (userId: number) => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from login_failures where account_key = ${`user:${userId}`}`,
    );
    return row!.n;
  };

  it('registers passkeys with user verification required: listed with name, created and last used, audited and mailed', async () => {
    const email = await signUpAndVerify();
    const who = await signIn(t.app, email, STRONG);
    const options = await call('POST', '/authenticate/oauth/mfa/webauthn/registration-options/', who);
    expect(options.statusCode).toBe(200);
    const body = options.json();
    expect(body).toMatchObject({
      rp: { name: 'Lading', id: new URL(t.app.ctx.env.publicUrl).hostname },
      user: { name: email, displayName: 'Mira Nair' },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    expect(body.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The user handle carries no personal data: 32 bytes that are not the id or the address.
    expect(Buffer.from(body.user.id, 'base64url')).toHaveLength(32);
    expect(body.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-7, -8, -257]);

    const authenticator = new SoftwareAuthenticator(origin());
    const first = await call('POST', '/authenticate/oauth/mfa/webauthn/', who, {
      name: 'Work laptop',
      response: authenticator.register(body),
    });
    expect(first.statusCode).toBe(201);
    const added = first.json();
    expect(added.passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null, backedUp: false });
    // The first second factor of the account: ten recovery codes, shown once.
    expect(added.recoveryCodes).toHaveLength(10);

    // A second passkey: the first is excluded from its options, and the account keeps its recovery codes.
    const again = await call('POST', '/authenticate/oauth/mfa/webauthn/registration-options/', who);
    expect(again.json().excludeCredentials).toEqual([
      {
        id: authenticator.credentials[0]!.id.toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);
    expect(again.json().user.id).toBe(body.user.id);
    const key = new SoftwareAuthenticator(origin());
    const second = await call('POST', '/authenticate/oauth/mfa/webauthn/', who, {
      name: 'YubiKey 5C',
      response: key.register(again.json()),
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().recoveryCodes).toEqual([]);

    const list = await call('GET', '/authenticate/oauth/mfa/webauthn/', who);
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['Work laptop', 'YubiKey 5C']);
    for (const passkey of list.json()) {
      expect(Object.keys(passkey).sort()).toEqual(['backedUp', 'createdAt', 'id', 'lastUsedAt', 'name']);
      expect(Date.parse(passkey.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect((await call('GET', '/authenticate/oauth/mfa/', who)).json()).toEqual({
      totp: false,
      passkeys: 2,
      recoveryCodesLeft: 10,
    });
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, who.user.id), eq(auditEvents.action, 'SECOND_FACTOR_ADDED')));
    expect(audits.map((a) => a.comment).sort()).toEqual(['passkey "Work laptop"', 'passkey "YubiKey 5C"']);
    await t.app.ctx.mail.flush();
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject.includes('second sign-in step was added'),
    );
    expect(mail.text).toContain('passkey');
  });

  it('refuses a registration without user verification, from another origin, or answering a used challenge', async () => {
    const email = await signUpAndVerify();
    const who = await signIn(t.app, email, STRONG);
    const authenticator = new SoftwareAuthenticator(origin());
    const unverified = await register(who, authenticator, 'Laptop', { userVerified: false });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().error.fields).toHaveProperty('response');
    const phished = await register(who, authenticator, 'Laptop', { origin: 'https://lading.example.net' });
    expect(phished.statusCode).toBe(400);

    // The right answer once: 201; the same answer again (its challenge is used up): 400.
    const options = await call('POST', '/authenticate/oauth/mfa/webauthn/registration-options/', who);
    const response = authenticator.register(options.json());
    expect(
      (await call('POST', '/authenticate/oauth/mfa/webauthn/', who, { name: 'Laptop', response })).statusCode,
    ).toBe(201);
    const replay = await call('POST', '/authenticate/oauth/mfa/webauthn/', who, { name: 'Laptop', response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.fields).toHaveProperty('response');

    // Another user's registration challenge is not this user's.
    const other = await signIn(t.app, await signUpAndVerify(), STRONG);
    const theirs = await call('POST', '/authenticate/oauth/mfa/webauthn/registration-options/', other);
    const stolen = await call('POST', '/authenticate/oauth/mfa/webauthn/', who, {
      name: 'Laptop',
      response: authenticator.register(theirs.json()),
    });
    expect(stolen.statusCode).toBe(400);

    // A name is one line of text.
    const badName = await call('POST', '/authenticate/oauth/mfa/webauthn/', who, {
      name: 'Laptop\r\nBcc: x@example.com',
      response,
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error.fields).toHaveProperty('name');
    expect((await call('GET', '/authenticate/oauth/mfa/webauthn/', who)).json()).toHaveLength(1);
  });

  it('asks for the passkey after the password, starting no session until its assertion is checked', async () => {
    const { email, authenticator } = await withPasskey();
    const jar = new CookieJar();
    const first = await login(t.app, jar, email, STRONG);
    expect(first.json()).toEqual({ mfaRequired: true, methods: ['webauthn', 'recovery'] });
    expect(jar.get('__Host-lading.sid')).toBeUndefined();

    const options = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/mfa/webauthn-options/',
      headers: { cookie: jar.header() },
    });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({
      rpId: new URL(t.app.ctx.env.publicUrl).hostname,
      userVerification: 'required',
      allowCredentials: [{ id: authenticator.credentials[0]!.id.toString('base64url'), type: 'public-key' }],
    });
    const answered = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/mfa/',
      headers: { cookie: jar.header() },
      payload: { webauthn: authenticator.assert(options.json()) },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ email });
    jar.store(answered);
    expect(jar.get('__Host-lading.sid')).toBeTruthy();
    // The OAuth flow goes on exactly as after a password sign-in, and the token works.
    const session = await finishOAuth(t.app, jar, answered);
    const me = await call('GET', '/authenticate/oauth/mfa/webauthn/', session);
    expect(me.statusCode).toBe(200);
    expect(me.json()[0].lastUsedAt).not.toBeNull();

    // Without a live half-done sign-in there are no options.
    const none = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/mfa/webauthn-options/',
    });
    expect(none.statusCode).toBe(401);
  });

  it('refuses an assertion without user verification, and counts it toward the account throttle', async () => {
    const { email, who, authenticator } = await withPasskey();
    const jar = new CookieJar();
    await login(t.app, jar, email, STRONG);
    const before = await failuresOf(who.user.id);
    const unverified = await answerWithPasskey(t.app, jar, authenticator, { userVerified: false });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().error.fields).toHaveProperty('webauthn');
    expect(await failuresOf(who.user.id)).toBe(before + 1);
    // From another origin (a phishing site's page): refused too.
    const phished = await answerWithPasskey(t.app, jar, authenticator, {
      origin: 'https://lading.example.net',
    });
    expect(phished.statusCode).toBe(400);
    // A right one clears the failures.
    expect((await answerWithPasskey(t.app, jar, authenticator)).statusCode).toBe(200);
    expect(await failuresOf(who.user.id)).toBe(0);
  });

  it('refuses a signature counter that did not grow (a cloned authenticator), and accepts counters that stay at zero', async () => {
    const { email, authenticator } = await withPasskey();
    const jar = new CookieJar();
    await login(t.app, jar, email, STRONG);
    expect((await answerWithPasskey(t.app, jar, authenticator, { counter: 5 })).statusCode).toBe(200);
    for (const counter of [5, 4, 0]) {
      const again = new CookieJar();
      await login(t.app, again, email, STRONG);
      const cloned = await answerWithPasskey(t.app, again, authenticator, { counter });
      expect(cloned.statusCode, `counter ${counter} after 5`).toBe(400);
    }
    const later = new CookieJar();
    await login(t.app, later, email, STRONG);
    expect((await answerWithPasskey(t.app, later, authenticator, { counter: 6 })).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ counter: webauthnCredentials.counter })
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.credentialId, authenticator.credentials[0]!.id.toString('base64url')));
    expect(row!.counter).toBe(6);

    // A platform authenticator without a counter (always 0) signs in again and again.
    const synced = await withPasskey({ countsUses: false });
    for (let i = 0; i < 2; i++) {
      const each = new CookieJar();
      await login(t.app, each, synced.email, STRONG);
      expect((await answerWithPasskey(t.app, each, synced.authenticator)).statusCode).toBe(200);
    }
  });

  it('answers each challenge once: a replayed assertion, or a second answer to the same options, is refused', async () => {
    const { email, authenticator } = await withPasskey();
    const jar = new CookieJar();
    await login(t.app, jar, email, STRONG);
    const options = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/mfa/webauthn-options/',
      headers: { cookie: jar.header() },
    });
    const assertion = authenticator.assert(options.json());
    // A wrong answer uses the challenge up: the right one sent after it, without new options, is refused.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/mfa/',
      headers: { cookie: jar.header() },
      payload: { webauthn: authenticator.assert(options.json(), { userVerified: false }) },
    });
    expect(wrong.statusCode).toBe(400);
    const late = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/mfa/',
      headers: { cookie: jar.header() },
      payload: { webauthn: assertion },
    });
    expect(late.statusCode).toBe(400);

    // A captured assertion replayed on a new sign-in (with its own challenge) is refused.
    const good = await answerWithPasskey(t.app, jar, authenticator);
    expect(good.statusCode).toBe(200);
    const next = new CookieJar();
    await login(t.app, next, email, STRONG);
    await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/mfa/webauthn-options/',
      headers: { cookie: next.header() },
    });
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/mfa/',
      headers: { cookie: next.header() },
      payload: { webauthn: assertion },
    });
    expect(replayed.statusCode).toBe(400);
  });

  it("refuses another user's passkey in the second step, and another user's passkey id on the routes", async () => {
    const alice = await withPasskey();
    const bob = await withPasskey();
    const jar = new CookieJar();
    await login(t.app, jar, bob.email, STRONG);
    // Bob's sign-in, answered with Alice's authenticator (her credential, signing Bob's challenge).
    const options = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/mfa/webauthn-options/',
      headers: { cookie: jar.header() },
    });
    const aliceId = alice.authenticator.credentials[0]!.id.toString('base64url');
    const crossed = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/mfa/',
      headers: { cookie: jar.header() },
      payload: { webauthn: alice.authenticator.assert(options.json(), { credentialId: aliceId }) },
    });
    expect(crossed.statusCode).toBe(400);
    expect(jar.get('__Host-lading.sid')).toBeUndefined();

    const [alicePasskey] = (await call('GET', '/authenticate/oauth/mfa/webauthn/', alice.who)).json();
    const rename = await call('PATCH', `/authenticate/oauth/mfa/webauthn/${alicePasskey.id}/`, bob.who, {
      name: 'Mine now',
    });
    expect(rename.statusCode).toBe(404);
    const remove = await call('DELETE', `/authenticate/oauth/mfa/webauthn/${alicePasskey.id}/`, bob.who, {
      password: STRONG,
    });
    expect(remove.statusCode).toBe(404);
    expect((await call('GET', '/authenticate/oauth/mfa/webauthn/', alice.who)).json()).toEqual([
      alicePasskey,
    ]);
  });

  it('signs in with a discoverable passkey in place of the password, answering the user and starting the session', async () => {
    const { email, authenticator } = await withPasskey();
    const jar = new CookieJar();
    const options = await t.app.inject({ method: 'POST', url: '/authenticate/oauth/login/passkey-options/' });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({
      rpId: new URL(t.app.ctx.env.publicUrl).hostname,
      userVerification: 'required',
    });
    expect(options.json().allowCredentials ?? []).toEqual([]);
    const signedIn = await loginWithPasskey(t.app, jar, authenticator);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ email });
    expect(jar.get('__Host-lading.sid')).toBeTruthy();
    expect(jar.get('__Host-lading.pk')).toBeUndefined();
    const session = await finishOAuth(t.app, jar, signedIn);
    expect((await call('GET', '/authenticate/oauth/sessions/', session)).json()).toHaveLength(2);

    // The same assertion again, with the cookie it was made under: the challenge is gone.
    const replayJar = new CookieJar();
    const again = await t.app.inject({ method: 'POST', url: '/authenticate/oauth/login/passkey-options/' });
    replayJar.store(again);
    const assertion = authenticator.assert(again.json());
    const ok = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/passkey/',
      headers: { cookie: replayJar.header() },
      payload: { webauthn: assertion },
    });
    expect(ok.statusCode).toBe(200);
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/passkey/',
      headers: { cookie: replayJar.header() },
      payload: { webauthn: assertion },
    });
    expect(replayed.statusCode).toBe(401);
    // Without the cookie of its options: refused.
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/passkey/',
      payload: { webauthn: assertion },
    });
    expect(noCookie.statusCode).toBe(401);
  });

  it('refuses a sign-in without the password that lacks user verification, the user handle, or a known passkey', async () => {
    const { who, authenticator } = await withPasskey();
    const unverified = await loginWithPasskey(t.app, new CookieJar(), authenticator, { userVerified: false });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().error.fields).toHaveProperty('webauthn');
    const noHandle = await loginWithPasskey(t.app, new CookieJar(), authenticator, {
      withoutUserHandle: true,
    });
    expect(noHandle.statusCode).toBe(400);
    expect(await failuresOf(who.user.id)).toBe(2);
    const stranger = new SoftwareAuthenticator(origin());
    stranger.register(
      (await call('POST', '/authenticate/oauth/mfa/webauthn/registration-options/', who)).json(),
    );
    const unknown = await loginWithPasskey(t.app, new CookieJar(), stranger);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('not registered');

    // A deactivated account does not sign in, whatever its passkey says.
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, who.user.id));
    const deactivated = await loginWithPasskey(t.app, new CookieJar(), authenticator);
    expect(deactivated.statusCode).toBe(401);
  });

  it('offers every second step the account has, and keeps the recovery codes while any factor is left', async () => {
    const { email, who, authenticator, recoveryCodes } = await withPasskey();
    expect(recoveryCodes).toHaveLength(10);
    // An authenticator app as well: both are offered.
    const started = await call('POST', '/authenticate/oauth/mfa/totp/', who);
    const { secret } = started.json() as { secret: string };
    const confirmed = await call('POST', '/authenticate/oauth/mfa/totp/confirm/', who, {
      code: totpCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await login(t.app, new CookieJar(), email, STRONG)).json()).toEqual({
      mfaRequired: true,
      methods: ['totp', 'webauthn', 'recovery'],
    });
    // The app off: the passkey still asks for a second step, with the recovery codes.
    const off = await call('DELETE', '/authenticate/oauth/mfa/totp/', who, {
      password: STRONG,
      code: totpCode(secret, 1),
    });
    expect(off.statusCode).toBe(204);
    expect((await call('GET', '/authenticate/oauth/mfa/', who)).json()).toEqual({
      totp: false,
      passkeys: 1,
      recoveryCodesLeft: 10,
    });
    const jar = new CookieJar();
    expect((await login(t.app, jar, email, STRONG)).json().methods).toEqual(['webauthn', 'recovery']);
    const codes = confirmed.json().recoveryCodes as string[];
    expect((await answerSecondStep(t.app, jar, { recoveryCode: codes[0]! })).statusCode).toBe(200);

    // Renamed, then removed with the password: the last factor takes the recovery codes with it.
    const [passkey] = (await call('GET', '/authenticate/oauth/mfa/webauthn/', who)).json();
    const renamed = await call('PATCH', `/authenticate/oauth/mfa/webauthn/${passkey.id}/`, who, {
      name: ' Phone ',
    });
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Phone' });
    const wrong = await call('DELETE', `/authenticate/oauth/mfa/webauthn/${passkey.id}/`, who, {
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('password');
    const removed = await call('DELETE', `/authenticate/oauth/mfa/webauthn/${passkey.id}/`, who, {
      password: STRONG,
    });
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', '/authenticate/oauth/mfa/', who)).json()).toEqual({
      totp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
    });
    expect((await login(t.app, new CookieJar(), email, STRONG)).json()).toHaveProperty('id');
    // The removed passkey no longer signs in without the password either.
    expect((await loginWithPasskey(t.app, new CookieJar(), authenticator)).statusCode).toBe(400);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, who.user.id), eq(auditEvents.action, 'SECOND_FACTOR_REMOVED')))
      .orderBy(sql`${auditEvents.id} desc`)
      .limit(1);
    expect(audit!.comment).toBe('passkey "Phone"');
    await t.app.ctx.mail.flush();
    await smtp.waitFor(
      (m) =>
        m.to.includes(email) &&
        m.text.includes('The passkey "Phone" was removed') &&
        m.text.includes('only the password'),
    );
  });

  it('keeps at most ten passkeys per account', async () => {
    const email = await signUpAndVerify();
    const who = await signIn(t.app, email, STRONG);
    for (let i = 1; i <= 10; i++)
      expect((await register(who, new SoftwareAuthenticator(origin()), `Key ${i}`)).statusCode).toBe(201);
    const eleventh = await call('POST', '/authenticate/oauth/mfa/webauthn/registration-options/', who);
    expect(eleventh.statusCode).toBe(409);
  });

  it('removes every passkey of a user for an administrator resetting a lost factor (removeAllPasskeys)', async () => {
    const { email, who } = await withPasskey();
    await register(who, new SoftwareAuthenticator(origin()), 'Spare key');
    const identity = createIdentityService({
      db: t.database.db,
      provider: {} as never,
      policy: sessionPolicyOf(t.app.ctx.env),
      isStaffAccount: async () => false,
      requiresSecondFactor: async () => false,
      publicUrl: t.app.ctx.env.publicUrl,
      kickMail: () => {},
      sessionSecret: t.app.ctx.env.sessionSecret,
    });
    expect(await t.database.db.transaction((tx) => identity.removeAllPasskeys(tx, who.user.id))).toBe(2);
    expect((await call('GET', '/authenticate/oauth/mfa/webauthn/', who)).json()).toEqual([]);
    expect((await login(t.app, new CookieJar(), email, STRONG)).json().mfaRequired).toBeUndefined();
  });
});
