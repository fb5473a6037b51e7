import { toPermissionSet } from '@lading/contract/access';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClientPrincipalData,
  companyScopeOf,
  createPrincipal,
  type PrincipalData,
} from '../lib/principal';
import { principalOf } from '../lib/request';
import { type ApiClientCallRecorder, assertEveryRouteDeclaresAccess, registerAuth } from './auth';
import { registerErrorHandler } from './error-handler';

const principalData = (userId: number, isStaff: boolean): PrincipalData => ({
  userId,
  email: `${userId}@x.test`,
  partyId: isStaff ? null : 3,
  companyStatus: isStaff ? null : 'APPROVED',
  roles: [isStaff ? 'CARRIER_ADMIN' : 'CUSTOMER'],
  isStaff,
  permissions: toPermissionSet(
    isStaff
      ? [{ module: 'ADMIN', resource: 'BL_REVIEW', operation: 'VIEW' }]
      : [{ module: 'CP', resource: 'BL', operation: 'VIEW' }],
  ),
  offices: [],
  selectedOffice: null,
  selectedOfficeIsCorporate: false,
  yardId: null,
  apiClient: null,
});

describe('auth hook', () => {
  const app = Fastify({ logger: false });
  let auth: ReturnType<typeof registerAuth>;
  let bodyValidated = 0;
  beforeAll(async () => {
    registerErrorHandler(app);
    auth = registerAuth(app, {
      verify: async (token) =>
        token === 'customer-token' ? { userId: 7 } : token === 'admin-token' ? { userId: 1 } : null,
      loadPrincipal: async (userId) => principalData(userId, userId === 1),
    });
    app.get('/open', { config: { access: 'public' } }, async (request) => ({ principal: request.principal }));
    app.get('/me', { config: { access: 'signed-in' } }, async (request) => ({
      id: principalOf(request).userId,
    }));
    app.post(
      '/staff',
      {
        config: { access: { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'VIEW' } },
        preValidation: async () => {
          bodyValidated++;
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('lets anyone call a public route without reading a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/open', headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ principal: null });
  });

  it('refuses a request without a token with 401 and a Bearer challenge', async () => {
    const res = await app.inject({ method: 'GET', url: '/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="lading"');
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses an unknown or revoked token with invalid_token', async () => {
    const res = await app.inject({ method: 'GET', url: '/me', headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('lets a valid token through and gives the handler the principal', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/me',
      headers: { authorization: 'Bearer customer-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7 });
  });

  it('refuses a missing permission with the false marker and what was required, before the body is looked at', async () => {
    const before = bodyValidated;
    const customer = await app.inject({
      method: 'POST',
      url: '/staff',
      headers: { authorization: 'Bearer customer-token', 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({
      granted: false,
      error: {
        code: 'FORBIDDEN',
        message: expect.any(String),
        required: { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'VIEW' },
      },
    });
    expect(bodyValidated).toBe(before);
    const admin = await app.inject({
      method: 'POST',
      url: '/staff',
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(admin.statusCode).toBe(200);
    expect(bodyValidated).toBe(before + 1);
  });

  it('lists every route with its declaration, and refuses an app with an undeclared route', async () => {
    expect(auth.routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /open', 'GET /me', 'POST /staff']),
    );
    expect(() => assertEveryRouteDeclaresAccess(auth.routes)).not.toThrow();
    const other = Fastify({ logger: false });
    const otherAuth = registerAuth(other, { verify: async () => null, loadPrincipal: async () => null });
    other.get('/forgotten', async () => ({}));
    other.get('/declared', { config: { access: 'signed-in' } }, async () => ({}));
    await other.ready();
    expect(() => assertEveryRouteDeclaresAccess(otherAuth.routes)).toThrow(
      /missing on: GET \/forgotten, HEAD \/forgotten$/,
    );
    await other.close();
  });
});

describe('auth hook: company API clients (decision 025)', () => {
  const BL_VIEW = { module: 'CP', resource: 'BL', operation: 'VIEW' } as const;
  const client = apiClientPrincipalData({
    id: 5,
    clientId: 'lc_test',
    name: 'ERP feed',
    companyName: 'Demo Exports',
    partyId: 3,
    scopes: ['ebl:read'],
  });
  const build = async (recorder?: ApiClientCallRecorder) => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const auth = registerAuth(app, {
      verify: async (token) => (token === 'client-token' ? { userId: 0, principal: client } : null),
      loadPrincipal: async () => null,
      ...(recorder ? { recordApiClientCall: recorder } : {}),
    });
    app.get('/bills', { config: { access: BL_VIEW, apiClientScope: 'ebl:read' } }, async (request) => ({
      scope: principalOf(request).scope,
    }));
    app.get(
      '/schedules',
      {
        config: {
          access: { module: 'CP', resource: 'SCHEDULE', operation: 'VIEW' },
          apiClientScope: 'schedules:read',
        },
      },
      async () => ({}),
    );
    app.get('/bill', { config: { access: BL_VIEW } }, async () => ({}));
    app.get('/me', { config: { access: 'signed-in' } }, async () => ({}));
    await app.ready();
    return { app, auth };
  };
  const bearer = { authorization: 'Bearer client-token' };

  it('builds a principal of no user, the company as its scope, and the permissions its scopes grant', () => {
    const principal = createPrincipal(client, { requestId: 'r' });
    expect(principal).toMatchObject({ userId: 0, isStaff: false, scope: { kind: 'company', partyId: 3 } });
    expect(principal.can(BL_VIEW)).toBe(true);
    expect(principal.can({ module: 'CP', resource: 'BL', operation: 'EDIT' })).toBe(false);
    expect(principal.can({ module: 'CP', resource: 'SCHEDULE', operation: 'VIEW' })).toBe(false);
    expect(companyScopeOf(principal)).toEqual({ kind: 'company', partyId: 3 });
  });

  it('lets a client through only where its scope is declared, and records each call with its status', async () => {
    const calls: string[] = [];
    const { app } = await build(async (principal, call) => {
      calls.push(`${principal.apiClient?.id} ${call.method} ${call.url} ${call.statusCode}`);
    });
    const allowed = await app.inject({ method: 'GET', url: '/bills?x=1', headers: bearer });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ scope: { kind: 'company', partyId: 3 } });
    const otherScope = await app.inject({ method: 'GET', url: '/schedules', headers: bearer });
    expect(otherScope.statusCode).toBe(403);
    expect(otherScope.json().error).toMatchObject({ scope: 'schedules:read' });
    expect(otherScope.headers['www-authenticate']).toContain('error="insufficient_scope"');
    for (const url of ['/bill', '/me']) {
      const refused = await app.inject({ method: 'GET', url, headers: bearer });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/API clients may not call this route/);
    }
    expect(calls).toEqual([
      '5 GET /bills?x=1 200',
      '5 GET /schedules 403',
      '5 GET /bill 403',
      '5 GET /me 403',
    ]);
    await app.close();
  });

  it('refuses client tokens outright when nothing records their calls, and answers no data when the record fails', async () => {
    const unrecorded = await build();
    expect((await unrecorded.app.inject({ method: 'GET', url: '/bills', headers: bearer })).statusCode).toBe(
      401,
    );
    await unrecorded.app.close();
    const failing = await build(async () => {
      throw new Error('audit trail unavailable');
    });
    const response = await failing.app.inject({ method: 'GET', url: '/bills', headers: bearer });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('company');
    await failing.app.close();
  });

  it('refuses to build an app that opens a write, or a permission its scope does not grant, to API clients', async () => {
    const { app, auth } = await build(async () => {});
    expect(() => assertEveryRouteDeclaresAccess(auth.routes)).not.toThrow();
    await app.close();
    for (const [method, access] of [
      ['POST', BL_VIEW],
      ['GET', { module: 'CP', resource: 'BL', operation: 'EDIT' }],
      ['GET', 'signed-in'],
    ] as const) {
      const other = Fastify({ logger: false });
      const otherAuth = registerAuth(other, { verify: async () => null, loadPrincipal: async () => null });
      other.route({
        method,
        url: '/x',
        config: { access, apiClientScope: 'ebl:read' },
        handler: async () => ({}),
      });
      await other.ready();
      expect(() => assertEveryRouteDeclaresAccess(otherAuth.routes)).toThrow(/may be opened to API clients/);
      await other.close();
    }
  });
});
