// `npm test`: the web and server builds and the first-load check (apps/web/build/bundle-budget.ts), then unit +
// integration (Vitest), then end-to-end (Playwright in Chromium against the built server). TEST_SIDE_BY_SIDE=1 runs
// Vitest beside the end-to-end suites instead (each Vitest file has a database of its own, each end-to-end run its
// own server, database and ports): 1,589 -> 1,159-1,208 s in CI in session 19, but 1,495 s against 1,468 s in this
// order on session 20's slower machine, where the suites alone keep both cores busy.
// With E2E_EMBEDDED_TOO=1 and DATABASE_URL on PostgreSQL (CI), the end-to-end suite also runs on the embedded
// default (PGlite) at the same time: its own server, ports (E2E_PORT + 1, E2E_SMTP_PORT + 1) and output folder,
// its lines prefixed "[pglite]", its accessibility scans left to the PostgreSQL suite (E2E_AXE=off, decision 038);
// Vitest's lines are prefixed "[vitest]". The specs create their own records
// (e2e/records.ts), so each suite runs two workers, alone or side by side: with one each the two suites left a fifth of
// the two cores idle (their waits: polls, mail, expect's back-off), and two each took CI's end-to-end part from 9.7 to
// 7.8 min, the same (7.9 min, 0 flaky) with a third process spinning on one core (docs/benchmarks.md, session 22).
// Prints one closing line "N passed, N failed" over all runners.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const out = mkdtempSync(join(tmpdir(), 'lading-test-'));
const run = (args, opts = {}, command = npx) =>
  spawnSync(command, args, { stdio: 'inherit', ...opts }).status ?? 1;

/** A runner in a child process; resolves with its exit code. `prefix` marks its output lines. */
function runChild(args, env, prefix) {
  const child = spawn(npx, args, { env, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (prefix) {
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
        to.write(`${prefix} ${line}\n`),
      );
  }
  return new Promise((done) => child.on('close', (code) => done(code ?? 1)));
}

const build = run(['run', 'build', '--silent'], {}, npm);
// Counted as one test: fails when a page's first load grows past its ceiling.
const firstLoad =
  build === 0 ? run(['--import', 'tsx', 'apps/web/build/bundle-budget.ts'], {}, process.execPath) : 1;

const vitestJson = join(out, 'vitest.json');
// One after the other unless TEST_SIDE_BY_SIDE=1. Beside the end-to-end suites a Vitest file takes about 2.4 times as
// long: the OpenAPI fuzzer's subscriptions operation once timed out there (32 s of drawing alone, now 0.6 s), and the
// server tests' timeout is 60 s.
const sequential = process.env.TEST_SIDE_BY_SIDE !== '1';
const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
];
/** Vitest beside the end-to-end suites (its lines prefixed), or alone before them. */
const vitest = sequential ? Promise.resolve(run(vitestArgs)) : runChild(vitestArgs, process.env, '[vitest]');
if (sequential) await vitest;

/** One end-to-end suite in a child process; resolves with its exit code. */
function runE2e(json, env, prefix) {
  return runChild(
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: json },
    prefix,
  );
}

const e2eJson = join(out, 'e2e.json');
const embeddedJson = join(out, 'e2e-embedded.json');
const embeddedToo =
  process.env.E2E_EMBEDDED_TOO === '1' && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
let e2e = 1;
let embedded = 0;
if (build === 0) {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
  const { DATABASE_URL: _postgres, ...withoutDatabase } = process.env;
  const workers = process.env.E2E_WORKERS ?? '2';
  [e2e, embedded] = await Promise.all([
    runE2e(e2eJson, { ...process.env, E2E_WORKERS: workers }, sequential ? undefined : '[e2e]'),
    embeddedToo
      ? runE2e(
          embeddedJson,
          {
            ...withoutDatabase,
            E2E_WORKERS: workers,
            E2E_PORT: String(port + 1),
            E2E_SMTP_PORT: String(smtpPort + 1),
            E2E_OUTPUT: '../test-results-pglite',
            // The accessibility scans run once, in the PostgreSQL suite (decision 038).
            E2E_AXE: 'off',
          },
          '[pglite]',
        )
      : 0,
  ]);
}

const unit = await vitest;

let passed = firstLoad === 0 ? 1 : 0;
let failed = firstLoad === 0 ? 0 : 1;
try {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
} catch {
  failed += 1;
}
for (const json of embeddedToo ? [e2eJson, embeddedJson] : [e2eJson]) {
  try {
    const p = JSON.parse(readFileSync(json, 'utf8'));
    passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
    failed += p.stats.unexpected ?? 0;
  } catch {
    failed += 1;
  }
}
console.log(
  `\nunit+integration exit ${unit}, build exit ${build}, first-load check exit ${firstLoad}, end-to-end exit ${e2e}` +
    (embeddedToo ? `, end-to-end on PGlite exit ${embedded}` : ''),
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(unit || build || firstLoad || e2e || embedded || (failed > 0 ? 1 : 0));
