import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSharedAnswers, preferredEncoding } from './shared-answers';

describe('preferredEncoding', () => {
  it('takes brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
  });
});

/** A route answering a kept list, its loads counted; `clock` moves the cache's time. */
async function listServer(load: () => Promise<unknown>) {
  const clock = { now: 0 };
  const answers = createSharedAnswers({ ttlMs: 1000, now: () => clock.now });
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    '/list/',
    { schema: { response: { 200: z.object({ results: z.array(z.object({ code: z.string() })) }) } } },
    (request, reply) => answers.send(request, reply, 'list', load),
  );
  await app.ready();
  return { app, clock };
}

describe('createSharedAnswers', () => {
  it("sends one build, written by the route's serializer, in the coding asked for, until the TTL has passed", async () => {
    let loads = 0;
    const { app, clock } = await listServer(async () => {
      loads += 1;
      // `extra` is not in the schema: the route's serializer leaves it out, as it would from any answer.
      return { results: [{ code: `BX${loads}`, extra: 'x' }] };
    });
    const expected = { results: [{ code: 'BX1' }] };
    const [br, gz, plain] = await Promise.all(
      ['br, gzip', 'gzip', 'identity'].map((coding) =>
        app.inject({ url: '/list/', headers: { 'accept-encoding': coding } }),
      ),
    );
    expect(loads).toBe(1);
    expect(br!.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br!.rawPayload).toString())).toEqual(expected);
    expect(gz!.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz!.rawPayload).toString())).toEqual(expected);
    expect(plain!.headers['content-encoding']).toBeUndefined();
    expect(plain!.json()).toEqual(expected);
    for (const res of [br!, gz!, plain!]) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toBe('accept-encoding');
    }

    clock.now = 999;
    expect((await app.inject({ url: '/list/' })).json()).toEqual(expected);
    expect(loads).toBe(1);
    clock.now = 1000;
    expect((await app.inject({ url: '/list/' })).json()).toEqual({ results: [{ code: 'BX2' }] });
    expect(loads).toBe(2);
    await app.close();
  });

  it('keeps no failed build: the next call loads again', async () => {
    let loads = 0;
    const { app } = await listServer(async () => {
      loads += 1;
      if (loads === 1) throw new Error('database away');
      return { results: [] };
    });
    expect((await app.inject({ url: '/list/' })).statusCode).toBe(500);
    const res = await app.inject({ url: '/list/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [] });
    expect(loads).toBe(2);
    await app.close();
  });

  it('refuses an answer its schema refuses, and keeps none', async () => {
    let loads = 0;
    const { app } = await listServer(async () => {
      loads += 1;
      return { results: [{ code: 7 }] };
    });
    expect((await app.inject({ url: '/list/' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/list/' })).statusCode).toBe(500);
    expect(loads).toBe(2);
    await app.close();
  });
});
