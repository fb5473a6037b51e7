// Figures 1 and 2: the BL list GET /cp/bill-of-ladings/?skip=0&limit=100 as a customer (100 rows), 10 connections,
// through the app as it is served (`dist/server.mjs` in a process of its own, production settings, request log at the
// default level) versus a bare node:http server in a process of its own (bare-list-server.ts) that runs the
// identical SQL statements (captured from the app's own request after a warm-up: list and count, the token and
// principal being kept by the app's principal cache) on the same driver and answers the same bytes (checked before
// measuring). Both are asked as a browser asks, `accept-encoding: br, gzip` (the row without a suffix), and without
// it (`-identity`). Figure 1 on PostgreSQL (pools of the app's size), figure 2 on PGlite (each server's PGlite in a
// worker thread, on its own copy of the database in a folder), where the app's longest event-loop stall under that
// load (2-stall) and its peak RSS (8-rss-peak) are figures of their own. The load generator runs in a child process
// of its own (bench/load.ts).
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { PgliteWorkerClient } from '../../apps/server/src/db/pglite-client';
import { signInAs } from '../../apps/server/src/test/auth';
import { generateBills } from '../../apps/server/src/test/generate-bills';
import { captureStatements } from '../../apps/server/src/test/sql-capture';
import type { BareConfig, BareReady } from '../bare-list-server';
import { budgetOf } from '../budgets';
import { alternate, type FigureModule, type FigureRow, figure } from '../figure';
import { benchApp, type Engine } from '../lib';
import { loadProcess } from '../load';
import { freePort } from '../portal';
import { probeOf, startServedApp } from '../served-app';

const PATH = '/cp/bill-of-ladings/?skip=0&limit=100';
const ROUNDS = 3;
const SECONDS = 5;
const CONNECTIONS = 10;
const BARE = join(import.meta.dirname, '../bare-list-server.ts');

