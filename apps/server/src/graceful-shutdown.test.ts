import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app';
import type { Database } from './db/client';
import { loadEnv } from './env';
import { createTestDatabase } from './test/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const get = (port: number, path: string, agent: import('node:http').Agent) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

it('on close, a request in flight finishes and a new one is turned away with 503', async () => {
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', DATABASE_URL: 'pglite:memory' }),
    database,
    logger: false,
  });
  // A slow route stands in for a long request (a PDF, a big list).
  app.get('/slow-for-test', async () => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const { Agent } = await import('node:http');
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  await get(port, '/healthz', agent); // open keep-alive connections

  const inFlight = get(port, '/slow-for-test', agent);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = Date.now();
  const closing = app.close();
  const late = await get(port, '/healthz', agent).catch((error: NodeJS.ErrnoException) => ({
    status: 0,
    body: error.code ?? '',
  }));
  const finished = await inFlight;
  await closing;
  const closeMs = Date.now() - started;
  agent.destroy();

  expect(finished).toEqual({ status: 200, body: '{"done":true}' });
  // Either the kept-alive connection answers 503, or the listener is already gone: never a normal answer.
  expect([503, 0]).toContain(late.status);
  // Closing waits for the request in flight, not for idle keep-alive connections.
  expect(closeMs).toBeLessThan(5000);
});
