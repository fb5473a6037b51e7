import { existsSync } from 'node:fs';

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own
 * download (undefined). Stops with instructions when none exists.
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  try {
    const { chromium } = require('@playwright/test') as typeof import('@playwright/test');
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // fall through to the message
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`), ' +
      'or set CHROMIUM_PATH to a Chromium/Chrome binary, or run `npx playwright install chromium`.',
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
