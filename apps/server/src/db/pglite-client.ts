// The main thread's side of the PGlite worker (`pglite-worker.ts`, decision 006): the part of PGlite's API that
// Drizzle's PGlite driver and `client.ts` use — query, exec, transaction, listen, close — each call a message to
// the worker. A transaction stays on the worker's single connection: BEGIN answers with an id, the transaction's
// statements carry it, and COMMIT or ROLLBACK settle it; other queries wait in PGlite meanwhile, as they would
// in-process.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';

type Row = Record<string, unknown> | unknown[];
export type QueryResult = {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};
type QueryOptions = { rowMode?: 'array' | 'object' };
type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };

export type WorkerTransaction = {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(text: string): Promise<QueryResult[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
};

const closedError = () => new Error('PGlite is closed');

/** The error the worker reported, with PostgreSQL's fields (code, constraint, detail, …) and this thread's stack. */
function toError(fields: Record<string, unknown>): Error {
  const { stack: _stack, message, ...rest } = fields;
  return Object.assign(new Error(String(message)), rest);
}

/** PGlite's two WebAssembly modules, compiled by V8 once per process. */
export type PgliteWasm = { pglite: WebAssembly.Module; initdb: WebAssembly.Module };
let compiled: Promise<PgliteWasm> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and handed to every worker: a compiled module passed to a worker
 * shares its machine code, so a second database (the tests open one per file) neither compiles PostgreSQL again nor
 * optimises its hot functions again. Opening a copy of the tests' template took 1.55 CPU-s with a compile of its own,
 * 1.0 CPU-s with the shared module (docs/benchmarks.md, "CI and `npm test` time").
 */
function pgliteWasm(): Promise<PgliteWasm> {
  compiled ??= (async () => {
    // PostgreSQL's WebAssembly stays on V8's baseline compiler (Liftoff) and is never recompiled by the optimising
    // one: V8 would otherwise tier up `raw_parser` (the SQL grammar, 105 KB of code) on the first queries, and that
    // one compilation takes about 600 MB of memory for a second and 0.5-1.3 CPU-s, doubling the process's peak RSS
    // (decision 030, docs/benchmarks.md "Memory of the PGlite app"). Process-wide flags, set before the module is
    // compiled; nothing else in the process compiles WebAssembly. PGLITE_WASM_TIER_UP=1 keeps V8's tiering, trading
    // that peak for faster queries: the Vitest run sets it for the server's tests (a test file on PGlite 20-23 % faster).
    if (process.env.PGLITE_WASM_TIER_UP !== '1') {
      setFlagsFromString('--no-wasm-dynamic-tiering');
      setFlagsFromString('--no-wasm-tier-up');
    }
    const resolve = createRequire(import.meta.url).resolve;
    const [pglite, initdb] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (name) =>
        WebAssembly.compile(await readFile(resolve(`@electric-sql/pglite/${name}`))),
      ),
    );
    return { pglite: pglite!, initdb: initdb! };
  })();
  return compiled;
}

/**
 * The worker's module beside this one: the TypeScript source when the server runs from source (tsx), the bundle's
 * `pglite-worker.mjs` when it runs from `dist/` (build/bundle.ts puts every entry and chunk in one folder).
 */
function workerFile(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./pglite-worker.ts', import.meta.url)
    : new URL('./pglite-worker.mjs', import.meta.url);
}

export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    // Only calls in flight keep the process alive, as with an in-process PGlite.
    worker.unref();
    worker.on('message', (message: Reply & { notify?: string; payload?: string }) => {
      if (message.notify !== undefined) {
        for (const listener of this.#listeners.get(message.notify) ?? []) listener(message.payload ?? '');
        return;
      }
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) worker.unref();
      if (message.error) pending.reject(toError(message.error));
      else pending.resolve(message.result);
    });
    const fail = (error: Error) => {
      this.#closed = true;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(closedError()));
  }

  /**
   * Starts the worker and waits until its database is open (and, in memory, initialised); with `loadDataDir`, as a
   * copy of the database that tarball was dumped from.
   */
  static async open(
    dataDir: string | null,
    loadDataDir?: Uint8Array<ArrayBuffer>,
  ): Promise<PgliteWorkerClient> {
    const worker = new Worker(workerFile(), {
      workerData: { dataDir, loadDataDir, wasm: await pgliteWasm() },
    });
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      const onExit = (code: number) => reject(new Error(`the PGlite worker exited with code ${code}`));
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.once('message', () => {
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve();
      });
    });
    return new PgliteWorkerClient(worker);
  }

  get closed(): boolean {
    return this.#closed;
  }

  #call<T>(op: string, payload: Record<string, unknown> = {}): Promise<T> {
    if (this.#closed) return Promise.reject(closedError());
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, op, ...payload });
    });
  }

  /**
   * Drizzle passes its own parsers with each query; the worker has them set once (see there), so only the row
   * mode travels.
   */
  query(text: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<QueryResult> {
    return this.#call('query', { text, params, rowMode: options?.rowMode ?? 'object', tx });
  }

  exec(text: string, tx?: number): Promise<QueryResult[]> {
    return this.#call('exec', { text, tx });
  }

  /** Commits when `callback` resolves, rolls back when it throws (or called `rollback()`). */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>('begin');
    let ended = false;
    const open = () => {
      if (ended) throw new Error('Transaction is closed');
    };
    const tx: WorkerTransaction = {
      query: async (text, params, options) => {
        open();
        return this.query(text, params, options, id);
      },
      exec: async (text) => {
        open();
        return this.exec(text, id);
      },
      rollback: async () => {
        open();
        ended = true;
        await this.#call('rollback', { tx: id });
      },
      get closed() {
        return ended;
      },
    };
    try {
      const result = await callback(tx);
      if (!ended) {
        ended = true;
        await this.#call('commit', { tx: id });
      }
      return result;
    } catch (error) {
      if (!ended) {
        ended = true;
        await this.#call('rollback', { tx: id }).catch(() => {});
      }
      throw error;
    }
  }

  /** LISTEN on a channel; answers the function that stops listening. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call('listen', { channel });
    }
    listeners.add(onNotify);
    return async () => {
      listeners.delete(onNotify);
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      if (!this.#closed) await this.#call('unlisten', { channel });
    };
  }

  /** The data directory as a tarball (PGlite's `dumpDataDir`), e.g. to open a copy in another PGlite. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.#call<Uint8Array<ArrayBuffer>>('dump')]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call('close');
    this.#closed = true;
    await this.#worker.terminate();
  }
}
