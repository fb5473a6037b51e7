// API overhead: the full app (helmet, compression, request ids, logging off, zod serialisation, error handler)
// answering GET /readyz versus a bare Fastify handler running the same `select 1` on the same database.
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { loadEnv } from '../apps/server/src/env';
import { type LoadResult, load } from './lib';

export async function benchApiOverhead(): Promise<{ baseline: LoadResult; app: LoadResult }> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await database.migrate();

  const bare = Fastify({ logger: false });
  bare.get('/readyz', async () => {
    await database.ping();
    return { status: 'ok', database: 'up' };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address() as { port: number };

  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: 'pglite:memory' });
  const app = await buildApp({ env, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appAddress = app.server.address() as { port: number };

  // Warm both up, then measure alternately so neither gets a cooler machine.
  await load(`http://127.0.0.1:${bareAddress.port}/readyz`, { seconds: 1 });
  await load(`http://127.0.0.1:${appAddress.port}/readyz`, { seconds: 1 });
  const baseline = await load(`http://127.0.0.1:${bareAddress.port}/readyz`);
  const full = await load(`http://127.0.0.1:${appAddress.port}/readyz`);

  await bare.close();
  await app.close();
  await database.close();
  return { baseline, app: full };
}
