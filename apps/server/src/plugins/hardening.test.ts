import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../seed/demo';
import { CookieJar, login, signIn } from '../test/auth';
import { createTestDatabase } from '../test/test-database';

/**
 * Defects found under attack (issue 9): caching of authenticated answers, trickled bodies, the database going away,
 * secrets in logs, cross-site form posts, public source maps. Each app here is built the way server.ts builds it,
 * with its log lines captured.
 */
async function startApp(envOverrides: Record<string, string> = {}, webDist?: string) {
  const database = await createTestDatabase();
  const lines: string[] = [];
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: 'pglite:memory',
    ...envOverrides,
  });
  const app = await buildApp({
    env,
    database,
    mailIntervalMs: 60_000,
    logStream: { write: (line: string) => void lines.push(line) },
    webDist: webDist ?? '/nonexistent/lading-web-dist',
  });
  await app.ready();
  await seedDemoData(database.db);
  return {
    app,
    database,
    lines,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('hardening', () => {
  let t: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('answers every authenticated response, and the sign-in endpoints, with Cache-Control: no-store', async () => {
    const { headers, user } = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    const list = await t.app.inject({ method: 'GET', url: '/cp/bill-of-ladings/', headers });
    const id = list.json().results[0].id;
    for (const url of [
      '/cp/bill-of-ladings/',
      `/cp/bill-of-ladings/${id}`,
      `/authenticate/oauth/users/${user.id}`,
      `/authenticate/oauth/users/${user.id}/auth-data/`,
      '/core/base/v1/countries/?query=ind',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const loginRes = await login(t.app, new CookieJar(), DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    expect(loginRes.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/cp/bill-of-ladings/' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('refuses state-changing requests from another site (login CSRF), accepts its own origin and non-browsers', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const payload = new URLSearchParams({
      username: DEMO_ACCOUNTS.customer,
      password: DEMO_PASSWORD,
      client_id: 'lading-portal',
    }).toString();
    const post = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers: { ...form, ...headers }, payload });
    for (const url of [
      '/authenticate/oauth/login/',
      '/authenticate/oauth/logout/',
      '/authenticate/oauth/users/1/change-password/',
    ]) {
      const evil = await post(url, { origin: 'https://evil.example' });
      expect(evil.statusCode, url).toBe(403);
      expect(evil.headers['set-cookie'], url).toBeUndefined();
      const nullOrigin = await post(url, { origin: 'null' });
      expect(nullOrigin.statusCode, url).toBe(403);
      const crossSite = await post(url, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.statusCode, url).toBe(403);
    }
    const own = await post('/authenticate/oauth/login/', {
      origin: t.app.ctx.env.publicUrl,
      'sec-fetch-site': 'same-origin',
    });
    expect(own.statusCode).toBe(200);
    const sameHost = await post('/authenticate/oauth/login/', {
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(sameHost.statusCode).toBe(200);
    const noBrowser = await post('/authenticate/oauth/login/', {});
    expect(noBrowser.statusCode).toBe(200);
  });

  it('lets no client choose the scheme or host the OAuth provider writes into its discovery document', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/.well-known/openid-configuration',
      headers: {
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '198.51.100.1',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.json().authorization_endpoint).toMatch(
      /^http:\/\/localhost(:\d+)?\/authenticate\/o\/authorize\/$/,
    );
  });

  it('ends the browser’s previous session when it signs in again, and signs provider cookies with SHA-256', async () => {
    const first = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    const me = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/authenticate/oauth/users/${first.user.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await me(first.tokens.access_token)).statusCode).toBe(200);
    const signature = first.jar.get('_session.sig') ?? first.jar.get('_session.legacy.sig');
    expect(signature).toHaveLength(43); // base64url of an HMAC-SHA256; SHA-1 would be 27
    const again = await login(t.app, first.jar, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect((await me(first.tokens.access_token)).statusCode).toBe(401);
  });

  it("sets base-uri 'none' in the content security policy", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("base-uri 'none'");
  });

  it('sends the security headers on every answer, an unknown path included, and its own policy on /docs', async () => {
    for (const url of ['/healthz', '/no-such-path', '/cp/bill-of-ladings/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
    const docs = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(docs.headers['content-security-policy']).toContain("'unsafe-eval'");
  });

  it('keeps tokens, codes, link tokens and password hashes out of every log line', async () => {
    t.lines.length = 0;
    const { tokens, jar } = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    // Browsers fetch these pages with secrets in the address: the callback (code) and the e-mail links (token).
    const code = 'Xq9-code-that-must-not-be-logged';
    const linkToken = 'link-token-that-must-not-be-logged';
    await t.app.inject({ method: 'GET', url: `/oauth/callback?code=${code}&state=abc` });
    await t.app.inject({ method: 'GET', url: `/app-verify-email?token=${linkToken}` });
    await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/users/verify-email/',
      payload: { token: linkToken },
    });
    await t.app.inject({ method: 'GET', url: `/authenticate/o/authorize/?code=${code}&token=${linkToken}` });
    expect(jar.header()).toBeTruthy();
    const joined = () => t.lines.join('\n');
    expect(joined()).toContain('/oauth/callback?code=[redacted]');
    for (const secret of [tokens.access_token, tokens.refresh_token!, code, linkToken, DEMO_PASSWORD]) {
      expect(joined()).not.toContain(secret);
    }
    expect(joined()).not.toMatch(/\$argon2/);
  });

  it('logs why the token endpoint refused a request, without the code or the token sent', async () => {
    t.lines.length = 0;
    const code = 'refused-code-that-must-not-be-logged';
    const bearer = 'bearer-that-must-not-be-logged';
    const exchange = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/authenticate/oauth/token/',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: 'lading-portal',
          code,
          code_verifier: 'v'.repeat(43),
          redirect_uri: 'http://localhost:3000/oauth/callback',
        }).toString(),
      });
    const withBearer = await exchange({ authorization: `Bearer ${bearer}` });
    expect(withBearer.statusCode).toBe(400);
    const unknownCode = await exchange({});
    expect(unknownCode.statusCode).toBe(400);
    const refusals = t.lines
      .map(
        (line) =>
          JSON.parse(line) as { level: number; msg: string; oauthError?: string; description?: string },
      )
      .filter((line) => line.msg === 'token request refused');
    expect(refusals).toEqual([
      expect.objectContaining({
        level: 40,
        oauthError: withBearer.json().error,
        description: withBearer.json().error_description,
      }),
      expect.objectContaining({
        level: 40,
        oauthError: 'invalid_grant',
        description: unknownCode.json().error_description,
      }),
    ]);
    expect(refusals[0]!.description).toMatch(/authorization header/);
    expect(t.lines.join('\n')).not.toContain(code);
    expect(t.lines.join('\n')).not.toContain(bearer);
  });

  it('writes one line per request (method, scrubbed URL, status, response time, request id), unrouted ones too', async () => {
    const secret = 'one-line-secret';
    for (const { url, status, logged } of [
      { url: `/healthz?token=${secret}`, status: 200, logged: '/healthz?token=[redacted]' },
      // Answered by the not-found handler, and by the framework error handler (percent-encoding that is not UTF-8).
      { url: `/no-such-path?code=${secret}`, status: 404, logged: '/no-such-path?code=[redacted]' },
      {
        url: `/cp/bill-of-ladings/%ED%A0%80?code=${secret}`,
        status: 400,
        logged: '/cp/bill-of-ladings/%ED%A0%80?code=[redacted]',
      },
    ]) {
      t.lines.length = 0;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(t.lines, url).toHaveLength(1);
      const line = JSON.parse(t.lines[0]!);
      expect(line, url).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url: logged },
        res: { statusCode: status },
      });
      expect(line.reqId, url).toEqual(expect.any(String));
      expect(line.responseTime, url).toEqual(expect.any(Number));
      expect(t.lines[0], url).not.toContain(secret);
    }
  });

  it('writes security events: sign-in success and failure, 403 refusals, session ends, with user and request ids', async () => {
    const events = () =>
      t.lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => typeof entry.securityEvent === 'string');
    const from = events().length;
    const wrong = await login(t.app, new CookieJar(), DEMO_ACCOUNTS.customer2, 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    const { headers, user } = await signIn(t.app, DEMO_ACCOUNTS.customer2, DEMO_PASSWORD);
    const refused = await t.app.inject({ method: 'GET', url: '/cp/admin/users/', headers });
    expect(refused.statusCode).toBe(403);
    const ended = await t.app.inject({
      method: 'POST',
      url: '/authenticate/oauth/sessions/end-others/',
      headers,
    });
    expect(ended.statusCode).toBe(200);
    const seen = events().slice(from);
    const named = (event: string) => seen.filter((entry) => entry.securityEvent === event);
    expect(named('sign-in.failed')).toEqual([
      expect.objectContaining({
        login: DEMO_ACCOUNTS.customer2,
        reason: 'UNAUTHENTICATED',
        reqId: expect.any(String),
      }),
    ]);
    expect(named('sign-in.succeeded')).toEqual([
      expect.objectContaining({ userId: user.id, reqId: expect.any(String) }),
    ]);
    expect(named('access.refused')).toEqual([
      expect.objectContaining({
        userId: user.id,
        required: 'ADMIN.USER.VIEW',
        reqId: refused.headers['x-request-id'],
      }),
    ]);
    expect(named('sessions.ended')).toEqual([
      expect.objectContaining({ userId: user.id, count: expect.any(Number) }),
    ]);
    // Never the password typed.
    expect(JSON.stringify(seen)).not.toContain('not the password at all');
    expect(JSON.stringify(seen)).not.toContain(DEMO_PASSWORD);
  });
});

