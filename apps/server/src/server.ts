import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from './app';
import type { Db } from './db/client';
import { loadEnv, REPO_ROOT } from './env';
import { DEMO_TOTP_SECRET, hasDemoData, seedDemoData } from './seed/demo';
import { FIRST_START_ONLY, isFirstStart, setUpFirstStart, setUpFirstStartApart } from './seed/first-start';

// A .env file at the repository root is read if present; real environment variables win.
const envFile = resolve(REPO_ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// Demo accounts (with their published password) only outside production: a production start seeds nothing.
const seedsDemo = env.database.kind === 'pglite' && env.NODE_ENV !== 'production';
const seedDemo = async (db: Db) =>
  seedsDemo && (await seedDemoData(db, { sessionSecret: env.sessionSecret })).created;

// A first start on an empty PGlite folder sets it up in a process of its own, then opens it as any later start does.
if (process.env[FIRST_START_ONLY] === '1') {
  try {
    await setUpFirstStart(env.database, seedDemo);
    process.exit(0);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
const firstStart = isFirstStart(env.database);
if (firstStart) {
  try {
    await setUpFirstStartApart();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

const app = await buildApp({ env });
if (firstStart)
  app.log.info(`first start: the database folder was set up${seedsDemo ? ', demo data seeded' : ''}`);
else if (await seedDemo(app.ctx.database.db)) app.log.info('demo data seeded');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000).unref();
  try {
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: env.PORT, host: env.HOST });
const where =
  env.database.kind === 'postgres'
    ? 'PostgreSQL'
    : `embedded PGlite (${env.database.dataDir ?? 'in memory'})`;
// The demo accounts and their published password are shown only where they exist, and never in production.
const demoAccounts = env.NODE_ENV !== 'production' && (await hasDemoData(app.ctx.database.db));
console.log(`
  Lading is running at ${env.publicUrl}   (API reference: ${env.publicUrl}/docs)
  Database: ${where}${
    demoAccounts
      ? `
  Demo accounts (password Lading-demo-2026):
    customer@demo.lading.test    customer, Demo Exports Pvt Ltd
    customer2@demo.lading.test   customer, Harbour Traders LLP
    admin@demo.lading.test       carrier administrator, corporate office TSX (can switch to Chennai)
    branch.admin@demo.lading.test  carrier staff, Chennai branch (MAA) only
  The two staff accounts ask for an authenticator-app code after the password:
    add the key ${DEMO_TOTP_SECRET} to any authenticator app (demo data only)`
      : ''
  }
`);
