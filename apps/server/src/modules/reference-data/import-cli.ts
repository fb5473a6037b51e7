// `npm run import -- <kind> <file>`: imports an official reference file into the configured database.
import { resolve } from 'node:path';
import { SingleBar } from 'cli-progress';
import { openDatabase } from '../../db/client';
import { loadEnv } from '../../env';
import { IMPORT_KINDS, ImportFileError, type ImportKind, importReferenceFile } from './reference-data.import';
import { seedReferenceData } from './reference-data.seed';

const USAGE = `usage: npm run import -- <kind> <file>
  kinds: locode   UN/LOCODE code list CSV (official column order, no header)
         hs       Harmonized System CSV: section,hscode,description,parent,level
         parties  CSV with header: code,name[,externalId,roles,status,isActive,mobile,address,emailId,countryCode]
         stations CSV with header: code,name,state[,kind]   (kind STATION or ICD)`;
const SHOWN_ISSUES = 20;

const [kind, file] = process.argv.slice(2);
if (!kind || !file || !(IMPORT_KINDS as readonly string[]).includes(kind)) {
  console.error(USAGE);
  process.exit(2);
}
// npm runs workspace scripts in the workspace folder; a relative path is meant from where the user typed it.
const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);

const env = loadEnv();
const database = await openDatabase(env.database);
const bar = process.stderr.isTTY
  ? new SingleBar({ format: '{phase} [{bar}] {percentage}% | {value}/{total} KiB', stream: process.stderr })
  : null;
let phase = '';
try {
  await database.migrate();
  await seedReferenceData(database.db);
  const summary = await importReferenceFile(database.db, kind as ImportKind, path, {
    onProgress: (progress) => {
      if (!bar) return;
      const total = Math.max(1, Math.round(progress.totalBytes / 1024));
      const value = Math.round(progress.bytesRead / 1024);
      if (progress.phase !== phase) {
        if (phase) bar.stop();
        phase = progress.phase;
        bar.start(total, value, { phase: phase.padEnd(10) });
      } else bar.update(value);
    },
  });
  bar?.stop();
  console.log(
    `${kind}: ${summary.lines} lines in ${(summary.durationMs / 1000).toFixed(1)} s: ${summary.inserted} inserted, ` +
      `${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.skipped} skipped, ` +
      `${summary.rejected.length} rejected, ${summary.warnings.length} warnings`,
  );
  for (const [label, issues] of [
    ['rejected', summary.rejected],
    ['warning', summary.warnings],
  ] as const) {
    for (const issue of issues.slice(0, SHOWN_ISSUES))
      console.log(`  ${label} line ${issue.line}: ${issue.reason}`);
    if (issues.length > SHOWN_ISSUES)
      console.log(`  … and ${issues.length - SHOWN_ISSUES} more ${label} lines`);
  }
  process.exitCode = 0;
} catch (error) {
  bar?.stop();
  if (error instanceof ImportFileError) {
    console.error(`import stopped: ${error.message}\nThe database was not changed.`);
    process.exitCode = 1;
  } else if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error(`import stopped: no file at ${path}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
