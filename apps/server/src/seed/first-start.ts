// A first start on the embedded database (a PGlite folder that holds no database yet) begins from a copy of a database
// that `npm run build` made: migrated, with the reference data and the access model seeded (decision 033). A first
// start then skips PostgreSQL's initdb, the migrations and the reference seeds (seconds on a small machine) and only
// checks them, as every start does; the demo data, sealed with this installation's session secret, is seeded by the
// start itself. Without the file (a start that skipped the build) the folder is initialised as before.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
 * The target to open: for a PGlite folder without a database yet (no PG_VERSION), the same folder loaded from the
 * build's copy when there is one; any other target as it is.
 */
export function withFirstStartTemplate(target: DatabaseTarget, file = FIRST_START_TEMPLATE): DatabaseTarget {
  if (target.kind !== 'pglite' || !target.dataDir || target.loadDataDir) return target;
  if (existsSync(join(target.dataDir, 'PG_VERSION')) || !existsSync(file)) return target;
  const bytes = readFileSync(file);
  // The file's own buffer, not a copy (46 MB); the worker gets its copy and lets it go once unpacked.
  return {
    ...target,
    loadDataDir: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength),
  };
}
