import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = resolve(import.meta.dirname, '..');

/** Starts src/server.ts as `npm start` does, waits for its start-up banner, stops it, and answers what it printed. */
function bannerOf(env: Record<string, string>): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SMTP_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk;
      // The banner is one console.log: once its first line is out, the rest came with it.
      if (output.includes('Lading is running at')) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', () =>
      output.includes('Lading is running at') ? done(output) : fail(new Error(`no banner:\n${output}`)),
    );
  });
}

// Issue 27, finding 8: the banner printed the demo accounts and their password at every start, production included.
// A start seeds a fresh embedded database (migrations, reference data, demo data): slow on a loaded machine.
describe.concurrent('the start-up banner', { timeout: 180_000 }, () => {
  it('shows the demo accounts where the demo data was seeded, outside production', async () => {
    const banner = await bannerOf({ NODE_ENV: 'development', DATABASE_URL: 'pglite:memory' });
    expect(banner).toContain('Demo accounts (password Lading-demo-2026)');
    expect(banner).toContain('customer@demo.lading.test');
    expect(banner).toContain('add the key LADINGDEMOSTAFFTOTPSECRETKEY2345 to any authenticator app');
  });

  it('never in production (which seeds nothing)', async () => {
    const banner = await bannerOf({ NODE_ENV: 'production', DATABASE_URL: 'pglite:memory' });
    expect(banner).not.toContain('Lading-demo-2026');
    expect(banner).not.toContain('@demo.lading.test');
    expect(banner).not.toContain('LADINGDEMOSTAFFTOTPSECRETKEY2345');
  });
});
