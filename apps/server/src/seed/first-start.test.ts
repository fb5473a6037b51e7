// The first-start copy the build makes (decision 033): an empty PGlite folder begins from it, migrated and seeded; a
// folder that holds a database is never loaded over; without the copy a folder is initialised as before.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../db/client';
import {
  isFirstStart,
  setUpFirstStart,
  unpackFirstStartTemplate,
  writeFirstStartTemplate,
} from './first-start';

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
    const target = { kind: 'pglite', dataDir } as const;
    expect(await unpackFirstStartTemplate(target, template)).toBe(true);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    // Nothing left beside it: the copy was unpacked next to the folder and renamed into place.
    expect(readdirSync(folder).filter((name) => name.startsWith('empty'))).toEqual(['empty']);
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
    expect(await unpackFirstStartTemplate(target, template)).toBe(false);
    const second = await openDatabase(target);
    try {
      expect(await counts(second.db)).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it('stops on a damaged copy and leaves the folder as it was', async () => {
    const damaged = join(folder, 'damaged.tar');
    const whole = readFileSync(template);
    writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length / 2) + 100));
    const dataDir = join(folder, 'damaged');
    await expect(unpackFirstStartTemplate({ kind: 'pglite', dataDir }, damaged)).rejects.toThrow(
      /could not be unpacked/,
    );
    expect(
      readdirSync(folder).filter((name) => name.startsWith('damaged') && name !== 'damaged.tar'),
    ).toEqual([]);
  });

  it('leaves every other target as it is, and an empty folder too when the build made no copy', async () => {
    const dataDir = join(folder, 'other');
    expect(await unpackFirstStartTemplate({ kind: 'pglite', dataDir }, join(folder, 'missing.tar'))).toBe(
      false,
    );
    expect(existsSync(dataDir)).toBe(false);
    expect(await unpackFirstStartTemplate({ kind: 'pglite', dataDir: null }, template)).toBe(false);
    const postgres = { kind: 'postgres', url: 'postgres://127.0.0.1/x' } as const;
    expect(await unpackFirstStartTemplate(postgres, template)).toBe(false);
  });

  it('sets a first start up once, seed included, and leaves the folder closed for the server to open', async () => {
    const dataDir = join(folder, 'set-up');
    const target = { kind: 'pglite', dataDir } as const;
    expect(isFirstStart(target)).toBe(true);
    const seeded: number[] = [];
    const seed = async (db: Parameters<typeof queryRows>[0]) => {
      await db.execute(sql`create table first_start_seeded (n int)`);
      await db.execute(sql`insert into first_start_seeded values (1)`);
      seeded.push((await counts(db)).ports);
    };
    await setUpFirstStart(target, seed, template);
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toBeGreaterThan(1000);
    expect(isFirstStart(target)).toBe(false);
    // A later start finds the folder set up and does nothing: no second seed.
    await setUpFirstStart(target, seed, template);
    expect(seeded).toHaveLength(1);
    // Closed: another database opens the folder and finds what the seed wrote.
    const database = await openDatabase(target);
    try {
      const rows = await queryRows<{ n: number }>(database.db, sql`select n from first_start_seeded`);
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('knows a first start only by a PGlite folder without a database', () => {
    expect(isFirstStart({ kind: 'pglite', dataDir: null })).toBe(false);
    expect(isFirstStart({ kind: 'postgres', url: 'postgres://127.0.0.1/x' })).toBe(false);
    expect(isFirstStart({ kind: 'pglite', dataDir: join(folder, 'never-made') })).toBe(true);
  });
});
