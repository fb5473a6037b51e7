import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { openDatabase, queryRows } from './client';

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
if (!onPostgres) console.warn('pooled transactions: skipped, DATABASE_URL is not PostgreSQL');

describe.skipIf(!onPostgres)('a pooled transaction whose BEGIN fails (PostgreSQL)', () => {
  it('gives its connection back: the pool keeps serving and closes', async () => {
    const base = await createTestDatabase();
    // One connection: a connection kept by the failed transaction would leave none for the next one.
    const database = await openDatabase({ kind: 'postgres', url: base.url!, poolSize: 1 });
    try {
      const [row] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      const pid = Number(row!.pid);
      // The idle pooled connection's server process is ended from outside while this thread is blocked, so its
      // FATAL waits unread in the socket. The transaction below checks that connection out and sends BEGIN in the
      // same turn of the event loop, before the FATAL is read: BEGIN fails, as it does when the database restarts
      // between a connection's check-out and its BEGIN.
      execFileSync('psql', [base.url!, '-qAtc', `select pg_terminate_backend(${pid})`]);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      const failed = await database.db.transaction(async () => 'ran').catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      // PostgreSQL's admin_shutdown: the server ended the connection, as in a restart.
      expect((failed as Error & { cause?: { code?: string } }).cause?.code).toBe('57P01');

      const started = Date.now();
      await expect(
        database.db.transaction((tx) => queryRows<{ one: number }>(tx, sql`select 1 as one`)),
      ).resolves.toEqual([{ one: 1 }]);
      // Well inside the pool's 5 s wait for a free connection.
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await database.close();
      await base.close();
    }
  });
});
