import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prefillBillForm, toUpdatePayload } from '@lading/contract/bills-of-lading';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { type Database, openDatabase, queryRows } from './db/client';
import { loadEnv } from './env';
import { seedAccessModel } from './modules/access/access.seed';
import { seedReferenceData } from './modules/reference-data/reference-data.seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed/demo';
import { signIn } from './test/auth';

/**
 * The database going away under load, on a PostgreSQL cluster this test starts itself (initdb + pg_ctl in a temporary
 * folder; the shared server is never touched): while it is down the API answers 503 (never 500) and the process stays
 * up; once it is back the API recovers within 5 s without a restart; every bill's stored totals still equal its rows.
 */
const PG_BIN = ['/usr/lib/postgresql'].flatMap((root) =>
  existsSync(root)
    ? readdirSync(root)
        .map((version) => join(root, version, 'bin'))
        .filter((bin) => existsSync(join(bin, 'initdb')))
    : [],
)[0];
const canRun = Boolean(PG_BIN) && process.platform === 'linux';
if (!canRun)
  console.warn('database faults: skipped, no PostgreSQL binaries (initdb, pg_ctl) on this machine');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses to run as root). */
function pgTool(tool: string, args: string[]) {
  const command = join(PG_BIN!, tool);
  const asRoot = process.getuid?.() === 0;
  return execFileSync(
    asRoot ? 'runuser' : command,
    asRoot ? ['-u', 'postgres', '--', command, ...args] : args,
    {
      stdio: 'pipe',
      timeout: 60_000,
    },
  ).toString();
}

describe.skipIf(!canRun)('the database going away under load', () => {
  let folder: string;
  let dataDir: string;
  let port: number;
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  const start = () =>
    pgTool('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(folder, 'postgres.log'),
      '-o',
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    ]);
  const stop = () => pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'lading-pg-'));
    // initdb runs as the postgres user when we are root: it creates the cluster and its socket in this folder.
    chmodSync(folder, 0o777);
    dataDir = join(folder, 'data');
    port = await freePort();
    pgTool('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    start();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    database = await openDatabase({ kind: 'postgres', url });
    await database.migrate();
    await seedReferenceData(database.db);
    await seedAccessModel(database.db);
    await seedDemoData(database.db);
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url });
    app = await buildApp({ env, database, logger: false, mailIntervalMs: 60_000, webDist: '/nonexistent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    try {
      stop();
    } catch {
      // already stopped
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers 503 (never 500) while it is down, stays up, and recovers within 5 s once it is back', async () => {
    const { headers } = await signIn(app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    const list = await (await fetch(`${base}/cp/bill-of-ladings/?bl_number=LDG26110004`, { headers })).json();
    const billUrl = `${base}/cp/bill-of-ladings/${list.results[0].id}`;

    const statuses: { phase: string; status: number }[] = [];
    let phase = 'before';
    let running = true;
    // Four workers: list, read, save (with the version just read) and readiness, as fast as they can.
    const worker = async (kind: number) => {
      while (running) {
        try {
          if (kind === 0) {
            statuses.push({
              phase,
              status: (await fetch(`${base}/cp/bill-of-ladings/?limit=10`, { headers })).status,
            });
          } else if (kind === 1 || kind === 2) {
            const read = await fetch(billUrl, { headers });
            statuses.push({ phase, status: read.status });
            if (kind === 2 && read.status === 200) {
              const bill = await read.json();
              const body = toUpdatePayload(bill, prefillBillForm(bill));
              const save = await fetch(`${billUrl}/`, {
                method: 'PUT',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify(body),
              });
              // 412 when another save won in between; never a 5xx other than 503.
              statuses.push({ phase, status: save.status });
            } else await read.text();
          } else {
            statuses.push({ phase, status: (await fetch(`${base}/readyz`)).status });
          }
        } catch (error) {
          statuses.push({ phase, status: -1 });
          throw error;
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    phase = 'down';
    stop();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    phase = 'restarting';
    start();
    const restarted = Date.now();
    let recoveredAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - restarted < 10_000) {
      const ready = await fetch(`${base}/readyz`);
      const api = await fetch(`${base}/cp/bill-of-ladings/?limit=10`, { headers });
      if (ready.status === 200 && api.status === 200) {
        recoveredAfter = Date.now() - restarted;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    phase = 'after';
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await Promise.all(workers);

    const during = statuses.filter((s) => s.phase === 'down');
    expect(recoveredAfter).toBeLessThan(5000);
    expect(statuses.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
    expect(during.some((s) => s.status === 503)).toBe(true);
    expect(statuses.filter((s) => s.phase === 'before').some((s) => s.status === 200)).toBe(true);
    expect(
      statuses.filter((s) => s.phase === 'after').every((s) => s.status === 200 || s.status === 412),
    ).toBe(true);
    console.info(
      `database faults: ${statuses.length} requests, ${during.length} while down (${during.filter((s) => s.status === 503).length} answered 503), recovered ${recoveredAfter} ms after the restart`,
    );
  }, 60_000);

  it("leaves every bill's stored totals equal to the sum of its stored rows", async () => {
    const mismatches = await queryRows<{ number: string }>(
      database.db,
      sql`select b.number from bills_of_lading b
          left join lateral (
            select coalesce(sum(bc.gross_weight), 0) as net, coalesce(sum(bc.gross_weight + c.tare_weight), 0) as gross,
              coalesce(sum(bc.measurement), 0) as measurement, count(*) as rows
            from bl_containers bc join containers c on c.id = bc.container_id where bc.bl_id = b.id
          ) t on true
          where t.rows > 0 and (b.net_weight is distinct from t.net or b.gross_weight is distinct from t.gross
            or b.measurement is distinct from t.measurement)`,
    );
    expect(mismatches).toEqual([]);
  });
});
