import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DatabaseTarget, REPO_ROOT } from '../env';
import { PgliteWorkerClient } from './pglite-client';
import * as schema from './schema';

/** The SQL migrations, read from the source tree both when the server runs from source and from its bundle (dist/). */
export const MIGRATIONS_FOLDER = resolve(REPO_ROOT, 'apps/server/src/db/migrations');
/** Any number; two processes migrating the same PostgreSQL database take turns on it. */
const MIGRATION_LOCK_ID = 7_402_311;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a service receives inside `db.transaction(async (tx) => …)`; it has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type Database = {
  kind: DatabaseTarget['kind'];
  db: Db;
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * LISTENs on a channel: `onNotify(payload)` for each NOTIFY (after the notifying transaction commits), and
   * `onNotify(null)` after a lost connection was re-established (notices may have been missed meanwhile).
   * PostgreSQL: one dedicated connection per listener, outside the pool, reconnecting until closed.
   * PGlite: its own in-process LISTEN.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<Listener>;
  /**
   * Hears NOTIFYs on one of the `WATCHED_CHANNELS`, which every pooled connection LISTENs on: a notice raised by
   * this process's own statement or transaction is heard before that statement's or COMMIT's promise settles
   * (PostgreSQL sends a session its own notices before it is ready for the next query), those of other processes
   * as soon as a connection is idle. `onNotify(null)`: notices may have been missed (no connection was listening
   * for a while). Answers the function that stops hearing.
   */
  watch(channel: WatchedChannel, onNotify: (payload: string | null) => void): () => void;
  /** PGlite only: the data directory as a tarball, which `loadDataDir` opens a copy of (the tests' template). */
  dumpDataDir?(): Promise<Uint8Array<ArrayBuffer>>;
  close(): Promise<void>;
};

/**
 * Channels every pooled connection LISTENs on (see `Database.watch`). `lading_principal`: a change to what a
 * principal is made of (migration 0019; modules/access/principal-cache.ts).
 */
export const WATCHED_CHANNELS = ['lading_principal'] as const;
export type WatchedChannel = (typeof WATCHED_CHANNELS)[number];

/** The handlers of `Database.watch`, per channel. */
function createWatchers() {
  const handlers = new Map<string, Set<(payload: string | null) => void>>();
  return {
    add(channel: string, onNotify: (payload: string | null) => void) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onNotify);
      return () => void set.delete(onNotify);
    },
    notify(channel: string, payload: string | null) {
      for (const onNotify of handlers.get(channel) ?? []) onNotify(payload);
    },
    missed() {
      for (const [channel] of handlers) this.notify(channel, null);
    },
  };
}

export type Listener = { close(): Promise<void> };

type Logger = { error(obj: object, msg: string): void };

export async function openDatabase(target: DatabaseTarget, log?: Logger): Promise<Database> {
  if (target.kind === 'pglite') return openPglite(target.dataDir, target.loadDataDir);
  return openPostgres(target.url, target.poolSize ?? 10, log);
}

