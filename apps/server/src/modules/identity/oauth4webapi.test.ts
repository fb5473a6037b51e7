import { createServer } from 'node:net';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { loadEnv } from '../../env';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../seed/demo';
import { signIn } from '../../test/auth';
import { createTestDatabase } from '../../test/test-database';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'pglite:memory',
    PORT: String(port),
    PUBLIC_URL: base,
  });
  app = await buildApp({ env, database, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

it('an independent OAuth client (oauth4webapi) completes login -> authorize -> token -> API call over HTTP', async () => {
  const issuer = new URL(base);
  const options = { [oauth.allowInsecureRequests]: true };
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oidc' }),
  );
  expect(as.code_challenge_methods_supported).toEqual(['S256']);
  expect(as.grant_types_supported).not.toContain('password');
  expect(as.token_endpoint).toBe(`${base}/authenticate/oauth/token/`);

  const client: oauth.Client = { client_id: 'lading-portal' };
  const redirectUri = `${base}/oauth/callback`;
  const verifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  const state = oauth.generateRandomState();

  // The "browser": signs in to the portal, then follows the authorization redirects with its cookies.
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!, value.join('='));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const loginResponse = await fetch(`${base}/authenticate/oauth/login/`, {
    method: 'POST',
    body: new URLSearchParams({
      username: DEMO_ACCOUNTS.customer,
      password: DEMO_PASSWORD,
      client_id: 'lading-portal',
    }),
  });
  expect(loginResponse.status).toBe(200);
  remember(loginResponse);
  const user = (await loginResponse.json()) as { id: number };

  const authorizationUrl = new URL(as.authorization_endpoint!);
  authorizationUrl.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  }).toString();
  let next = authorizationUrl.toString();
  let callback: URL | null = null;
  for (let hop = 0; hop < 10 && !callback; hop++) {
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    remember(response);
    const location = new URL(response.headers.get('location') ?? '', next);
    expect(response.status).toBeGreaterThanOrEqual(300);
    if (location.pathname === '/oauth/callback') callback = location;
    else next = location.toString();
  }
  expect(callback).not.toBeNull();

  const params = oauth.validateAuthResponse(as, client, callback!, state);
  const tokenResponse = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    redirectUri,
    verifier,
    options,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse);
  expect(tokens.token_type).toBe('bearer');
  expect(tokens.access_token).toBeTruthy();

  const api = await oauth.protectedResourceRequest(
    tokens.access_token,
    'GET',
    new URL(`${base}/authenticate/oauth/users/${user.id}`),
    undefined,
    undefined,
    options,
  );
  expect(api.status).toBe(200);
  expect(((await api.json()) as { email: string }).email).toBe(DEMO_ACCOUNTS.customer);
});

it("an independent OAuth client (oauth4webapi) gets a company API client's token by the client-credentials grant and reads with it", async () => {
  const issuer = new URL(base);
  const options = { [oauth.allowInsecureRequests]: true };
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oidc' }),
  );
  expect(as.grant_types_supported).toContain('client_credentials');
  expect(as.scopes_supported).toEqual(expect.arrayContaining(['tnt:read', 'ebl:read', 'schedules:read']));

  // The customer creates the client on the profile (the portal's own sign-in, over HTTP too).
  const { headers } = await signIn(app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
  const created = await fetch(`${base}/cp/company/api-clients/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'oauth4webapi',
      expiresOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      scopes: ['ebl:read'],
    }),
  });
  expect(created.status).toBe(201);
  const {
    client: registered,
    clientSecret,
    tokenUrl,
  } = (await created.json()) as {
    client: { clientId: string };
    clientSecret: string;
    tokenUrl: string;
  };
  expect(tokenUrl).toBe(as.token_endpoint);

  const client: oauth.Client = { client_id: registered.clientId };
  const response = await oauth.clientCredentialsGrantRequest(
    as,
    client,
    oauth.ClientSecretBasic(clientSecret),
    { scope: 'ebl:read' },
    options,
  );
  const tokens = await oauth.processClientCredentialsResponse(as, client, response);
  expect(tokens.token_type).toBe('bearer');
  expect(tokens.scope).toBe('ebl:read');

  const bills = await oauth.protectedResourceRequest(
    tokens.access_token,
    'GET',
    new URL(`${base}/cp/bill-of-ladings/?limit=5`),
    undefined,
    undefined,
    options,
  );
  expect(bills.status).toBe(200);
  expect(((await bills.json()) as { count: number }).count).toBeGreaterThan(0);
});
