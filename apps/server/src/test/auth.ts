import { createHash, randomBytes } from 'node:crypto';
import { PORTAL_CLIENT_ID, PORTAL_REDIRECT_PATH, type TokenResponse } from '@lading/contract/accounts';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { totpFactors } from '../db/schema/identity';
import { users } from '../db/schema/users';
import { unseal } from '../lib/sealing';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../seed/demo';
import type { TestApp } from './test-app';
import type { SoftwareAuthenticator } from './webauthn-authenticator';

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** A minimal cookie jar for app.inject: remembers Set-Cookie values by name. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export const pkcePair = (verifier = randomBytes(64).toString('base64url').slice(0, 128)) => ({
  verifier,
  challenge: createHash('sha256').update(verifier).digest('base64url'),
});

export function redirectUri(app: FastifyInstance): string {
  return `${app.ctx.env.publicUrl}${PORTAL_REDIRECT_PATH}`;
}

/** Follows same-origin redirects (as a browser would) until one leaves the server or a page answers. */
export async function followRedirects(app: FastifyInstance, jar: CookieJar, url: string, maxHops = 10) {
  let current = url;
  for (let hop = 0; hop < maxHops; hop++) {
    const response = await app.inject({ method: 'GET', url: current, headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.location;
    if (response.statusCode < 300 || response.statusCode >= 400 || !location)
      return { response, url: current };
    const next = new URL(location, app.ctx.env.publicUrl);
    if (next.pathname === PORTAL_REDIRECT_PATH) return { response, url: next.toString() };
    current = `${next.pathname}${next.search}`;
  }
  throw new Error('too many redirects');
}

/**
 * The browser a test signs in from: its User-Agent and client address (default: none, and 127.0.0.1), and for an
 * account with a second factor, the authenticator app's secret (the second step is then answered with a current
 * code; without it the secret is read where the server keeps it) or a passkey's authenticator (answered with an
 * assertion).
 */
export type Browser = {
  userAgent?: string;
  remoteAddress?: string;
  totpSecret?: string;
  authenticator?: SoftwareAuthenticator;
};

const browserRequest = (jar: CookieJar, browser: Browser) => ({
  ...(browser.remoteAddress ? { remoteAddress: browser.remoteAddress } : {}),
  headers: {
    cookie: jar.header(),
    ...(browser.userAgent ? { 'user-agent': browser.userAgent } : {}),
  },
});

/**
 * The second step with a passkey: POST authenticate/oauth/login/mfa/webauthn-options/, then the authenticator's
 * assertion (bent as the test asks) to POST authenticate/oauth/login/mfa/.
 */
export async function answerWithPasskey(
  app: FastifyInstance,
  jar: CookieJar,
  authenticator: SoftwareAuthenticator,
  bend: Parameters<SoftwareAuthenticator['assert']>[1] = {},
  browser: Browser = {},
) {
  const options = await app.inject({
    method: 'POST',
    url: '/authenticate/oauth/login/mfa/webauthn-options/',
    ...browserRequest(jar, browser),
  });
  if (options.statusCode !== 200) return options;
  const response = await app.inject({
    method: 'POST',
    url: '/authenticate/oauth/login/mfa/',
    ...browserRequest(jar, browser),
    payload: { webauthn: authenticator.assert(options.json(), bend) },
  });
  jar.store(response);
  return response;
}

/**
 * A sign-in with a passkey in place of the password: POST authenticate/oauth/login/passkey-options/ (its cookie),
 * then the authenticator's assertion to POST authenticate/oauth/login/passkey/.
 */
export async function loginWithPasskey(
  app: FastifyInstance,
  jar: CookieJar,
  authenticator: SoftwareAuthenticator,
  bend: Parameters<SoftwareAuthenticator['assert']>[1] = {},
) {
  const options = await app.inject({
    method: 'POST',
    url: '/authenticate/oauth/login/passkey-options/',
    headers: { cookie: jar.header() },
  });
  jar.store(options);
  if (options.statusCode !== 200) throw new Error(`passkey options: ${options.statusCode} ${options.body}`);
  const response = await app.inject({
    method: 'POST',
    url: '/authenticate/oauth/login/passkey/',
    headers: { cookie: jar.header() },
    payload: { webauthn: authenticator.assert(options.json(), bend) },
  });
  jar.store(response);
  return response;
}

/** The session cookie's requests of a sign-in that must set up a second factor first (decision 023). */
export async function enrolmentCall(
  app: FastifyInstance,
  jar: CookieJar,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    headers: { cookie: jar.header() },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  jar.store(response);
  return response;
}

/**
 * Sets up the authenticator app from a session that must have one (login answered mfaEnrolmentRequired), as the
 * enrolment screen does: a new secret, confirmed with a first code. Answers the secret, the recovery codes and the
 * user the confirmation signed in (the jar holds the new, full session).
 */
export async function enrolAtSignIn(app: FastifyInstance, jar: CookieJar, login: string) {
  const started = await enrolmentCall(app, jar, 'POST', '/authenticate/oauth/mfa/totp/');
  if (started.statusCode !== 200)
    throw new Error(`enrolment of ${login}: ${started.statusCode} ${started.body}`);
  const { secret } = started.json() as { secret: string };
  const confirmed = await answerWithCode(app, login, secret, (code) =>
    enrolmentCall(app, jar, 'POST', '/authenticate/oauth/mfa/totp/confirm/', { code }),
  );
  if (confirmed.statusCode !== 200)
    throw new Error(`confirming the enrolment of ${login}: ${confirmed.statusCode} ${confirmed.body}`);
  const answer = confirmed.json() as { recoveryCodes: string[]; user: { id: number; party: number | null } };
  return { secret, recoveryCodes: answer.recoveryCodes, user: answer.user };
}

/** The authenticator app's code for a secret, `steps` 30-second steps from now. */
export function totpCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
}

const STEP_MS = 30_000;
/** The 30-second step of now (RFC 6238's T). */
export const currentStep = () => Math.floor(Date.now() / STEP_MS);
/** The code of one 30-second step: a test that names steps holds when the clock crosses into the next one. */
export const codeOfStep = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });

