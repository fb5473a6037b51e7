// Figures 1 and 2: the BL list GET /cp/bill-of-ladings/?skip=0&limit=100 as a customer (100 rows), 10 connections,
// through the full app versus a bare node:http server that runs the identical SQL statements (captured from the
// app's own request after a warm-up: list and count, the token and principal being kept by the app's principal
// cache) on the same driver and answers the same bytes (checked before measuring). Figure 1 on PostgreSQL (both
// with pools of the app's size), figure 2 on PGlite in-process, where the app's longest event-loop stall under that
// load is a figure of its own. The load generator runs in a
// child process of its own (bench/load.ts), so this process's event loop and CPU time are the servers' only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DCSA_TRANSPORT_DOCUMENT_STATUS } from '@lading/contract/bills-of-lading';
import pg from 'pg';
import { signInAs } from '../../apps/server/src/test/auth';
import { generateBills } from '../../apps/server/src/test/generate-bills';
import { captureStatements, type Statement } from '../../apps/server/src/test/sql-capture';
import type { TestApp } from '../../apps/server/src/test/test-app';
import { alternate, type FigureModule, type FigureRow, figure, maxEventLoopDelay } from '../figure';
import { benchApp, type Engine, rawQuery } from '../lib';
import { loadProcess } from '../load';

const PATH = '/cp/bill-of-ladings/?skip=0&limit=100';
const ROUNDS = 3;
const SECONDS = 5;
const CONNECTIONS = 10;

/** The SQL statements the app sends while answering one request, in order, and the answer. */
async function captureRequest(t: TestApp, headers: Record<string, string>) {
  const { statements, result } = await captureStatements(t.database, () =>
    t.app.inject({ method: 'GET', url: PATH, headers }),
  );
  if (result.statusCode !== 200) throw new Error(`list: ${result.statusCode} ${result.body}`);
  return { statements, body: result.body };
}

/**
 * The bare server: the same statements, one after the other, then the response built from the list and count rows
 * with the keys in the order the app's response has them.
 */
function bareHandler(
  run: (text: string, params: unknown[]) => Promise<unknown[]>,
  statements: Statement[],
  keys: string[],
) {
  return async (_request: IncomingMessage, response: ServerResponse) => {
    let results: Record<string, unknown>[] = [];
    let count = 0;
    for (const statement of statements) {
      const rows = (await run(statement.text, statement.params)) as Record<string, unknown>[];
      const [first] = rows;
      if (first && 'updatedAt' in first && 'status' in first) results = rows;
      else if (first && Object.keys(first).length === 1 && /count\(/i.test(statement.text))
        count = Number(Object.values(first)[0]);
      if (first && 'totalCount' in first) count = Number(first.totalCount);
    }
    const body = JSON.stringify({
      count,
      results: results.map((row) => {
        const out: Record<string, unknown> = {};
        for (const key of keys)
          out[key] =
            key === 'dcsaStatus'
              ? DCSA_TRANSPORT_DOCUMENT_STATUS[row.status as keyof typeof DCSA_TRANSPORT_DOCUMENT_STATUS]
              : row[key];
        return out;
      }),
    });
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  };
}

async function measure(engine: Engine, postgresUrl: string, log: (m: string) => void): Promise<FigureRow[]> {
  const t = await benchApp(engine, postgresUrl);
  let bare: ReturnType<typeof createServer> | undefined;
  let barePool: pg.Pool | undefined;
  let direct: Awaited<ReturnType<typeof rawQuery>> | undefined;
  let loader: Awaited<ReturnType<typeof loadProcess>> | undefined;
  try {
    const { headers } = await signInAs(t, 'customer');
    const generated = await generateBills(t.database.db, { customers: 200, bills: 20_000 });
    log(`${engine}: ${generated.bills} bills for ${generated.customers} customers in ${generated.seconds} s`);
    await t.app.inject({ method: 'GET', url: PATH, headers });
    const { statements, body } = await captureRequest(t, headers);
    const appJson = JSON.parse(body) as { count: number; results: Record<string, unknown>[] };
    if (appJson.results.length !== 100) throw new Error(`expected 100 rows, got ${appJson.results.length}`);

    direct = await rawQuery(t.database);
    let run = direct.run;
    if (engine === 'postgres') {
      barePool = new pg.Pool({ connectionString: t.database.url, max: t.app.ctx.env.DB_POOL_SIZE });
      const pool = barePool;
      run = async (text, params) => (await pool.query(text, params)).rows;
    }
    const handler = bareHandler(run, statements, Object.keys(appJson.results[0]!));
    bare = createServer((request, response) => {
      handler(request, response).catch((error: Error) => {
        response.writeHead(500);
        response.end(error.message);
      });
    });
    await new Promise<void>((resolve) => bare!.listen(0, '127.0.0.1', resolve));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${PATH}`;
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${PATH}`;
    const bareBody = await (await fetch(bareUrl)).text();
    if (bareBody !== body) {
      let at = 0;
      while (bareBody[at] === body[at]) at++;
      throw new Error(
        `the bare server does not answer the same bytes as the app: at ${at}, app …${body.slice(at - 40, at + 40)}… bare …${bareBody.slice(at - 40, at + 40)}…`,
      );
    }

    loader = await loadProcess();
    const { load } = loader;
    let stall = 0;
    let bareStall = 0;
    const rps = (url: string, isApp: boolean) => async () => {
      const { result, maxMs } = await maxEventLoopDelay(() =>
        load(url, { connections: CONNECTIONS, seconds: SECONDS, headers }),
      );
      if (result.errors) throw new Error(`${result.errors} errors from ${url}`);
      if (isApp) stall = Math.max(stall, maxMs);
      else bareStall = Math.max(bareStall, maxMs);
      return result.rps;
    };
    await load(appUrl, { connections: CONNECTIONS, seconds: 1, headers });
    await load(bareUrl, { connections: CONNECTIONS, seconds: 1, headers });
    const result = await alternate(ROUNDS, rps(appUrl, true), rps(bareUrl, false));
    const note = `${statements.length} statements per request; ${ROUNDS} alternating rounds of ${SECONDS} s at ${CONNECTIONS} connections, app ${result.as.map(Math.round).join('/')} vs bare ${result.bs.map(Math.round).join('/')} req/s; ${body.length} bytes per answer`;
    const rows = [
      figure({
        id: engine === 'postgres' ? '1' : '2',
        name: `BL list, customer, limit 100, ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}, 10 connections (req/s)`,
        value: result.a,
        baseline: result.b,
        budget: { op: '>=', limit: engine === 'postgres' ? 0.85 : 0.8 },
        note,
      }),
    ];
    if (engine === 'pglite')
      rows.push(
        figure({
          id: '2-stall',
          name: 'BL list on PGlite: longest event-loop stall under that load (ms)',
          value: stall,
          baseline: null,
          budget: { op: '<=', limit: 50, of: 'value' },
          note: `perf_hooks monitorEventLoopDelay over the app rounds (load generator in a child process); the bare server with PGlite on its event loop: ${Math.round(bareStall)} ms`,
        }),
      );
    return rows;
  } finally {
    await loader?.close();
    await new Promise((resolve) => (bare ? bare.close(resolve) : resolve(undefined)));
    await barePool?.end();
    await direct?.close();
    await t.close();
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