describe('the database going away', () => {
  it('answers 503 with Retry-After (not 500), and logs neither the bearer token nor query parameters', async () => {
    const t = await startApp();
    const { headers, tokens } = await signIn(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    await t.database.close();
    for (const request of [
      { method: 'GET' as const, url: '/cp/bill-of-ladings/', headers },
      {
        method: 'POST' as const,
        url: '/authenticate/oauth/login/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${encodeURIComponent(DEMO_ACCOUNTS.customer)}&password=x&client_id=lading-portal`,
      },
    ]) {
      const res = await t.app.inject(request);
      expect(res.statusCode, request.url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    }
    const logs = t.lines.join('\n');
    expect(logs).toContain('database unavailable');
    // Each refused request has its warning (with the error) and its one request line, under the same request id.
    const parsed = t.lines.map(
      (line) => JSON.parse(line) as { msg: string; reqId?: string; res?: { statusCode: number } },
    );
    const refused = parsed.filter((l) => l.msg === 'request completed' && l.res?.statusCode === 503);
    const warned = parsed.filter((l) => l.msg === 'database unavailable');
    expect(refused).toHaveLength(2);
    expect(warned.map((l) => l.reqId).sort()).toEqual(refused.map((l) => l.reqId).sort());
    expect(logs).not.toContain(tokens.access_token);
    await t.app.close();
  });
});

describe('slow clients', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const started = await startApp({ REQUEST_TIMEOUT_MS: '2000' });
    app = started.app;
    close = started.close;
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => close());

  it('closes a connection whose body trickles in slower than the request timeout', async () => {
    const { port } = app.server.address() as { port: number };
    const started = Date.now();
    const outcome = await new Promise<{ answer: string; ms: number }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      socket.write(
        'POST /authenticate/oauth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n',
      );
      const trickle = setInterval(() => {
        if (sent++ < 40) socket.write('a');
      }, 250);
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('close', () => {
        clearInterval(trickle);
        resolve({ answer, ms: Date.now() - started });
      });
    });
    // Refused within the 2 s timeout plus Node's 1 s check, long before the 10 s the trickle would take.
    expect(outcome.ms).toBeLessThan(4500);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('source maps', () => {
  it('are never served, even when the build left them beside the scripts', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'lading-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lading</title>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'index-abc.js.map'), '{"version":3}');
    const t = await startApp({}, dist);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
      const map = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('"version":3');
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
