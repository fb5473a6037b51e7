import type { Session } from '@lading/contract/sessions';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { sessions } from '../../db/schema/identity';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo';
import { STRONG, useAccountsApp } from '../../test/accounts-app';
import { CookieJar, exchangeCode, signIn } from '../../test/auth';
import type { startSmtpServer } from '../../test/smtp';
import { createTwoInstances, type TestApp } from '../../test/test-app';
import { ipPrefixOf } from './sessions';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

type Signed = Awaited<ReturnType<typeof signIn>>;

describe('sessions: where you are signed in, ending them, idle and absolute ends (ASVS V7.3, V7.4.5, V7.5.2)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const { signUpAndVerify } = useAccountsApp((app, receiver) => {
    t = app;
    smtp = receiver;
  });

  const get = (url: string, who: Signed, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...who.headers, ...headers } });
  const mySessions = async (who: Signed) => {
    const response = await get('/authenticate/oauth/sessions/', who);
    expect(response.statusCode).toBe(200);
    return response.json() as Session[];
  };
  const refresh = (who: Signed) =>
    exchangeCode(t.app, { grant_type: 'refresh_token', refresh_token: who.tokens.refresh_token! });
  /** Moves a session's last activity back, as if nobody had used it for `minutes`. */
  const idleFor = async (sessionId: string, minutes: number) => {
    await t.database.db
      .update(sessions)
      .set({ lastActiveAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(sessions.publicId, sessionId));
    await forgetCachedTokens();
  };
  /**
   * Moving a session's clock back in the database stands for time passing; so does the principal cache's forgetting
   * (it keeps a token 60 s at most): every instance is told to forget, as when notices may have been missed.
   */
  const forgetCachedTokens = () => t.database.db.execute(sql`select pg_notify('lading_principal', '*')`);

  it('lists every live session with its device, network, times, and marks this one', async () => {
    const email = await signUpAndVerify();
    const desk = await signIn(t.app, email, STRONG, {
      userAgent: CHROME_WINDOWS,
      remoteAddress: '203.0.113.77',
    });
    const phone = await signIn(t.app, email, STRONG, {
      userAgent: SAFARI_IPHONE,
      remoteAddress: '198.51.100.9',
    });
    const seenFromDesk = await mySessions(desk);
    expect(seenFromDesk).toHaveLength(2);
    const [first, second] = seenFromDesk;
    expect(Object.keys(first!).sort()).toEqual(
      ['createdAt', 'current', 'id', 'ipPrefix', 'lastActiveAt', 'userAgent'].sort(),
    );
    const deskRow = seenFromDesk.find((s) => s.userAgent === CHROME_WINDOWS)!;
    const phoneRow = seenFromDesk.find((s) => s.userAgent === SAFARI_IPHONE)!;
    expect(deskRow).toMatchObject({ current: true, ipPrefix: '203.0.113.0/24' });
    expect(phoneRow).toMatchObject({ current: false, ipPrefix: '198.51.100.0/24' });
    expect([first, second].filter((s) => s!.current)).toHaveLength(1);
    // The phone sees the same two, with itself as the current one.
    const seenFromPhone = await mySessions(phone);
    expect(seenFromPhone.find((s) => s.current)?.id).toBe(phoneRow.id);
  });

  it('ends another session at once: its access and refresh tokens are refused, and it is audited', async () => {
    const email = await signUpAndVerify();
    const desk = await signIn(t.app, email, STRONG, { userAgent: CHROME_WINDOWS });
    const phone = await signIn(t.app, email, STRONG, { userAgent: SAFARI_IPHONE });
    expect((await get('/authenticate/oauth/sessions/', phone)).statusCode).toBe(200);
    const phoneId = (await mySessions(desk)).find((s) => !s.current)!.id;

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/authenticate/oauth/sessions/${phoneId}/`,
      headers: desk.headers,
    });
    expect(ended.statusCode).toBe(204);
    expect((await get('/authenticate/oauth/sessions/', phone)).statusCode).toBe(401);
    expect((await refresh(phone)).statusCode).toBe(400);
    expect((await mySessions(desk)).map((s) => s.id)).not.toContain(phoneId);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, desk.user.id), eq(auditEvents.action, 'SESSION_ENDED')));
    expect(audit).toMatchObject({ module: 'CP', recordType: 'USER', actorId: desk.user.id });

    // A second end of the same session, and a session of someone else, are not found.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/authenticate/oauth/sessions/${phoneId}/`,
      headers: desk.headers,
    });
    expect(again.statusCode).toBe(404);
    const stranger = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    const strangersOwn = (await mySessions(stranger))[0]!.id;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/authenticate/oauth/sessions/${strangersOwn}/`,
      headers: desk.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get('/authenticate/oauth/sessions/', stranger)).statusCode).toBe(200);
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/authenticate/oauth/sessions/not-a-uuid/',
      headers: desk.headers,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('sessionId');
  });

  it('signs out everywhere else, keeping this session', async () => {
    const email = await signUpAndVerify();
    const here = await signIn(t.app, email, STRONG);
    const others = [await signIn(t.app, email, STRONG), await signIn(t.app, email, STRONG)];
    const response = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/sessions/end-others/',
      headers: here.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    for (const other of others)
      expect((await get('/authenticate/oauth/sessions/', other)).statusCode).toBe(401);
    expect(await mySessions(here)).toHaveLength(1);
    expect((await refresh(here)).statusCode).toBe(200);
  });

  it('ends an idle session: after SESSION_IDLE_MINUTES without a call made for the user its tokens stop working', async () => {
    const email = await signUpAndVerify();
    const who = await signIn(t.app, email, STRONG);
    const [session] = await mySessions(who);
    const answer = await get('/authenticate/oauth/sessions/', who);
    expect(Number(answer.headers['x-session-idle-remaining'])).toBeGreaterThan(29 * 60);
    expect(Number(answer.headers['x-session-idle-remaining'])).toBeLessThanOrEqual(30 * 60);

    await idleFor(session!.id, 29);
    // 29 minutes idle: still live, and a call made for the user moves the end on.
    expect((await get('/authenticate/oauth/sessions/', who)).statusCode).toBe(200);
    const [touched] = await t.database.db
      .select({ lastActiveAt: sessions.lastActiveAt })
      .from(sessions)
      .where(eq(sessions.publicId, session!.id));
    expect(Date.now() - touched!.lastActiveAt.getTime()).toBeLessThan(60_000);

    // A background poll does not count as activity.
    await idleFor(session!.id, 10);
    const poll = await get('/authenticate/oauth/sessions/', who, { 'x-lading-background': '1' });
    expect(poll.statusCode).toBe(200);
    expect(Number(poll.headers['x-session-idle-remaining'])).toBeLessThanOrEqual(20 * 60);
    const [untouched] = await t.database.db
      .select({ lastActiveAt: sessions.lastActiveAt })
      .from(sessions)
      .where(eq(sessions.publicId, session!.id));
    expect(Date.now() - untouched!.lastActiveAt.getTime()).toBeGreaterThan(9 * 60_000);

    await idleFor(session!.id, 31);
    // Past the idle end: the access token (even one the principal cache keeps) and the refresh token fail.
    expect((await get('/authenticate/oauth/sessions/', who)).statusCode).toBe(401);
    expect((await refresh(who)).statusCode).toBe(400);
  });

  it('gives carrier staff a 12-hour session and customers 7 days, whatever the activity', async () => {
    const staff = await signIn(t.app, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const customer = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    const lifetimeHours = async (who: Signed) => {
      const [row] = await t.database.db
        .select({
          hours: sql<number>`extract(epoch from ${sessions.expiresAt} - ${sessions.createdAt}) / 3600`,
        })
        .from(sessions)
        .where(eq(sessions.publicId, (await mySessions(who)).find((s) => s.current)!.id));
      return Math.round(Number(row!.hours));
    };
    expect(await lifetimeHours(staff)).toBe(12);
    expect(await lifetimeHours(customer)).toBe(7 * 24);
    // Past its absolute end a session is over, however recently it was used.
    const id = (await mySessions(staff)).find((s) => s.current)!.id;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.publicId, id));
    await forgetCachedTokens();
    expect((await get('/authenticate/oauth/sessions/', staff)).statusCode).toBe(401);
    expect((await refresh(staff)).statusCode).toBe(400);
  });

  it('mails the user when a new browser signs in, but not for the first browser or a known one', async () => {
    const email = await signUpAndVerify();
    const jar = new CookieJar();
    await signIn(t.app, email, STRONG, { userAgent: CHROME_WINDOWS }, jar);
    await signIn(t.app, email, STRONG, { userAgent: CHROME_WINDOWS }, jar);
    await signIn(t.app, email, STRONG, { userAgent: SAFARI_IPHONE, remoteAddress: '198.51.100.9' });
    await t.app.ctx.mail.flush();
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'New sign-in to your Lading account',
    );
    expect(mail.text).toContain('Safari 18 on iOS');
    expect(mail.text).toContain('198.51.100.0/24');
    const newDeviceMails = smtp.messages.filter(
      (m) => m.to.includes(email) && m.subject === 'New sign-in to your Lading account',
    );
    expect(newDeviceMails).toHaveLength(1);
  });

  it('ends a session on one instance and the other refuses its token at the next call', async () => {
    const two = await createTwoInstances(t.database);
    try {
      const [a, b] = two.apps;
      const email = await signUpAndVerify();
      const desk = await signIn(a, email, STRONG);
      const phone = await signIn(b, email, STRONG);
      const onB = () =>
        b.inject({ method: 'GET', url: '/authenticate/oauth/sessions/', headers: phone.headers });
      expect((await onB()).statusCode).toBe(200);
      const phoneId = (
        (
          await a.inject({ method: 'GET', url: '/authenticate/oauth/sessions/', headers: desk.headers })
        ).json() as Session[]
      ).find((s) => !s.current)!.id;
      const ended = await a.inject({
        method: 'DELETE',
        url: `/authenticate/oauth/sessions/${phoneId}/`,
        headers: desk.headers,
      });
      expect(ended.statusCode).toBe(204);
      // The grant's removal is announced to every instance: B's cache forgets the token before its next call.
      await expect.poll(async () => (await onB()).statusCode, { timeout: 10_000 }).toBe(401);
    } finally {
      await two.close();
    }
  });

  it("lets an administrator see and end a user's sessions, one or all, with the reason audited", async () => {
    const email = await signUpAndVerify();
    const desk = await signIn(t.app, email, STRONG, { userAgent: CHROME_WINDOWS });
    const phone = await signIn(t.app, email, STRONG, { userAgent: SAFARI_IPHONE });
    const admin = await signIn(t.app, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const userId = desk.user.id;
    const listed = await get(`/cp/admin/users/${userId}/sessions/`, admin);
    expect(listed.statusCode).toBe(200);
    const rows = listed.json() as Session[];
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => !row.current)).toBe(true);
    const phoneId = rows.find((row) => row.userAgent === SAFARI_IPHONE)!.id;

    const end = (url: string, payload: unknown) =>
      t.app.inject({ method: 'DELETE', url, headers: admin.headers, payload: payload as object });
    const noReason = await end(`/cp/admin/users/${userId}/sessions/${phoneId}/`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty('reason');
    expect((await get('/authenticate/oauth/sessions/', phone)).statusCode).toBe(200);

    const one = await end(`/cp/admin/users/${userId}/sessions/${phoneId}/`, {
      reason: 'Phone reported lost',
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ ended: 1 });
    expect((await get('/authenticate/oauth/sessions/', phone)).statusCode).toBe(401);
    expect((await get('/authenticate/oauth/sessions/', desk)).statusCode).toBe(200);
    const gone = await end(`/cp/admin/users/${userId}/sessions/${phoneId}/`, {
      reason: 'Phone reported lost',
    });
    expect(gone.statusCode).toBe(404);

    const all = await end(`/cp/admin/users/${userId}/sessions/`, { reason: 'Password shared by e-mail' });
    expect(all.json()).toEqual({ ended: 1 });
    expect((await get('/authenticate/oauth/sessions/', desk)).statusCode).toBe(401);
    const audits = await t.database.db
      .select({ action: auditEvents.action, comment: auditEvents.comment, module: auditEvents.module })
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, userId), eq(auditEvents.recordType, 'USER')))
      .orderBy(auditEvents.id);
    expect(audits).toEqual([
      { action: 'SESSION_ENDED', comment: `session ${phoneId}: Phone reported lost`, module: 'ADMIN' },
      { action: 'SESSIONS_ENDED', comment: '1 session: Password shared by e-mail', module: 'ADMIN' },
    ]);

    // Out of scope: the Chennai branch administrator does not reach a customer's account.
    const branch = await signIn(t.app, DEMO_ACCOUNTS.branchAdmin, DEMO_PASSWORD);
    const user = await get(`/cp/admin/users/${userId}/`, branch);
    const sessionsSeen = await get(`/cp/admin/users/${userId}/sessions/`, branch);
    expect(sessionsSeen.statusCode).toBe(user.statusCode);
    expect([403, 404]).toContain(sessionsSeen.statusCode);
  });

  it('cuts client addresses to a /24 or /48 network', () => {
    expect(ipPrefixOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(ipPrefixOf('::ffff:10.1.2.3')).toBe('10.1.2.0/24');
    expect(ipPrefixOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(ipPrefixOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(ipPrefixOf('::1')).toBe('0:0:0::/48');
    expect(ipPrefixOf('not an address')).toBeNull();
    expect(ipPrefixOf(undefined)).toBeNull();
  });
});
