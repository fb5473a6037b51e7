// Figure 7: Lighthouse 13 performance score (mobile defaults: Moto G Power emulation, simulated slow 4G and 4x CPU
// slowdown) of /app-login, the BL list and bl_view/{id} (signed in as the demo customer), against a static page served
// from the same machine in the same run. Lighthouse drives the Chromium the end-to-end tests use (/usr/bin/chromium)
// over its debugging port. Its storage reset clears the HTTP cache and the origin's caches but not localStorage, where
// the portal keeps the session: the signed-in pages load cold, as a returning user's first visit of the day would.
// Five rounds (issue 29), alternating portal page and static page; the median score, and the metrics of the median
// run. The runner keeps one core busy with its neighbour process meanwhile (bench/neighbour.ts).
// Each run's own trace also gives the renderer's main-thread CPU time (thread time, so robust to the machine's load,
// unlike Lighthouse's simulated times): before the first contentful paint, after it, and the longest task after it.
// BENCH_LIGHTHOUSE_PAGES=7-bl-view (ids, comma-separated) runs only those pages; BENCH_LIGHTHOUSE_TRACES=<folder>
// writes each run's trace there (open it in Chromium's performance panel), and its report beside it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type BrowserContext, chromium } from '@playwright/test';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium';
import { budgetOf } from '../budgets';
import { type FigureModule, type FigureRow, figure, median } from '../figure';
import { buildPortal, freePort, signInAndFindBill, startPortal } from '../portal';

const ROUNDS = 5;

const PAGES = [
  { id: '7-login', name: '/app-login', path: () => '/app-login', signedIn: false },
  { id: '7-bl-list', name: 'BL list', path: () => '/app-dashboard/bl-list', signedIn: true },
  { id: '7-bl-view', name: 'bl_view/{id}', path: (bill: string) => bill, signedIn: true },
] as const;

/** The page the portal is compared with: static HTML of about the same text, no script. */
const STATIC_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="A static page: the baseline of the Lighthouse figure." />
    <title>Static page</title>
  </head>
  <body>
    <main>
      <h1>Sign In</h1>
      <p>Welcome back. Sign in to manage your shipments.</p>
    </main>
  </body>
</html>
`;

type Run = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  cpu: MainThreadCpu;
};

/** The renderer's main-thread CPU time in a run (ms, unthrottled: the trace's thread time of its top-level tasks). */
type MainThreadCpu = { beforeFcp: number; afterFcp: number; longestAfterFcp: number; toLcp: number };

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
};

/** Main-thread CPU of the page's renderer from navigation start to the end of the trace (Lighthouse's own trace). */
function mainThreadCpu(events: readonly TraceEvent[]): MainThreadCpu {
  const start = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL,
  );
  if (!start)
    return { beforeFcp: Number.NaN, afterFcp: Number.NaN, longestAfterFcp: Number.NaN, toLcp: Number.NaN };
  const onMain = (e: TraceEvent) => e.pid === start.pid && e.tid === start.tid;
  const fcp =
    events.find((e) => e.name === 'firstContentfulPaint' && onMain(e))?.ts ?? Number.POSITIVE_INFINITY;
  const lcp =
    events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && onMain(e)).at(-1)?.ts ??
    Number.POSITIVE_INFINITY;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.ts >= start.ts);
  const cpu = { beforeFcp: 0, afterFcp: 0, longestAfterFcp: 0, toLcp: 0 };
  for (const task of tasks) {
    const ms = (task.tdur ?? 0) / 1000;
    if (task.ts < fcp) cpu.beforeFcp += ms;
    else {
      cpu.afterFcp += ms;
      cpu.longestAfterFcp = Math.max(cpu.longestAfterFcp, ms);
    }
    if (task.ts < lcp) cpu.toLcp += ms;
  }
  return cpu;
}

/** Lighthouse's failures to record the trace itself ("Please run Lighthouse again"): the run is repeated, twice at most. */
const RECORDING_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);

const TRACES = process.env.BENCH_LIGHTHOUSE_TRACES;
let traceCount = 0;

async function audit(port: number, url: string, attempt = 1): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no report for ${url}`);
  if (lhr.runtimeError && RECORDING_FAILURES.has(lhr.runtimeError.code) && attempt < 3)
    return audit(port, url, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const trace = result.artifacts.Trace;
  if (TRACES) {
    mkdirSync(TRACES, { recursive: true });
    const name = `${String(++traceCount).padStart(2, '0')}-${new URL(url).pathname.replace(/\W+/g, '_')}.json`;
    writeFileSync(join(TRACES, name), JSON.stringify(trace));
    // The report too: its layout-shifts and largest-contentful-paint-element audits name the elements.
    writeFileSync(join(TRACES, name.replace(/\.json$/, '.report.json')), JSON.stringify(lhr));
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    si: metric('speed-index'),
    cls: metric('cumulative-layout-shift'),
    cpu: mainThreadCpu(trace.traceEvents as TraceEvent[]),
  };
}