/**
 * What the account's authenticator app knows, read where the server keeps it: its secret (unsealed with the app's
 * SESSION_SECRET; null when sealed under another) and the last 30-second step a code was accepted for. A code's step
 * is accepted once per account, so the helpers below answer with the lowest step still acceptable (one step either
 * side of now) and never wait on the clock.
 */
async function authenticatorOf(app: FastifyInstance, login: string) {
  const [row] = await app.ctx.database.db
    .select({ sealed: totpFactors.secretSealed, lastStep: totpFactors.lastUsedStep })
    .from(totpFactors)
    .innerJoin(users, eq(users.id, totpFactors.userId))
    .where(or(eq(users.username, login), eq(users.email, login)))
    .limit(1);
  if (!row) return null;
  return {
    secret: unseal(row.sealed, app.ctx.env.sessionSecret, 'lading-totp'),
    lastStep: row.lastStep === null ? null : Number(row.lastStep),
  };
}

/**
 * Posts a current code for the account (its step not used before) with `post`, trying the next acceptable step when
 * another sign-in took this one meanwhile. Fails, naming the account, when every step of the window was used (more
 * than three sign-ins of one account within about 30 s: sign in once and share the headers, or use another account).
 */
async function answerWithCode(
  app: FastifyInstance,
  login: string,
  secret: string | undefined,
  post: (code: string) => Promise<LightMyRequestResponse>,
) {
  let last: LightMyRequestResponse | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const kept = await authenticatorOf(app, login);
    const key = secret ?? kept?.secret;
    if (!key) throw new Error(`${login} has a second factor whose secret the test does not know`);
    const now = currentStep();
    const step = Math.max(now - 1, (kept?.lastStep ?? now - 2) + 1);
    if (step > now + 1)
      throw new Error(
        `${login}: every code of the ±1-step window was used already (more than 3 sign-ins within 30 s); sign in once and share the headers, or use another account`,
      );
    last = await post(codeOfStep(key, step));
    if (last.statusCode !== 400) return last;
  }
  return last!;
}

/** POST authenticate/oauth/login/mfa/ with a code or a recovery code, on the jar's half-done sign-in. */
export async function answerSecondStep(
  app: FastifyInstance,
  jar: CookieJar,
  answer: { code: string } | { recoveryCode: string },
  browser: Browser = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/authenticate/oauth/login/mfa/',
    ...(browser.remoteAddress ? { remoteAddress: browser.remoteAddress } : {}),
    headers: {
      cookie: jar.header(),
      ...(browser.userAgent ? { 'user-agent': browser.userAgent } : {}),
    },
    payload: answer,
  });
  jar.store(response);
  return response;
}

