// The first-start copy the build makes (decision 033): an empty PGlite folder begins from it, migrated and seeded; a
// folder that holds a database is never loaded over; without the copy a folder is initialised as before.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../db/client';
import { withFirstStartTemplate, writeFirstStartTemplate } from './first-start';

describe('the first-start copy of the embedded database', () => {
  let folder: string;
  let template: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'lading-first-start-'));
    template = join(folder, 'first-start.tar');
    await writeFirstStartTemplate(template);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const counts = (db: Parameters<typeof queryRows>[0]) =>
    queryRows<{ ports: number; roles: number; migrations: number }>(
      db,
      sql`select (select count(*)::int from ports) as ports, (select count(*)::int from roles) as roles,
                 (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
    ).then((rows) => rows[0]!);

  it('starts an empty folder as a copy: migrated, reference data and roles in place, and kept on disk', async () => {
    const dataDir = join(folder, 'empty');
    const target = withFirstStartTemplate({ kind: 'pglite', dataDir }, template);
    expect(target).toMatchObject({ kind: 'pglite', dataDir });
    expect(target.kind === 'pglite' && target.loadDataDir?.byteLength).toBeGreaterThan(0);
    const first = await openDatabase(target);
    let before: Awaited<ReturnType<typeof counts>>;
    try {
      before = await counts(first.db);
      expect(before.ports).toBeGreaterThan(1000);
      expect(before.roles).toBeGreaterThan(0);
      expect(before.migrations).toBeGreaterThan(0);
      // Nothing left for the start's own migration run to apply.
      await first.migrate();
      expect(await counts(first.db)).toEqual(before);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);

    // The next start finds a database there: it opens it, never loads the copy over it.
    const again = withFirstStartTemplate({ kind: 'pglite', dataDir }, template);
    expect(again).toEqual({ kind: 'pglite', dataDir });
    const second = await openDatabase(again);
    try {
      expect(await counts(second.db)).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it('leaves every other target as it is, and an empty folder too when the build made no copy', () => {
    const dataDir = join(folder, 'other');
    expect(withFirstStartTemplate({ kind: 'pglite', dataDir }, join(folder, 'missing.tar'))).toEqual({
      kind: 'pglite',
      dataDir,
    });
    expect(withFirstStartTemplate({ kind: 'pglite', dataDir: null }, template)).toEqual({
      kind: 'pglite',
      dataDir: null,
    });
    const postgres = { kind: 'postgres', url: 'postgres://127.0.0.1/x' } as const;
    expect(withFirstStartTemplate(postgres, template)).toBe(postgres);
  });
});
