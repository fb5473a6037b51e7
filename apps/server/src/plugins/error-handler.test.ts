import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { registerErrorHandler } from './error-handler';

describe('error handler', () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.post(
      '/things/',
      {
        schema: {
          body: z.object({ name: z.string().min(1), items: z.array(z.object({ qty: z.number().min(0) })) }),
        },
      },
      async () => ({ ok: true }),
    );
    app.get('/conflict', async () => {
      throw new AppError('CONFLICT', 'This bill is already issued', { fields: { status: 'is ISSUED' } });
    });
    app.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('names the nested field that failed validation', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things/',
      payload: { name: 'x', items: [{ qty: -1 }] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields)).toEqual(['items.0.qty']);
    expect(body.error.message).toMatch(/^items\.0\.qty: /);
  });

  it('maps an AppError to its status, code, message and fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'CONFLICT', message: 'This bill is already issued', fields: { status: 'is ISSUED' } },
    });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('never shows internals on a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('postgres://');
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    });
  });
});
