import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuth } from './auth';
import { registerErrorHandler } from './error-handler';

describe('auth hook', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    registerErrorHandler(app);
    registerAuth(app, async (token) =>
      token === 'customer-token'
        ? { id: 7, isAdmin: false, partyId: 3, email: 'c@x.test' }
        : token === 'admin-token'
          ? { id: 1, isAdmin: true, partyId: null, email: 'a@x.test' }
          : null,
    );
    app.get('/me', { preHandler: app.requireUser }, async (request) => ({ id: request.user?.id }));
    app.get('/staff', { preHandler: app.requireAdmin }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

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

  it('lets a valid token through and tells the handler who called', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/me',
      headers: { authorization: 'Bearer customer-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7 });
  });

  it('keeps customers out of admin routes and lets admins in', async () => {
    const customer = await app.inject({
      method: 'GET',
      url: '/staff',
      headers: { authorization: 'Bearer customer-token' },
    });
    expect(customer.statusCode).toBe(403);
    const admin = await app.inject({
      method: 'GET',
      url: '/staff',
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(admin.statusCode).toBe(200);
  });
});