/** POST authenticate/oauth/login/ as the login form does. */
export async function login(
  app: FastifyInstance,
  jar: CookieJar,
  username: string,
  password: string,
  browser: Browser = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/authenticate/oauth/login/',
    ...(browser.remoteAddress ? { remoteAddress: browser.remoteAddress } : {}),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: jar.header(),
      ...(browser.userAgent ? { 'user-agent': browser.userAgent } : {}),
    },
    payload: new URLSearchParams({ username, password, client_id: PORTAL_CLIENT_ID }).toString(),
  });
  jar.store(response);
  return response;
}

export function authorizeUrl(app: FastifyInstance, params: Record<string, string>): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: PORTAL_CLIENT_ID,
    redirect_uri: redirectUri(app),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    ...params,
  });
  for (const [key, value] of [...query]) if (value === '') query.delete(key);
  return `/authenticate/o/authorize/?${query}`;
}

export async function exchangeCode(app: FastifyInstance, form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/authenticate/oauth/token/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: PORTAL_CLIENT_ID,
      redirect_uri: redirectUri(app),
      ...form,
    }).toString(),
  });
}

/** The portal's whole sign-in sequence (section 4): login, authorization code with PKCE, token exchange. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  browser: Browser = {},
  jar = new CookieJar(),
) {
  let loginResponse = await login(app, jar, username, password, browser);
  if (loginResponse.statusCode !== 200)
    throw new Error(`login failed: ${loginResponse.statusCode} ${loginResponse.body}`);
  let user = loginResponse.json() as { id: number; party: number | null };
  let totpSecret = browser.totpSecret;
  if (loginResponse.json().mfaRequired && browser.authenticator) {
    loginResponse = await answerWithPasskey(app, jar, browser.authenticator, {}, browser);
    if (loginResponse.statusCode !== 200)
      throw new Error(`second step failed: ${loginResponse.statusCode} ${loginResponse.body}`);
    user = loginResponse.json();
  } else if (loginResponse.json().mfaRequired) {
    loginResponse = await answerWithCode(app, username, browser.totpSecret, (code) =>
      answerSecondStep(app, jar, { code }, browser),
    );
    if (loginResponse.statusCode !== 200)
      throw new Error(`second step failed: ${loginResponse.statusCode} ${loginResponse.body}`);
    user = loginResponse.json();
  } else if (loginResponse.json().mfaEnrolmentRequired) {
    // Carrier staff without a second factor set one up before anything else (decision 023).
    const enrolled = await enrolAtSignIn(app, jar, username);
    user = enrolled.user;
    totpSecret = enrolled.secret;
  }
  return { ...(await finishOAuth(app, jar, loginResponse)), user, totpSecret };
}

/**
 * What follows a sign-in's answer (the user) in the portal's sequence: the authorization code with PKCE under the
 * session cookie, and the token exchange.
 */
export async function finishOAuth(
  app: FastifyInstance,
  jar: CookieJar,
  loginResponse: LightMyRequestResponse,
) {
  const { verifier, challenge } = pkcePair();
  const { url } = await followRedirects(app, jar, authorizeUrl(app, { code_challenge: challenge }));
  const code = new URL(url, app.ctx.env.publicUrl).searchParams.get('code');
  if (!code) throw new Error(`no code in ${url}`);
  const tokenResponse = await exchangeCode(app, { code, code_verifier: verifier });
  if (tokenResponse.statusCode !== 200) throw new Error(`token exchange failed: ${tokenResponse.body}`);
  const tokens = tokenResponse.json() as TokenResponse;
  const user = loginResponse.json() as { id: number; party: number | null };
  return {
    tokens,
    jar,
    user,
    totpSecret: undefined as string | undefined,
    headers: { authorization: `Bearer ${tokens.access_token}` },
  };
}

/** Signs a demo account in through the real OAuth flow and returns the headers for API calls. Seeds demo data on first use. */
export async function signInAs(
  t: TestApp,
  who: DemoAccount,
): Promise<{ headers: { authorization: string }; userId: number; partyId: number | null }> {
  await seedDemoData(t.database.db, { sessionSecret: t.app.ctx.env.sessionSecret });
  const { headers, user } = await signIn(t.app, DEMO_ACCOUNTS[who], DEMO_PASSWORD);
  return { headers, userId: user.id, partyId: user.party };
}