/** The bare server's process: configured over IPC, answering on the port it reports; ended by disconnecting. */
async function startBare(config: BareConfig) {
  const child: ChildProcess = fork(BARE, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const { port } = await new Promise<BareReady>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the bare server exited with ${code}`)));
    const onMessage = (message: BareReady) => {
      if (typeof message?.port !== 'number') return;
      child.off('message', onMessage);
      done(message);
    };
    child.on('message', onMessage);
    child.send(config);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    ...probeOf(child),
    close: async () => {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}

/** The body of a GET, decompressed, and how it was encoded. */
async function answer(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { encoding: res.headers.get('content-encoding'), text: await res.text() };
}

/** The raw brotli bytes of an answer, decompressed here: what a browser receives for `br`. */
async function brotliAnswer(url: string, headers: Record<string, string>): Promise<string> {
  const { request } = await import('node:http');
  return new Promise((done, fail) => {
    request(url, { headers: { ...headers, 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.headers['content-encoding'] !== 'br')
          return fail(
            new Error(`${url} answered ${res.headers['content-encoding'] ?? 'uncompressed'}, not br`),
          );
        done(brotliDecompressSync(Buffer.concat(chunks)).toString());
      });
    })
      .on('error', fail)
      .end();
  });
}

function firstDifference(a: string, b: string): string {
  let at = 0;
  while (a[at] === b[at]) at++;
  return `at ${at}, app …${a.slice(at - 40, at + 40)}… bare …${b.slice(at - 40, at + 40)}…`;
}

async function measure(engine: Engine, postgresUrl: string, log: (m: string) => void): Promise<FigureRow[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'lading-bench-list-'));
  const t = await benchApp(engine, postgresUrl);
  // What of the in-process app is still open: its app (PostgreSQL: closed before serving) and its database.
  let appOpen = true;
  let databaseOpen = true;
  let served: Awaited<ReturnType<typeof startServedApp>> | undefined;
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  let loader: Awaited<ReturnType<typeof loadProcess>> | undefined;
  try {
    // Set up in-process (bills, sign-in, the statements of one request), then serve the same database.
    const { headers: auth } = await signInAs(t, 'customer');
    const generated = await generateBills(t.database.db, { customers: 200, bills: 20_000 });
    log(`${engine}: ${generated.bills} bills for ${generated.customers} customers in ${generated.seconds} s`);
    await t.app.inject({ method: 'GET', url: PATH, headers: auth });
    const { statements, result } = await captureStatements(t.database, () =>
      t.app.inject({ method: 'GET', url: PATH, headers: auth }),
    );
    if (result.statusCode !== 200) throw new Error(`list: ${result.statusCode} ${result.body}`);
    const body = result.body;
    const appJson = JSON.parse(body) as { count: number; results: Record<string, unknown>[] };
    if (appJson.results.length !== 100) throw new Error(`expected 100 rows, got ${appJson.results.length}`);
    const keys = Object.keys(appJson.results[0]!);

    let databaseUrl: string;
    let config: BareConfig;
    if (engine === 'postgres') {
      // The in-process app goes; its database (dropped when it closes) stays for the two servers.
      const poolSize = t.app.ctx.env.DB_POOL_SIZE;
      await t.app.close();
      appOpen = false;
      databaseUrl = t.database.url!;
      config = { engine, url: databaseUrl, poolSize, statements, keys };
    } else {
      // Two copies of the database in folders, one for each server, as `npm run serve` keeps it.
      const dump = await t.database.dumpDataDir!();
      await t.close();
      appOpen = false;
      databaseOpen = false;
      const dumpFile = join(scratch, 'database.tar');
      writeFileSync(dumpFile, dump);
      const appDir = join(scratch, 'app', 'pglite');
      mkdirSync(appDir, { recursive: true });
      await (await PgliteWorkerClient.open(appDir, dump)).close();
      databaseUrl = `pglite:${appDir}`;
      config = { engine, dataDir: join(scratch, 'bare', 'pglite'), dump: dumpFile, statements, keys };
    }
    served = await startServedApp({
      databaseUrl,
      port: await freePort(),
      logFile: join(scratch, 'app.log'),
      ready: '/readyz',
    });
    bare = await startBare(config);
    const appUrl = `${served.origin}${PATH}`;
    const bareUrl = `${bare.origin}${PATH}`;
    for (const [name, url] of [
      ['app', appUrl],
      ['bare', bareUrl],
    ] as const) {
      const plain = await answer(url, { ...auth, 'accept-encoding': 'identity' });
      if (plain.encoding)
        throw new Error(`${name} compressed an answer it was asked not to (${plain.encoding})`);
      if (plain.text !== body)
        throw new Error(`${name} answers other bytes: ${firstDifference(body, plain.text)}`);
      const compressed = await brotliAnswer(url, auth);
      if (compressed !== body)
        throw new Error(`${name}'s br answer differs: ${firstDifference(body, compressed)}`);
    }
    await new Promise((done) => setTimeout(done, 2000));
    const idle = await served.probe();

    loader = await loadProcess();
    const { load } = loader;
    let stall = 0;
    let bareStall = 0;
    const gc = { app: { max: 0, kind: '-', count: 0 }, bare: { max: 0, kind: '-', count: 0 } };
    const rps = (url: string, headers: Record<string, string>, isApp: boolean) => async () => {
      const probed = isApp ? served! : bare!;
      probed.resetProbe();
      const result = await load(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
      const { maxStallMs, maxGcMs, maxGcKind, gcCount } = await probed.probe();
      if (result.errors) throw new Error(`${result.errors} errors from ${url}`);
      const pauses = gc[isApp ? 'app' : 'bare'];
      if (maxGcMs > pauses.max) Object.assign(pauses, { max: maxGcMs, kind: maxGcKind });
      pauses.count += gcCount;
      if (isApp) stall = Math.max(stall, maxStallMs);
      else bareStall = Math.max(bareStall, maxStallMs);
      return result.rps;
    };
    const id = engine === 'postgres' ? '1' : '2';
    const engineName = engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const rows: FigureRow[] = [];
    const logBefore = served.logLines();
    for (const variant of [
      { id, headers: { ...auth, 'accept-encoding': 'br, gzip' }, what: 'br' },
      { id: `${id}-identity`, headers: auth, what: 'uncompressed' },
    ]) {
      await load(appUrl, { connections: CONNECTIONS, seconds: 1, headers: variant.headers });
      await load(bareUrl, { connections: CONNECTIONS, seconds: 1, headers: variant.headers });
      const result = await alternate(
        ROUNDS,
        rps(appUrl, variant.headers, true),
        rps(bareUrl, variant.headers, false),
      );
      rows.push(
        figure({
          id: variant.id,
          name: `BL list, customer, limit 100, ${engineName}, 10 connections, ${variant.what} (req/s)`,
          value: result.a,
          baseline: result.b,
          budget: budgetOf(variant.id),
          note: `app as served (own process, NODE_ENV=production, request log at info) vs bare node:http server in its own process${engine === 'pglite' ? ' (both with PGlite in a worker thread, each on its own copy in a folder)' : ''}; ${statements.length} statements per request; ${ROUNDS} alternating rounds of ${SECONDS} s at ${CONNECTIONS} connections, app ${result.as.map(Math.round).join('/')} vs bare ${result.bs.map(Math.round).join('/')} req/s; ${body.length} bytes per answer before compression`,
        }),
      );
    }
    const logged = served.logLines() - logBefore;
    const after = await served.probe();
    rows[0]!.note += `; the app logged ${logged} lines over the measured and warm-up loads`;
    if (engine === 'pglite')
      rows.push(
        figure({
          id: '2-stall',
          name: 'BL list on PGlite: longest event-loop stall of the served app under that load (ms)',
          value: stall,
          baseline: null,
          budget: budgetOf('2-stall'),
          note: `perf_hooks monitorEventLoopDelay in the app's process over its rounds (load generator in a child process); the bare server's own: ${Math.round(bareStall)} ms; longest GC pause app ${gc.app.max.toFixed(1)} ms (${gc.app.kind}; ${gc.app.count} collections) vs bare ${gc.bare.max.toFixed(1)} ms (${gc.bare.kind}; ${gc.bare.count})`,
        }),
        figure({
          id: '8-rss-peak',
          name: 'RSS of the served app on PGlite: peak over its life, start and figure 2 load included (MB)',
          value: after.peakRssMb,
          baseline: null,
          budget: budgetOf('8-rss-peak'),
          note: `VmHWM of the app's process after figure 2's rounds; RSS ${Math.round(idle.rssMb)} MB idle before the load, ${Math.round(after.rssMb)} MB after it`,
        }),
      );
    return rows;
  } finally {
    await loader?.close();
    await bare?.close();
    await served?.stop();
    if (appOpen) await t.app.close();
    if (databaseOpen) await t.database.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** BENCH_ENGINE=postgres (or pglite) measures one engine only, for iterating on one figure. */
const blList: FigureModule = async (context) => {
  const only = process.env.BENCH_ENGINE;
  const rows: FigureRow[] = [];
  for (const engine of ['postgres', 'pglite'] as const)
    if (!only || only === engine) rows.push(...(await measure(engine, context.postgresUrl, context.log)));
  return rows;
};
export default blList;
