import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcPayloads } from '../../db/schema/identity';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../seed/demo';
import {
  authorizeUrl,
  CookieJar,
  exchangeCode,
  followRedirects,
  login,
  pkcePair,
  redirectUri,
  signIn,
} from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';

/** RFC 7636 appendix B. */
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('OAuth 2 authorization code + PKCE (RFC 7636 / RFC 9700)', () => {
  let t: TestApp;
  let jar: CookieJar;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    await seedDemoData(t.database.db, { sessionSecret: t.app.ctx.env.sessionSecret });
    jar = new CookieJar();
    const res = await login(t.app, jar, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    userId = res.json().id;
  });
  afterAll(async () => t.close());

  /** Runs the authorization step with the signed-in browser and returns where it ended. */
  async function authorize(params: Record<string, string>) {
    const { response, url } = await followRedirects(t.app, jar, authorizeUrl(t.app, params));
    return { response, url: new URL(url, t.app.ctx.env.publicUrl) };
  }

  async function getCode(challenge: string) {
    const { url } = await authorize({ code_challenge: challenge });
    const code = url.searchParams.get('code');
    expect(code, `authorize ended at ${url}`).toBeTruthy();
    return code!;
  }

  const callApi = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/authenticate/oauth/users/${userId}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('completes a real exchange with the RFC 7636 appendix B verifier/challenge pair', async () => {
    const code = await getCode(RFC_CHALLENGE);
    const res = await exchangeCode(t.app, { code, code_verifier: RFC_VERIFIER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.refresh_token).toEqual(expect.any(String));
    expect((await callApi(body.access_token)).statusCode).toBe(200);
  });

  it('keeps the state and issuer on the redirect', async () => {
    const { url } = await authorize({ code_challenge: pkcePair().challenge, state: 'abc123' });
    expect(url.origin + url.pathname).toBe(redirectUri(t.app));
    expect(url.searchParams.get('state')).toBe('abc123');
    expect(url.searchParams.get('iss')).toBe(t.app.ctx.env.publicUrl);
  });

  it('does not redirect to an unregistered redirect_uri', async () => {
    for (const bad of [
      'https://evil.example/callback',
      `${redirectUri(t.app)}/extra`,
      `${redirectUri(t.app)}?x=1`,
      'http://localhost:3001/oauth/callback',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: authorizeUrl(t.app, { code_challenge: pkcePair().challenge, redirect_uri: bad }),
        headers: { cookie: jar.header() },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('redirect_uri');
    }
  });

  it('refuses a request without code_challenge', async () => {
    const { url } = await authorize({ code_challenge: '', code_challenge_method: '' });
    expect(url.searchParams.get('code')).toBeNull();
    expect(url.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses code_challenge_method=plain', async () => {
    const { url } = await authorize({ code_challenge: pkcePair().verifier, code_challenge_method: 'plain' });
    expect(url.searchParams.get('code')).toBeNull();
    expect(url.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses the implicit flow (response_type=token)', async () => {
    const { url, response } = await authorize({
      code_challenge: pkcePair().challenge,
      response_type: 'token',
    });
    expect(url.searchParams.get('access_token')).toBeNull();
    expect(url.hash).not.toContain('access_token');
    expect(response.statusCode).toBeGreaterThanOrEqual(300);
  });

  it.each([
    ['42 characters', 'a'.repeat(42)],
    ['129 characters', 'a'.repeat(129)],
  ])('refuses a verifier of %s', async (_label, verifier) => {
    const code = await getCode(pkcePair(verifier.length === 42 ? 'b'.repeat(43) : 'b'.repeat(128)).challenge);
    const res = await exchangeCode(t.app, { code, code_verifier: verifier });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });

  it('refuses a wrong verifier', async () => {
    const code = await getCode(pkcePair().challenge);
    const res = await exchangeCode(t.app, { code, code_verifier: pkcePair().verifier });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('refuses a reused code and revokes the token the first use issued', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await getCode(challenge);
    const first = await exchangeCode(t.app, { code, code_verifier: verifier });
    expect(first.statusCode).toBe(200);
    const { access_token: token } = first.json();
    expect((await callApi(token)).statusCode).toBe(200);
    const second = await exchangeCode(t.app, { code, code_verifier: verifier });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe('invalid_grant');
    const after = await callApi(token);
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toContain('invalid_token');
  });

  it('refuses the code for another client', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await getCode(challenge);
    const res = await exchangeCode(t.app, { code, code_verifier: verifier, client_id: 'another-client' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
    // …and the code is still bound to the portal: it works there once.
    expect((await exchangeCode(t.app, { code, code_verifier: verifier })).statusCode).toBe(200);
  });

  it('refuses a redirect_uri changed at the token step', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await getCode(challenge);
    const res = await exchangeCode(t.app, {
      code,
      code_verifier: verifier,
      redirect_uri: 'https://evil.example/callback',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('refuses an expired code (codes live 60 s)', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await getCode(challenge);
    const [row] = await t.database.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, code));
    const lifetime = (row!.expiresAt!.getTime() - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(50);
    expect(lifetime).toBeLessThanOrEqual(60);
    await t.database.db
      .update(oidcPayloads)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oidcPayloads.id, code));
    const res = await exchangeCode(t.app, { code, code_verifier: verifier });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('refuses grant_type=password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: 'lading-portal',
        username: DEMO_ACCOUNTS.customer,
        password: DEMO_PASSWORD,
      }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('unsupported_grant_type');
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('rotates refresh tokens and treats reuse of a rotated one as theft', async () => {
    const { tokens } = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    const refresh = (refreshToken: string) =>
      t.app.inject({
        method: 'POST',
        url: '/authenticate/oauth/token/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: 'lading-portal',
          refresh_token: refreshToken,
        }).toString(),
      });
    const rotated = await refresh(tokens.refresh_token!);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await callApi(next.access_token)).statusCode).toBe(200);
    const reused = await refresh(tokens.refresh_token!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
    // Reuse revokes the whole grant: the newer tokens stop working too.
    expect((await callApi(next.access_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(400);
  });

  it('answers an expired access token with 401 and WWW-Authenticate', async () => {
    const { tokens } = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    await t.database.db
      .update(oidcPayloads)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oidcPayloads.id, tokens.access_token));
    const res = await callApi(tokens.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it('answers a revoked access token with 401 (RFC 7009 revocation)', async () => {
    const { tokens } = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/revoke/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: tokens.access_token, client_id: 'lading-portal' }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await callApi(tokens.access_token)).statusCode).toBe(401);
  });

  it('issues no code to a browser without a portal session', async () => {
    const stranger = new CookieJar();
    const { url } = await followRedirects(
      t.app,
      stranger,
      authorizeUrl(t.app, { code_challenge: pkcePair().challenge }),
    );
    const ended = new URL(url, t.app.ctx.env.publicUrl);
    expect(ended.searchParams.get('code')).toBeNull();
    expect(ended.searchParams.get('error')).toBe('login_required');
  });

  it('binds the code to whoever holds the portal session now, not an older provider session', async () => {
    // Same browser: the customer signed in earlier; now customer2 signs in on it.
    const shared = new CookieJar();
    await login(t.app, shared, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    await followRedirects(t.app, shared, authorizeUrl(t.app, { code_challenge: pkcePair().challenge }));
    const second = await login(t.app, shared, DEMO_ACCOUNTS.customer2, DEMO_PASSWORD);
    const customer2Id = second.json().id;
    const { verifier, challenge } = pkcePair();
    const { url } = await followRedirects(t.app, shared, authorizeUrl(t.app, { code_challenge: challenge }));
    const code = new URL(url, t.app.ctx.env.publicUrl).searchParams.get('code')!;
    const exchanged = await exchangeCode(t.app, { code, code_verifier: verifier });
    const { access_token } = exchanged.json();
    const me = await t.app.inject({
      method: 'GET',
      url: `/authenticate/oauth/users/${customer2Id}`,
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(DEMO_ACCOUNTS.customer2);
  });
});
