// A first start on the embedded database (a PGlite folder that holds no database yet) begins from a copy of a database
// that `npm run build` made: migrated, with the reference data and the access model seeded (decision 033). A first
// start then skips PostgreSQL's initdb, the migrations and the reference seeds (seconds on a small machine) and only
// checks them, as every start does; the demo data, sealed with this installation's session secret, is seeded by the
// start itself. Without the file (a start that skipped the build) the folder is initialised as before.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extract } from 'tar';
import { type Database, type Db, openDatabase } from '../db/client';
import { type DatabaseTarget, REPO_ROOT } from '../env';
import { seedAccessModel } from '../modules/access';
import { seedReferenceData } from '../modules/reference-data';

/** Where the build writes the copy (beside the server bundle, ignored by Git). */
export const FIRST_START_TEMPLATE = resolve(REPO_ROOT, 'apps/server/dist/pglite-first-start.tar');

/** What every start of a database it owns does, and the copy holds: the migrations, the reference data, the roles. */
export async function migrateAndSeed(database: Database): Promise<void> {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedAccessModel(database.db);
}

/** Makes the copy: a new in-memory PGlite, migrated and seeded, dumped as a tarball of its data folder. */
export async function writeFirstStartTemplate(file = FIRST_START_TEMPLATE): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await migrateAndSeed(database);
    writeFileSync(file, await database.dumpDataDir!());
  } finally {
    await database.close();
  }
}

/**
 * Before the first start on a PGlite folder without a database yet (no PG_VERSION): unpacks the build's copy into it,
 * when there is one. Answers whether it did. Any other target is left as it is.
 *
 * Unpacked here, as files, rather than handed to PGlite (its `loadDataDir`): PGlite would read the 46 MB tarball into
 * its worker and unpack it through its WebAssembly memory, which then stays that much larger for the life of the
 * process (8-rss-idle-fresh: 465 MB against 342 MB on an existing folder). The files go to a folder beside the target
 * and are renamed into place once whole, so a start cut short leaves no half-copied database behind.
 */
export async function unpackFirstStartTemplate(
  target: DatabaseTarget,
  file = FIRST_START_TEMPLATE,
): Promise<boolean> {
  if (target.kind !== 'pglite' || !target.dataDir || target.loadDataDir) return false;
  const { dataDir } = target;
  if (existsSync(join(dataDir, 'PG_VERSION')) || !existsSync(file)) return false;
  const empty = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  const into = empty ? `${dataDir}.first-start-${process.pid}` : dataDir;
  mkdirSync(into, { recursive: true });
  // The tarball's names are absolute (/base/1/…), relative to the data folder: tar strips the leading slash (the
  // one notice it gives); any other warning (a damaged entry) stops the start.
  const problems: string[] = [];
  try {
    await extract({
      file,
      cwd: into,
      onwarn: (code, message) => {
        if (code !== 'TAR_ENTRY_INFO') problems.push(`${code}: ${message}`);
      },
    });
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (problems.length > 0) {
    if (empty) rmSync(into, { recursive: true, force: true });
    throw new Error(`the first-start copy ${file} could not be unpacked: ${problems.join('; ')}`);
  }
  if (empty) {
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(into, dataDir);
  }
  return true;
}

/** Whether `target` is a PGlite folder that holds no database yet: what a first start finds. */
export function isFirstStart(target: DatabaseTarget): boolean {
  return (
    target.kind === 'pglite' &&
    !!target.dataDir &&
    !target.loadDataDir &&
    !existsSync(join(target.dataDir, 'PG_VERSION'))
  );
}

/**
 * A first start's set-up: the folder unpacked from the build's copy (or initialised without one), migrated and
 * seeded — the reference data, the access model, and whatever `seed` adds (the demo data). Run by the process
 * `setUpFirstStartApart` starts, which then exits.
 */
export async function setUpFirstStart(
  target: DatabaseTarget,
  seed: (db: Db) => Promise<unknown>,
  file = FIRST_START_TEMPLATE,
): Promise<void> {
  if (!isFirstStart(target)) return;
  await unpackFirstStartTemplate(target, file);
  const database = await openDatabase(target);
  try {
    await migrateAndSeed(database);
    await seed(database.db);
  } finally {
    await database.close();
  }
}

/** Set in the environment of the process that only sets a first start's folder up. */
export const FIRST_START_ONLY = 'LADING_FIRST_START_ONLY';

/**
 * Runs the first start's set-up in a process of its own: this script again, with `FIRST_START_ONLY` set, which
 * calls `setUpFirstStart` and exits; the server then opens the folder as on any later start. Memory the set-up
 * takes stays with a process for its life — PGlite's WebAssembly memory never shrinks, and what a closed PGlite
 * worker thread and the unpacking leave in the allocator is not given back — so done in the server's own process,
 * a first start ran about 60 MB larger than any later one (8-rss-idle-fresh, issue 29). Rejects when it fails.
 */
export async function setUpFirstStartApart(): Promise<void> {
  // Node's --watch (the dev server) would keep the set-up process alive, watching.
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--watch'));
  const child = spawn(process.execPath, [...execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [FIRST_START_ONLY]: '1' },
    stdio: 'inherit',
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  if (code !== 0) throw new Error(`the first start's set-up ended with ${signal ?? `exit code ${code}`}`);
}
