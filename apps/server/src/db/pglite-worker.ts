// The PGlite database in a worker thread (decision 006): PostgreSQL compiled to WebAssembly runs synchronously, so
// on the main thread every query would stop the event loop for as long as it runs, and queries queued behind each
// other would stop it for their sum. Here it blocks only this thread. The main thread talks to it through
// `pglite-client.ts`; this file is loaded by Node itself (type stripping), so it imports nothing relative.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

type Request = { id: number; op: string; tx?: number; [key: string]: unknown };

const port = parentPort!;
const identity = (value: string) => value;

const start = workerData as {
  dataDir: string | null;
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /** PGlite's WebAssembly, compiled once by the main thread (pglite-client.ts). */
  wasm: { pglite: WebAssembly.Module; initdb: WebAssembly.Module };
};
const { dataDir, wasm } = start;
// V8 keeps the module on its baseline compiler (flags set before it was compiled: pglite-client.ts, decision 030).
const db = await PGlite.create(dataDir ?? undefined, {
  extensions: { citext, pg_trgm },
  pgliteWasmModule: wasm.pglite,
  initdbWasmModule: wasm.initdb,
  // A copy of another database's files (its dumpDataDir), e.g. the tests' migrated and seeded template.
  ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
  // PostgreSQL's default 128 MB of shared buffers fill up with pages the in-memory file system holds anyway (or,
  // on disk, the OS caches): 32 MB keeps the process about 80 MB smaller at idle (docs/benchmarks.md, memory).
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
});
// The tarball has been unpacked: nothing holds on to it for the worker's life (a copy of the tests' template; a first
// start unpacks the build's copy into its folder itself, seed/first-start.ts).
start.loadDataDir = undefined;
// Drizzle maps dates, timestamps and intervals from PostgreSQL's text itself and passes these parsers with every
// query; PGlite then copies its whole parser table (one entry per type and array type) for each query. They are
// set once here instead, and the client drops the per-query copy.
for (const oid of [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
])
  db.parsers[oid] = identity;

/** Open transactions by id: their handle, and how the main thread ends them. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
let nextTransaction = 1;
const ROLLED_BACK = Symbol('rollback');

function errorFields(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error))
    if (key !== 'queryOptions' && (value === null || typeof value !== 'object' || Array.isArray(value)))
      fields[key] = value;
  return fields;
}

const queryResult = (result: { rows: unknown[]; fields: unknown[]; affectedRows?: number }) => ({
  rows: result.rows,
  fields: result.fields,
  affectedRows: result.affectedRows,
});

function target(request: Request) {
  if (request.tx === undefined) return db;
  const open = transactions.get(request.tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

const handlers: Record<string, (request: Request) => Promise<unknown>> = {
  query: async (request) =>
    queryResult(
      await target(request).query(request.text as string, request.params as unknown[], {
        rowMode: request.rowMode as 'array' | 'object',
      }),
    ),
  exec: async (request) => (await target(request).exec(request.text as string)).map(queryResult),
  /** Answers with the transaction's id once BEGIN ran; commit/rollback settle the callback PGlite waits on. */
  begin: () =>
    new Promise((resolveBegin, rejectBegin) => {
      const id = nextTransaction++;
      let begun = false;
      db.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            begun = true;
            transactions.set(id, { tx, end: (commit) => (commit ? resolve() : reject(ROLLED_BACK)) });
            resolveBegin(id);
          }),
      ).then(
        () => settle(id, null),
        (error: unknown) => {
          if (!begun)
            rejectBegin(error); // BEGIN itself failed (database closed)
          else settle(id, error === ROLLED_BACK ? null : error);
        },
      );
    }),
  commit: (request) => finish(request.tx!, true),
  rollback: (request) => finish(request.tx!, false),
  listen: async (request) => {
    const channel = request.channel as string;
    listeners.set(
      channel,
      await db.listen(channel, (payload) => port.postMessage({ notify: channel, payload })),
    );
    return null;
  },
  unlisten: async (request) => {
    const unlisten = listeners.get(request.channel as string);
    listeners.delete(request.channel as string);
    if (unlisten && !db.closed) await unlisten();
    return null;
  },
  dump: async () => {
    const file = await db.dumpDataDir('none');
    return new Uint8Array(await file.arrayBuffer());
  },
  close: async () => {
    if (!db.closed) await db.close();
    return null;
  },
};

const listeners = new Map<string, () => Promise<void>>();
/** The outcome of each transaction's COMMIT or ROLLBACK, awaited by `finish`. */
const outcomes = new Map<number, { error: unknown } | ((error: unknown) => void)>();

function settle(id: number, error: unknown) {
  transactions.delete(id);
  const waiting = outcomes.get(id);
  if (typeof waiting === 'function') {
    outcomes.delete(id);
    waiting(error);
  } else outcomes.set(id, { error });
}

async function finish(id: number, commit: boolean) {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  const done = new Promise<unknown>((resolve) => {
    const settled = outcomes.get(id);
    if (settled && typeof settled !== 'function') {
      outcomes.delete(id);
      resolve(settled.error);
    } else outcomes.set(id, resolve);
  });
  open.end(commit);
  const error = await done;
  if (error) throw error;
  return null;
}

port.on('message', (request: Request) => {
  const handler = handlers[request.op];
  if (!handler) {
    port.postMessage({ id: request.id, error: { message: `unknown operation ${request.op}` } });
    return;
  }
  handler(request).then(
    (result) => port.postMessage({ id: request.id, result }),
    (error: unknown) => port.postMessage({ id: request.id, error: errorFields(error) }),
  );
});
port.postMessage({ ready: true });
