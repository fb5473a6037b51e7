// Starts the portal for an end-to-end run on a database of its own:
// - DATABASE_URL=postgres://…: a new database on that server, migrated and seeded with the demo data (`npm run seed:demo` does the same);
// - otherwise: the embedded default, PGlite, in a fresh temporary folder (seeded on first start like any embedded database).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { SERVER_LOG } from './server-log';

const serverDir = resolve(import.meta.dirname, '../apps/server');
const env = { ...process.env };
// The seed (its own process, on PostgreSQL) seals the demo staff's authenticator key with the session secret, and the
// server must unseal it: both get the same one. A run of its own gets a fresh one unless the caller set one.
env.SESSION_SECRET ??= randomBytes(32).toString('hex');
const base = process.env.DATABASE_URL;
let cleanup = async () => {};

if (base && /^postgres(ql)?:\/\//.test(base)) {
  const admin = new URL(base);
  const name = `${admin.pathname.slice(1) || 'lading'}_e2e_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  const target = new URL(base);
  target.pathname = `/${name}`;
  env.DATABASE_URL = target.toString();
  const seed = spawn(process.execPath, ['--import', 'tsx', 'src/seed/seed-cli.ts'], {
    cwd: serverDir,
    env,
    stdio: 'inherit',
  });
  const code = await new Promise((done) => seed.on('exit', done));
  if (code !== 0) process.exit(1);
  cleanup = async () => {
    const dropper = new pg.Client({ connectionString: base });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  };
} else {
  env.DATABASE_URL = `pglite:${join(mkdtempSync(join(tmpdir(), 'lading-e2e-')), 'pglite')}`;
}

// The server's log goes to a file, scanned for secrets after the run (log-secrets.ts).
mkdirSync(dirname(SERVER_LOG), { recursive: true });
const log = openSync(SERVER_LOG, 'w');
// The server as `npm start` serves it: the bundle `npm run build` makes (apps/server/dist, decision 032).
if (!existsSync(join(serverDir, 'dist/server.mjs'))) {
  console.error('apps/server/dist/server.mjs is missing: run `npm run build` before the end-to-end tests');
  process.exit(1);
}
const server = spawn(process.execPath, ['--max-semi-space-size=8', 'dist/server.mjs'], {
  cwd: serverDir,
  env,
  stdio: ['ignore', log, log],
});
const stop = (signal: NodeJS.Signals) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', async (code) => {
  await cleanup().catch(() => {});
  process.exit(code ?? 0);
});
