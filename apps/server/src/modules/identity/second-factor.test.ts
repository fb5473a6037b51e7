import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { STRONG, useAccountsApp } from '../../test/accounts-app';
import {
  answerSecondStep,
  authorizeUrl,
  CookieJar,
  codeOfStep,
  currentStep,
  followRedirects,
  login,
  pkcePair,
  signIn,
  totpCode,
} from '../../test/auth';
import type { startSmtpServer } from '../../test/smtp';
import type { TestApp } from '../../test/test-app';

type Signed = Awaited<ReturnType<typeof signIn>>;

describe('second factor: an authenticator app (TOTP, RFC 6238) and recovery codes (ASVS V6.3.3)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const { signUpAndVerify } = useAccountsApp((app, receiver) => {
    t = app;
    smtp = receiver;
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Signed, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  /**
   * A new customer with a confirmed authenticator app: the secret, the recovery codes, a signed-in session and the
   * 30-second step the confirmation used (tests name steps, so the clock crossing into the next one changes nothing).
   */
  async function enrolled() {
    const email = await signUpAndVerify();
    const who = await signIn(t.app, email, STRONG);
    const started = await call('POST', '/authenticate/oauth/mfa/totp/', who);
    expect(started.statusCode).toBe(200);
    const { secret } = started.json() as { secret: string };
    const step = currentStep();
    const confirmed = await call('POST', '/authenticate/oauth/mfa/totp/confirm/', who, {
      code: codeOfStep(secret, step),
    });
    expect(confirmed.statusCode).toBe(200);
    return { email, secret, who, step, recoveryCodes: confirmed.json().recoveryCodes as string[] };
  }

  it('enrols with a QR code URI and the secret as text, confirmed by a first code, with ten recovery codes', async () => {
    const email = await signUpAndVerify();
    const who = await signIn(t.app, email, STRONG);
    expect((await call('GET', '/authenticate/oauth/mfa/', who)).json()).toEqual({
      totp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
    });
    const started = await call('POST', '/authenticate/oauth/mfa/totp/', who);
    const { secret, otpauthUri } = started.json() as { secret: string; otpauthUri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Lading:${email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret,
      issuer: 'Lading',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // Not confirmed yet: the password alone still signs in.
    expect((await login(t.app, new CookieJar(), email, STRONG)).json()).toHaveProperty('id');

    const wrong = await call('POST', '/authenticate/oauth/mfa/totp/confirm/', who, {
      code: totpCode(secret, 5),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('code');
    const confirmed = await call('POST', '/authenticate/oauth/mfa/totp/confirm/', who, {
      code: totpCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect((await call('GET', '/authenticate/oauth/mfa/', who)).json()).toEqual({
      totp: true,
      passkeys: 0,
      recoveryCodesLeft: 10,
    });
    // A second set-up while one is confirmed is refused; the factor stays.
    expect((await call('POST', '/authenticate/oauth/mfa/totp/', who)).statusCode).toBe(409);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, who.user.id), eq(auditEvents.action, 'SECOND_FACTOR_ADDED')));
    expect(audit).toMatchObject({ module: 'CP', recordType: 'USER', actorId: who.user.id });
    await t.app.ctx.mail.flush();
    await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('second sign-in step was added'));
  });

  it('asks for the code after the password, starting no session until it is given', async () => {
    const { email, secret } = await enrolled();
    const jar = new CookieJar();
    const first = await login(t.app, jar, email, STRONG);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mfaRequired: true, methods: ['totp', 'recovery'] });
    expect(jar.get('__Host-lading.sid')).toBeUndefined();
    expect(jar.get('__Host-lading.mfa')).toBeTruthy();
    // No portal session: the authorization request is answered login_required.
    const { url } = await followRedirects(
      t.app,
      jar,
      authorizeUrl(t.app, { code_challenge: pkcePair().challenge }),
    );
    expect(new URL(url, 'http://x').searchParams.get('error')).toBe('login_required');

    const wrong = await answerSecondStep(t.app, jar, { code: totpCode(secret, 4) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('code');
    const malformed = await answerSecondStep(t.app, jar, { code: '12ab' } as { code: string });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('code');

    // The enrolment spent the current step's code: the next step's (within the window) is the one to type.
    const right = await answerSecondStep(t.app, jar, { code: totpCode(secret, 1) });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ email });
    expect(jar.get('__Host-lading.sid')).toBeTruthy();
    // The authorization request now finds the portal session and issues a code.
    const authorized = await followRedirects(
      t.app,
      jar,
      authorizeUrl(t.app, { code_challenge: pkcePair().challenge }),
    );
    expect(new URL(authorized.url, 'http://x').searchParams.get('code')).toBeTruthy();
  });

  it('never accepts a code twice, even for two sign-ins at the same moment', async () => {
    const { email, secret, step } = await enrolled();
    // The enrolment used its step: that code is spent.
    const jar = new CookieJar();
    await login(t.app, jar, email, STRONG);
    const replay = await answerSecondStep(t.app, jar, { code: codeOfStep(secret, step) });
    expect(replay.statusCode).toBe(400);
    // The next step's code (within the one-step window) works once; two sign-ins racing with it: one wins.
    const jars = [new CookieJar(), new CookieJar()];
    for (const each of jars) expect((await login(t.app, each, email, STRONG)).json().mfaRequired).toBe(true);
    const next = codeOfStep(secret, step + 1);
    const answers = await Promise.all(jars.map((each) => answerSecondStep(t.app, each, { code: next })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('takes each recovery code once', async () => {
    const { email, recoveryCodes, who } = await enrolled();
    const jar = new CookieJar();
    await login(t.app, jar, email, STRONG);
    // Typed in lower case with a space instead of the dash: the same code.
    const typed = recoveryCodes[3]!.toLowerCase().replace('-', ' ');
    expect((await answerSecondStep(t.app, jar, { recoveryCode: typed })).statusCode).toBe(200);
    const again = new CookieJar();
    await login(t.app, again, email, STRONG);
    const reused = await answerSecondStep(t.app, again, { recoveryCode: recoveryCodes[3]! });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.fields).toHaveProperty('recoveryCode');
    expect((await call('GET', '/authenticate/oauth/mfa/', who)).json()).toEqual({
      totp: true,
      passkeys: 0,
      recoveryCodesLeft: 9,
    });
  });

  it('counts wrong codes toward the account throttle, like wrong passwords', async () => {
    const { email, secret } = await enrolled();
    const jar = new CookieJar();
    await login(t.app, jar, email, STRONG);
    for (let i = 0; i < 9; i++)
      expect((await answerSecondStep(t.app, jar, { code: totpCode(secret, 6 + i) })).statusCode).toBe(400);
    // Nine wrong codes and one wrong password: the account's tenth failure; the eleventh try is refused unchecked.
    expect((await login(t.app, new CookieJar(), email, 'not the password')).statusCode).toBe(401);
    const throttled = await answerSecondStep(t.app, jar, { code: totpCode(secret, 1) });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeTruthy();
  });

  it('refuses a second step without a live sign-in behind it', async () => {
    const noChallenge = await answerSecondStep(t.app, new CookieJar(), { code: '123456' });
    expect(noChallenge.statusCode).toBe(401);
    const both = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/login/mfa/',
      payload: { code: '123456', recoveryCode: 'ABCDE-FGHJK' },
    });
    expect(both.statusCode).toBe(400);
  });

  it('turns the app off only with the password and a current code', async () => {
    const { email, secret, who } = await enrolled();
    const off = (payload: object) => call('DELETE', '/authenticate/oauth/mfa/totp/', who, payload);
    const badPassword = await off({ password: 'wrong password', code: totpCode(secret, 1) });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().error.fields).toHaveProperty('password');
    const badCode = await off({ password: STRONG, code: totpCode(secret, 7) });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.fields).toHaveProperty('code');
    expect((await off({ password: STRONG, code: totpCode(secret, 1) })).statusCode).toBe(204);
    expect((await call('GET', '/authenticate/oauth/mfa/', who)).json()).toEqual({
      totp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
    });
    expect((await login(t.app, new CookieJar(), email, STRONG)).json()).toHaveProperty('id');
    await t.app.ctx.mail.flush();
    await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('second sign-in step was removed'));
  });
});
