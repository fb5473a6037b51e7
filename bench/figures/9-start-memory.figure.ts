// Figures 8 (idle RSS) and 9 (start-up) of issue 29, on the embedded database: the app started as a newcomer starts
// it (`dist/server.mjs` as `npm start` runs it after the build: NODE_ENV unset, PGlite in a folder, demo data seeded on
// a first start), timed from spawning the process to the first 200 from /healthz, on a fresh folder (opened from the
// build's first-start copy, decision 033; migrations and seeds checked, demo data seeded) and again on the folder that
// start left; its RSS read in the
// process (VmRSS, and VmHWM for the peak) IDLE_SECONDS after /healthz answered. Figure 8's peak under load is
// measured with figure 2 (1-bl-list.figure.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { budgetOf } from '../budgets';
import { type FigureModule, type FigureRow, figure, median } from '../figure';
import { freePort } from '../portal';
import { startServedApp } from '../served-app';

const FRESH_STARTS = 2;
const LATER_STARTS = 3;
const IDLE_SECONDS = 15;

type Start = { seconds: number; idleMb: number; peakMb: number };

/** One start on `folder`: time to /healthz, then RSS once idle; stopped again. */
async function start(folder: string, logFile: string): Promise<Start> {
  const app = await startServedApp({
    databaseUrl: `pglite:${folder}`,
    port: await freePort(),
    logFile,
    // As a newcomer's `npm start`: no NODE_ENV, no session secret (the embedded database keeps one beside its data).
    env: { NODE_ENV: '', SESSION_SECRET: '' },
    ready: '/healthz',
  });
  try {
    await new Promise((done) => setTimeout(done, IDLE_SECONDS * 1000));
    const { rssMb, peakRssMb } = await app.probe();
    return { seconds: app.startSeconds, idleMb: rssMb, peakMb: peakRssMb };
  } finally {
    await app.stop();
  }
}

const list = (starts: Start[], key: keyof Start, digits: number) =>
  starts.map((s) => s[key].toFixed(digits)).join('/');

const startMemory: FigureModule = async (context) => {
  const scratch = mkdtempSync(join(tmpdir(), 'lading-bench-start-'));
  try {
    const fresh: Start[] = [];
    const later: Start[] = [];
    let folder = '';
    for (let i = 0; i < FRESH_STARTS; i++) {
      folder = join(scratch, `data-${i}`, 'pglite');
      context.log(`figures 8/9: first start on a fresh folder (${i + 1} of ${FRESH_STARTS})`);
      fresh.push(await start(folder, join(scratch, `fresh-${i}.log`)));
    }
    for (let i = 0; i < LATER_STARTS; i++) {
      context.log(`figures 8/9: start on the existing folder (${i + 1} of ${LATER_STARTS})`);
      later.push(await start(folder, join(scratch, `later-${i}.log`)));
    }
    const rows: FigureRow[] = [
      figure({
        id: '9-start',
        name: 'start to /healthz, PGlite, existing folder (s)',
        value: median(later.map((s) => s.seconds)),
        baseline: null,
        budget: budgetOf('9-start'),
        note: `median of ${LATER_STARTS} starts on the folder a first start left: ${list(later, 'seconds', 2)} s`,
      }),
      figure({
        id: '9-start-fresh',
        name: 'start to /healthz, PGlite, fresh folder: first start, seeding included (s)',
        value: median(fresh.map((s) => s.seconds)),
        baseline: null,
        budget: budgetOf('9-start-fresh'),
        note: `median of ${FRESH_STARTS} first starts, each on a new folder: ${list(fresh, 'seconds', 2)} s (the build's first-start copy unpacked, migrations and seeds checked, demo data seeded)`,
      }),
      figure({
        id: '8-rss-idle',
        name: `RSS of the served app, PGlite, idle ${IDLE_SECONDS} s after a start on an existing folder (MB)`,
        value: median(later.map((s) => s.idleMb)),
        baseline: null,
        budget: budgetOf('8-rss-idle'),
        note: `VmRSS per start ${list(later, 'idleMb', 0)} MB; peak so far (VmHWM) ${list(later, 'peakMb', 0)} MB`,
      }),
      figure({
        id: '8-rss-idle-fresh',
        name: `RSS of the served app, PGlite, idle ${IDLE_SECONDS} s after a first start on a fresh folder (MB)`,
        value: median(fresh.map((s) => s.idleMb)),
        baseline: null,
        budget: budgetOf('8-rss-idle-fresh'),
        note: `VmRSS per start ${list(fresh, 'idleMb', 0)} MB; peak so far (VmHWM) ${list(fresh, 'peakMb', 0)} MB`,
      }),
    ];
    return rows;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};
export default startMemory;
