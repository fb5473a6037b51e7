import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../test/auth';
import { createTestApp, type TestApp } from '../test/test-app';

// API answers are compressed as the browser asks (app.ts): an answer of up to 64 KB in one call, brotli in text mode.
describe('compressed API answers', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = (await signInAs(t, 'customer')).headers as Record<string, string>;
  });
  afterAll(() => t.close());

  const list = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/cp/bill-of-ladings/?limit=100',
      headers: encoding ? { ...headers, 'accept-encoding': encoding } : headers,
    });

  it('answers a list page in brotli or gzip that decodes to the uncompressed answer', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await list('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });
});
