import { existsSync } from 'node:fs';

/** Debian's package `chromium-headless-shell`: the same Chromium build without the browser's UI layer (decision 031). */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium to drive: CHROMIUM_PATH, else (for the end-to-end tests, `{ headlessShell: true }`) Debian's headless
 * shell, else Debian's /usr/bin/chromium, else Playwright's own download (undefined). Stops with instructions when none
 * exists. The benchmarks' page loads and Lighthouse keep the full browser, as users run it.
 */
export function findChromium({ headlessShell = false } = {}): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    headlessShell ? HEADLESS_SHELL : undefined,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  try {
    const { chromium } = require('@playwright/test') as typeof import('@playwright/test');
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // fall through to the message
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install -y ' +
      'chromium-headless-shell chromium`), or set CHROMIUM_PATH to a Chromium/Chrome binary, or run ' +
      '`npx playwright install chromium`.',
  );
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
