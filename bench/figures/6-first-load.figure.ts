// Figure 6: compressed JS + CSS a first load transfers, measured in Chromium, for /app-login, the BL list and
// bl_view/{id} (signed in as the demo customer), against a React 19 hello-world built by Vite in the same run, with
// the portal's build settings that apply to it (no modulepreload polyfill, no source maps: apps/web/vite.config.ts).
// Both builds are served the same way: precompressed brotli/gzip copies from @fastify/static (as the portal serves
// them). Each load runs with the browser cache cleared and disabled; bytes are what the network layer reports as
// received (compressed body and headers) for every JavaScript and CSS response until no new request starts for a
// second after the load event. Three
// rounds, alternating.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { build } from 'vite';
import { precompress } from '../../apps/web/build/precompress';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium';
import { budgetOf } from '../budgets';
import { alternate, type Budget, type FigureModule, type FigureRow, figure } from '../figure';
import { buildPortal, freePort, signInAndFindBill, startPortal } from '../portal';

const ROOT = resolve(import.meta.dirname, '../..');
const ROUNDS = 3;

const PAGES: {
  id: string;
  name: string;
  budget: Budget;
  path: (billPath: string) => string;
  signedIn: boolean;
}[] = [
  {
    id: '6-login',
    name: '/app-login',
    budget: budgetOf('6-login'),
    path: () => '/app-login',
    signedIn: false,
  },
  {
    id: '6-bl-list',
    name: 'BL list (/app-dashboard/bl-list)',
    budget: budgetOf('6-bl-list'),
    path: () => '/app-dashboard/bl-list',
    signedIn: true,
  },
  {
    id: '6-bl-view',
    name: 'bl_view/{id}',
    budget: budgetOf('6-bl-view'),
    path: (bill) => bill,
    signedIn: true,
  },
];

/** Encoded bytes of every script and stylesheet a load of `url` fetches, cache cleared and disabled. */
async function firstLoadBytes(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // By the response's type, not the request's: module preloads (`<link rel=modulepreload>`) are not "Script".
  const jsOrCss = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (/javascript|css/.test(response.mimeType)) jsOrCss.add(requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    // encodedDataLength: what came over the wire for the response, headers included (DevTools' "transferred").
    if (jsOrCss.has(event.requestId)) bytes += event.encodedDataLength;
  });
  // Not 'networkidle': a signed-in page keeps its notification stream open. Instead, until no new resource has
  // started for a second after the load event.
  await page.goto(url, { waitUntil: 'load' });
  let started = -1;
  for (;;) {
    const count = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (count === started) break;
    started = count;
    await page.waitForTimeout(1000);
  }
  await page.close();
  return bytes;
}

const firstLoad: FigureModule = async (context) => {
  context.log('figure 6: building the portal and the React hello-world …');
  await buildPortal();
  const helloDist = mkdtempSync(join(tmpdir(), 'lading-react-hello-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: join(ROOT, 'apps/web/build/react-hello'),
    plugins: [react(), precompress()],
    // As the portal is built (apps/web/vite.config.ts): its modulepreload polyfill was dropped (0.2 KB brotli), so
    // the baseline's is too; the rest of the portal's settings (chunk groups, plugins for Mantine) have nothing to
    // act on in a hello-world.
    build: { outDir: helloDist, emptyOutDir: true, sourcemap: false, modulePreload: { polyfill: false } },
  });
  const hello = Fastify();
  await hello.register(fastifyStatic, { root: helloDist, preCompressed: true });
  const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });
  const PORT = await freePort();

  let browser: Browser | undefined;
  const portal = await startPortal(PORT);
  try {
    browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    const origin = `http://localhost:${PORT}`;
    // A signed-in context: the session lives in localStorage, which clearing the HTTP cache keeps.
    const signedIn = await browser.newContext({ baseURL: origin });
    const billPath = await signInAndFindBill(signedIn);
    const signedOut = await browser.newContext({ baseURL: origin });

    const rows: FigureRow[] = [];
    for (const target of PAGES) {
      const url = `${origin}${target.path(billPath)}`;
      context.log(`figure 6: ${url}`);
      const result = await alternate(
        ROUNDS,
        () => firstLoadBytes(target.signedIn ? signedIn : signedOut, url),
        () => firstLoadBytes(signedOut, `${helloUrl}/`),
      );
      rows.push(
        figure({
          id: target.id,
          name: `first-load JS+CSS of ${target.name}, Chromium (KB transferred)`,
          value: result.a / 1024,
          baseline: result.b / 1024,
          budget: target.budget,
          note:
            'baseline: React 19 hello-world built by Vite in the same run without the modulepreload polyfill (as the portal), served precompressed like the portal; ' +
            `cache cleared and disabled, scripts and stylesheets until 1 s without a new request, median of ${ROUNDS} alternating rounds`,
        }),
      );
    }
    return rows;
  } finally {
    await browser?.close();
    await portal.stop();
    await hello.close();
    rmSync(helloDist, { recursive: true, force: true });
  }
};
export default firstLoad;
