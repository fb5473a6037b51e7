// `npm test`: unit + integration (Vitest), the web build and its first-load check (apps/web/build/bundle-budget.ts),
// then end-to-end (Playwright in Chromium against a started server).
// Prints one closing line "N passed, N failed" over both runners.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const out = mkdtempSync(join(tmpdir(), 'lading-test-'));
const run = (args, opts = {}, command = npx) =>
  spawnSync(command, args, { stdio: 'inherit', ...opts }).status ?? 1;

const vitestJson = join(out, 'vitest.json');
const unit = run([
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const build = run(['run', 'build', '--silent'], {}, npm);
// Counted as one test: fails when a page's first load grows past its ceiling.
const firstLoad =
  build === 0 ? run(['--import', 'tsx', 'apps/web/build/bundle-budget.ts'], {}, process.execPath) : 1;
const e2eJson = join(out, 'e2e.json');
const e2e =
  build === 0
    ? run(['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
      })
    : 1;

let passed = firstLoad === 0 ? 1 : 0;
let failed = firstLoad === 0 ? 0 : 1;
try {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
} catch {
  failed += 1;
}
try {
  const p = JSON.parse(readFileSync(e2eJson, 'utf8'));
  passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
  failed += p.stats.unexpected ?? 0;
} catch {
  failed += 1;
}
console.log(
  `\nunit+integration exit ${unit}, build exit ${build}, first-load check exit ${firstLoad}, end-to-end exit ${e2e}`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(unit || build || firstLoad || e2e || (failed > 0 ? 1 : 0));