async function openPglite(dataDir: string | null, loadDataDir?: Uint8Array<ArrayBuffer>): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite runs in a worker thread so that its queries never block the event loop (decision 006).
  const client = await PgliteWorkerClient.open(dataDir, loadDataDir);
  const driver = client as unknown as PGlite;
  // One connection: every notice is its own, heard (posted by the worker) before the statement's answer.
  const watchers = createWatchers();
  for (const channel of WATCHED_CHANNELS)
    await client.listen(channel, (payload) => watchers.notify(channel, payload));
  const db = drizzlePglite(driver, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(driver), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      return { close: () => (client.closed ? Promise.resolve() : unlisten()) };
    },
    watch: (channel, onNotify) => watchers.add(channel, onNotify),
    dumpDataDir: async () => new Uint8Array(await (await client.dumpDataDir()).arrayBuffer()),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number, log?: Logger): Promise<Database> {
  // Every pooled connection LISTENs on the watched channels (Database.watch) before it is handed out. While at
  // least one connection listens without a break, no notice is lost (PostgreSQL keeps them for a connection busy
  // in a transaction); when the last one dies, the watchers hear `null`.
  const watchers = createWatchers();
  const listening = new WeakSet<object>();
  let listeners = 0;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    onConnect: async (client) => {
      client.on('notification', (message) => watchers.notify(message.channel, message.payload ?? ''));
      // A connection stops listening at its first sign of death (a FATAL from the server, a socket error, the end),
      // not when the pool gets round to removing it: by then another connection may have started listening, and
      // the count would never have shown the gap in between.
      let dead = false;
      const gone = () => {
        dead = true;
        if (!listening.delete(client)) return;
        listeners--;
        if (listeners === 0) watchers.missed();
      };
      client.once('error', gone);
      client.once('end', gone);
      await client.query(WATCHED_CHANNELS.map((channel) => `listen "${channel}"`).join('; '));
      if (dead) return;
      listening.add(client);
      listeners++;
    },
  });
  // A client losing its connection (database restart or shutdown) must not crash the process. The pool's own
  // listener covers idle clients only; a client checked out between two queries of a transaction emits 'error' on
  // itself, which unheard would be an uncaught exception. Its query fails instead (503), and the pool replaces it.
  pool.on('error', (error) => log?.error({ err: error }, 'idle database connection lost'));
  pool.on('connect', (client) => {
    client.on('error', (error) => log?.error({ err: error }, 'database connection lost'));
  });
  const db = drizzleNodePg(releasingFailedBegins(pool), { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        lockClient.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify, log),
    watch: (channel, onNotify) => watchers.add(channel, onNotify),
    close: () => pool.end(),
  };
}

/**
 * The pool as Drizzle gets it. Drizzle's node-postgres `transaction()` (0.45.4) checks a client out and sends BEGIN
 * before entering the try/finally that releases it (drizzle-team/drizzle-orm#6241): when BEGIN fails, because the
 * connection died between check-out and BEGIN (the database restarting or shutting down), the client is never
 * released. The pool is then one connection short for good, and `pool.end()` never resolves (a shutdown that
 * hangs). Here every client Drizzle checks out is released, with the error so that the pool drops it, as soon as
 * its first statement (BEGIN) fails; Drizzle's own release of it, if it ever comes, is then ignored.
 */
function releasingFailedBegins(pool: pg.Pool): pg.Pool {
  // Bound once per function, not per name: a method replaced on the pool (a test capturing its statements) is seen.
  const bound = new WeakMap<object, unknown>();
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') return async () => releasedIfBeginFails(await target.connect());
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let method = bound.get(value);
      if (!method) {
        method = value.bind(target);
        bound.set(value, method);
      }
      return method;
    },
  });
}

function releasedIfBeginFails(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  let first = true;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release(error);
  };
  const query = (...args: unknown[]) => {
    const result = (client.query as (...a: unknown[]) => unknown)(...args);
    if (first) {
      first = false;
      if (result instanceof Promise)
        result.catch((error: unknown) =>
          releaseOnce(error instanceof Error ? error : new Error(String(error))),
        );
    }
    return result;
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'release') return releaseOnce;
      if (property === 'query') return query;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A LISTEN connection of its own (a pooled one would be handed to other queries), re-opened after a failure. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string | null) => void,
  log?: Logger,
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const lost = (error?: Error) => {
      if (closed || client !== next) return;
      client = null;
      if (error) log?.error({ err: error }, 'notification listener lost its connection');
      next.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(() => {}), 1000).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      await next.end().catch(() => {});
      if (!isReconnect || closed) throw error;
      retry = setTimeout(() => void connect(true).catch(() => {}), 1000).unref();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (isReconnect) onNotify(null);
  };
  await connect(false);
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
