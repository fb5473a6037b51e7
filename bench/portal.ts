// The built portal as a browser meets it, for the browser figures (6, 7): the web app built by Vite, the server
// started as `npm start` does (PGlite in a scratch folder, demo data seeded), and a demo customer signed in.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { build } from 'vite';
import { DEMO, DEMO_PASSWORD } from '../e2e/fixtures';
import { serverBuilt } from './served-app';

const ROOT = resolve(import.meta.dirname, '..');

/** `npm run build`: apps/web/dist, which the server serves. */
export async function buildPortal(): Promise<void> {
  await build({
    configFile: join(ROOT, 'apps/web/vite.config.ts'),
    root: join(ROOT, 'apps/web'),
    logLevel: 'warn',
  });
}

/** Ports handed out in this run (a server may not have bound its port yet when the next one is asked for). */
const used = new Set<number>();

/** Whether `port` (0: any) can be listened on now; answers the port it got. */
async function tryPort(port: number): Promise<number | null> {
  const probe = createServer();
  const got = await new Promise<number | null>((done) => {
    probe.once('error', () => done(null));
    probe.listen(port, '127.0.0.1', () => done((probe.address() as { port: number }).port));
  });
  if (got !== null) await new Promise((done) => probe.close(done));
  return got;
}

/**
 * A port free on this machine now for a server the bench starts in another process: the first free one of
 * BENCH_PORTS (`3600-3699`) when set (a machine where each user keeps to a range), else one the OS picks.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return (await tryPort(0))!;
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (used.has(port)) continue;
    if ((await tryPort(port)) !== null) {
      used.add(port);
      return port;
    }
  }
  throw new Error(`no free port in BENCH_PORTS ${process.env.BENCH_PORTS}`);
}

export async function startPortal(
  PORT: number,
): Promise<{ server: ChildProcess; origin: string; stop: () => Promise<void> }> {
  const data = mkdtempSync(join(tmpdir(), 'lading-bench-web-'));
  await serverBuilt();
  const server = spawn(process.execPath, ['--max-semi-space-size=8', 'dist/server.mjs'], {
    cwd: join(ROOT, 'apps/server'),
    // As the end-to-end run starts it: plain http on localhost (no Secure cookies), mail to the outbox.
    env: {
      ...process.env,
      DATABASE_URL: `pglite:${join(data, 'pglite')}`,
      PORT: String(PORT),
      PUBLIC_URL: `http://localhost:${PORT}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the portal exited with ${server.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the portal did not become ready in 3 minutes');
    await new Promise((done) => setTimeout(done, 500));
  }
  return {
    server,
    origin: `http://localhost:${PORT}`,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((done) => server.once('exit', done));
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/**
 * Signs the demo customer in through the login page of `context` (its baseURL is the portal) and returns the address
 * of the first bill on its BL list (`/bl_view/{id}`). The session stays in the context's localStorage.
 */
export async function signInAndFindBill(context: BrowserContext, origin = ''): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${origin}/app-login`);
  await page.getByLabel(/^Username/).fill(DEMO.customer);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/app-dashboard$/, { timeout: 120_000 }).catch(async (error) => {
    const alert = await page.getByRole('alert').allTextContents();
    throw new Error(`sign-in did not reach /app-dashboard (at ${page.url()}; ${alert.join(' ')}): ${error}`);
  });
  await page.goto(`${origin}/app-dashboard/bl-list`);
  const billPath = await page.getByRole('link', { name: /^LDG/ }).first().getAttribute('href');
  if (!billPath?.startsWith('/bl_view/')) throw new Error(`no bill link on the BL list (${billPath})`);
  await page.close();
  return billPath;
}