/** A Chromium Lighthouse can reach on `port`; a persistent context, so Lighthouse's tab sees its localStorage. */
async function launch(port: number): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'lading-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const describe = (run: Run) =>
  `score ${run.score}: FCP ${seconds(run.fcp)}, LCP ${seconds(run.lcp)}, TBT ${Math.round(run.tbt)} ms, ` +
  `SI ${seconds(run.si)}, CLS ${run.cls.toFixed(3)}`;
const cpuOf = (runs: Run[]) => {
  const ms = (pick: (cpu: MainThreadCpu) => number) => runs.map((r) => Math.round(pick(r.cpu))).join('/');
  return (
    `main-thread CPU before FCP ${ms((c) => c.beforeFcp)} ms, after FCP ${ms((c) => c.afterFcp)} ms ` +
    `(longest task ${ms((c) => c.longestAfterFcp)} ms), to LCP ${ms((c) => c.toLcp)} ms`
  );
};

/** BENCH_LIGHTHOUSE_PAGES: the pages to run (their ids, comma-separated); all by default. */
function pagesToRun() {
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((id) => id.trim());
  if (!only) return PAGES;
  const pages = PAGES.filter((page) => only.includes(page.id));
  if (pages.length === 0) throw new Error(`BENCH_LIGHTHOUSE_PAGES names none of ${PAGES.map((p) => p.id)}`);
  return pages;
}

/** The run whose score is the median (its metrics explain the score). */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const lighthouseFigure: FigureModule = async (context) => {
  context.log('figure 7: building the portal …');
  await buildPortal();
  const staticDir = mkdtempSync(join(tmpdir(), 'lading-static-page-'));
  writeFileSync(join(staticDir, 'index.html'), STATIC_PAGE);
  const staticServer = Fastify();
  await staticServer.register(fastifyStatic, { root: staticDir });
  const staticUrl = `${await staticServer.listen({ port: 0, host: '127.0.0.1' })}/`;
  const portal = await startPortal(await freePort());
  const browsers: { close: () => Promise<void> }[] = [];
  try {
    const origin = portal.origin;
    const signedOutPort = await freePort();
    const signedOut = await launch(signedOutPort);
    browsers.push(signedOut);
    const signedInPort = await freePort();
    const signedIn = await launch(signedInPort);
    browsers.push(signedIn);
    const billPath = await signInAndFindBill(signedIn.context, origin);

    const rows: FigureRow[] = [];
    for (const target of pagesToRun()) {
      const url = `${origin}${target.path(billPath)}`;
      const port = target.signedIn ? signedInPort : signedOutPort;
      const app: Run[] = [];
      const baseline: Run[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        context.log(`figure 7: ${url}, round ${round + 1} of ${ROUNDS}`);
        // Alternating which goes first, so neither always meets the warmer machine.
        if (round % 2 === 0) {
          app.push(await audit(port, url));
          baseline.push(await audit(signedOutPort, staticUrl));
        } else {
          baseline.push(await audit(signedOutPort, staticUrl));
          app.push(await audit(port, url));
        }
      }
      const run = medianRun(app);
      rows.push(
        figure({
          id: target.id,
          name: `Lighthouse performance, mobile, ${target.name}${target.signedIn ? ' (signed in)' : ''}`,
          value: median(app.map((r) => r.score)),
          baseline: median(baseline.map((r) => r.score)),
          budget: budgetOf(target.id),
          note:
            `median of ${ROUNDS} alternating rounds, scores ${app.map((r) => r.score).join('/')} vs static page ` +
            `${baseline.map((r) => r.score).join('/')}; median run ${describe(run)}; ${cpuOf(app)}; ` +
            `static page ${describe(medianRun(baseline))}`,
        }),
      );
    }
    return rows;
  } finally {
    for (const browser of browsers) await browser.close();
    await portal.stop();
    await staticServer.close();
    rmSync(staticDir, { recursive: true, force: true });
  }
};
export default lighthouseFigure;
