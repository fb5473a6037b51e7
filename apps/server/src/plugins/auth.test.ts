import { toPermissionSet } from '@lading/contract/access';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrincipalData } from '../lib/principal';
import { principalOf } from '../lib/request';
import { assertEveryRouteDeclaresAccess, registerAuth } from './auth';
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
