// `npm run bench [-- <filter>…]`: runs every figure module in bench/figures (see bench/README.md), prints the
// results table, and — on a full run — writes bench/results.json and refreshes the table in docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, release, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchContext, FigureModule, FigureRow } from './figure';
import { startNeighbour, wantsNeighbour } from './neighbour';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = resolve(here, 'results.json');
const DOC_FILE = resolve(here, '../docs/benchmarks.md');
const DOC_START = '<!-- bench:results:start -->';
const DOC_END = '<!-- bench:results:end -->';

const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const modules = readdirSync(resolve(here, 'figures'))
  .filter((file) => file.endsWith('.figure.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
if (modules.length === 0) throw new Error(`no figure module matches ${filters.join(', ')}`);

const context: BenchContext = {
  postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  log: (message) => process.stderr.write(`[bench] ${message}\n`),
};

const loadAtStart = loadavg();
const figures: FigureRow[] = [];
for (const file of modules) {
  context.log(`${file} …`);
  const started = performance.now();
  const run = (await import(pathToFileURL(resolve(here, 'figures', file)).href)).default as FigureModule;
  const moduleRows: FigureRow[] = [];
  const loadStart = round2(loadavg()[0]!);
  // Figures 4, 5 and 7 run with one core kept busy by a neighbour process (issue 29), unless BENCH_NEIGHBOUR=0.
  const stopNeighbour = wantsNeighbour(file) ? await startNeighbour() : null;
  if (stopNeighbour) context.log(`${file}: with the CPU-bound neighbour on one core`);
  try {
    moduleRows.push(...(await run(context)));
  } catch (error) {
    // One broken module must not hide the others' figures; its failure is a failed row.
    context.log(`${file} failed: ${(error as Error).stack}`);
    moduleRows.push({
      id: file.replace(/\.figure\.ts$/, ''),
      name: `${file} (failed)`,
      value: null,
      baseline: null,
      ratio: null,
      budget: '-',
      pass: false,
      note: `failed: ${(error as Error).message}`,
    });
  } finally {
    await stopNeighbour?.();
  }
  const loadAverage = { start: loadStart, end: round2(loadavg()[0]!) };
  for (const row of moduleRows) figures.push({ ...row, loadAverage, neighbour: Boolean(stopNeighbour) });
  context.log(`${file} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
const loadAtEnd = loadavg();

const byId = (a: FigureRow, b: FigureRow) => a.id.localeCompare(b.id, 'en', { numeric: true });
figures.sort(byId);

const cell = (value: number | null) => (value === null ? '-' : String(value));
const loadCell = (f: FigureRow) =>
  f.loadAverage ? `${f.loadAverage.start} → ${f.loadAverage.end}${f.neighbour ? ' (+1 core)' : ''}` : '-';
const renderTable = (rows: FigureRow[]) =>
  [
    '| # | figure | value | baseline | ratio | budget | pass | load (neighbour) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (f) =>
        `| ${f.id} | ${f.name} | ${cell(f.value)} | ${cell(f.baseline)} | ${cell(f.ratio)} | ${f.budget} | ${f.pass ? 'pass' : 'FAIL'} | ${loadCell(f)} |`,
    ),
  ].join('\n');
const renderNotes = (rows: FigureRow[]) =>
  rows
    .filter((f) => f.note)
    .map((f) => `- ${f.id}: ${f.note}`)
    .join('\n');
const table = renderTable(figures);
const notes = renderNotes(figures);

const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  os: `${platform()} ${release()} ${arch()}`,
  node: process.version,
  /** 1-minute load averages at the start and end of the run: the machine is shared, figures are noisy. */
  loadAverage: { start: round2(loadAtStart[0]!), end: round2(loadAtEnd[0]!) },
  /** What else ran on the machine, as the person running the bench says (BENCH_MACHINE_NOTE). */
  ...(process.env.BENCH_MACHINE_NOTE ? { note: process.env.BENCH_MACHINE_NOTE } : {}),
};
const date = new Date().toISOString();
const summary = `${figures.filter((f) => f.pass).length} of ${figures.length} within budget`;
console.log(
  `\n${table}\n\n${notes}\n\n${summary}; load average ${machine.loadAverage.start} → ${machine.loadAverage.end}`,
);

if (filters.length === 0 || process.argv.includes('--write')) {
  // bench/results.json: the latest full run (a filtered run with --write replaces only its own rows).
  let rows = figures;
  if (filters.length > 0) {
    const previous = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { figures: FigureRow[] };
    const fresh = new Set(figures.map((f) => f.id));
    rows = [...previous.figures.filter((f) => !fresh.has(f.id)), ...figures].sort(byId);
  }
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ machine, date, figures: rows }, null, 2)}\n`);
  const doc = readFileSync(DOC_FILE, 'utf8');
  const start = doc.indexOf(DOC_START);
  const end = doc.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error(`${DOC_FILE} lacks the ${DOC_START} … ${DOC_END} markers`);
  const block = [
    DOC_START,
    `Run ${date} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}; load average ${machine.loadAverage.start} at the start, ${machine.loadAverage.end} at the end${machine.note ? ` (${machine.note})` : ''}. The last column: each module's 1-minute load average at its start and end, "+1 core" where the CPU-bound neighbour ran beside it.`,
    '',
    renderTable(rows),
    '',
    renderNotes(rows),
    DOC_END,
  ].join('\n');
  writeFileSync(DOC_FILE, doc.slice(0, start) + block + doc.slice(end + DOC_END.length));
  // The table's columns are padded as Biome writes Markdown, so `biome ci` stays green after a run.
  spawnSync('npx', ['biome', 'format', '--write', DOC_FILE], { stdio: 'ignore' });
  console.log(`\nwrote ${RESULTS_FILE} and refreshed ${DOC_FILE}`);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
