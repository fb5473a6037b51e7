// A first start on the embedded database (a PGlite folder that holds no database yet) begins from a copy of a database
// that `npm run build` made: migrated, with the reference data and the access model seeded (decision 033). A first
// start then skips PostgreSQL's initdb, the migrations and the reference seeds (seconds on a small machine) and only
// checks them, as every start does; the demo data, sealed with this installation's session secret, is seeded by the
// start itself. Without the file (a start that skipped the build) the folder is initialised as before.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extract } from 'tar';
import { openDatabase } from '../db/client';
import { type DatabaseTarget, REPO_ROOT } from '../env';
import { seedAccessModel } from '../modules/access';
import { seedReferenceData } from '../modules/reference-data';

/** Where the build writes the copy (beside the server bundle, ignored by Git). */
export const FIRST_START_TEMPLATE = resolve(REPO_ROOT, 'apps/server/dist/pglite-first-start.tar');

/** Makes the copy: a new in-memory PGlite, migrated and seeded, dumped as a tarball of its data folder. */
export async function writeFirstStartTemplate(file = FIRST_START_TEMPLATE): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedAccessModel(database.db);
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
