import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium';

import './authenticator';
import { SMTP_PORT } from './mailbox';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Debian's headless shell when installed: the same Chromium without the browser UI's compositing, at half the CPU
// (decision 031: PostgreSQL suite alone, 2 workers, 683 -> 473 s, Chromium 672 -> 319 CPU-s).
const executablePath = findChromium({ headlessShell: true });

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Two workers: each spec creates the records it needs (records.ts), so files run side by side in any order; the
  // tests of one file run in order in one worker.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // A test's own records (records.ts: a new customer or member of staff, their bookings and bills) are made inside
  // its time, through the API: a few seconds on a quiet machine, more when both suites share two cores.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  // A run on other ports (a second run beside the first) keeps its artifacts apart.
  outputDir: process.env.E2E_OUTPUT ?? (PORT === 3100 ? '../test-results' : `../test-results-${PORT}`),
  // After the run, the server's log must hold no token, code, link token or password hash.
  globalTeardown: './log-secrets.ts',
  // The run's one SMTP server; the mail goes to a file every worker reads (mailbox.ts). Then one carrier
  // administrator per worker slot, with their own authenticator app (authenticator.ts).
  globalSetup: './global-setup.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace (screencast and DOM snapshots at every step) costs about a fifth of a run's time and a quarter
    // of its CPU (bl-edit and fit-and-finish: 105 s vs 84 s). In CI, where two suites share 2 cores, only the retry
    // of a failed test records one; elsewhere every test does, kept when it fails.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: CHROMIUM_ARGS } },
    },
  ],
  webServer: {
    command: 'node --import tsx start-server.ts',
    cwd: import.meta.dirname,
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      PUBLIC_URL: `http://localhost:${PORT}`,
    },
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
