// The app as it is served (`npm run serve` in apps/server: `node <its options> dist/server.mjs`, the bundle `npm run
// build` makes, built here first; the options read from that script so the two cannot drift apart), in a process of its own, with the bench's probe loaded beside it
// (process-probe.ts: event-loop stall and memory over IPC). Its log goes to a file, as a service's stdout would go to
// a collector; the request log is at the default level (info) unless the caller sets LOG_LEVEL.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildServer } from '../apps/server/build/bundle';
import type { ProbeAnswer, ProbeRequest } from './process-probe';

const ROOT = resolve(import.meta.dirname, '..');
const PROBE = join(import.meta.dirname, 'process-probe.ts');

/** Node's options in apps/server's `serve` script (`node <options> dist/server.mjs`), e.g. the young generation's cap. */
function serveOptions(): string[] {
  const scripts = JSON.parse(readFileSync(join(ROOT, 'apps/server/package.json'), 'utf8')).scripts as {
    serve: string;
  };
  const words = scripts.serve.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/server.mjs')
    throw new Error(`apps/server's serve script is not "node … dist/server.mjs": ${scripts.serve}`);
  return words.slice(1, -1);
}

let built: Promise<void> | undefined;
/** `npm run build`'s server bundle, made once per bench run (the tree may have changed since the last build). */
export function serverBuilt(): Promise<void> {
  built ??= buildServer();
  return built;
}

export type ServedApp = {
  origin: string;
  pid: number;
  /** Seconds from spawning the process to the first 200 from `ready` (/healthz unless told). */
  startSeconds: number;
  /** The probe's answer: longest stall since the last reset, RSS now and at its peak (MB). */
  probe(): Promise<ProbeAnswer>;
  resetProbe(): void;
  /** Lines the app has logged so far (its request log included). */
  logLines(): number;
  stop(): Promise<void>;
};

export type ServeOptions = {
  /** DATABASE_URL: postgres://…, pglite:<folder>. */
  databaseUrl: string;
  port: number;
  /** Extra or overriding environment (NODE_ENV, LOG_LEVEL, …); the default is a production start. */
  env?: Record<string, string>;
  /** Where stdout (the log) goes. */
  logFile: string;
  ready?: '/healthz' | '/readyz';
  timeoutMs?: number;
};

export async function startServedApp(options: ServeOptions): Promise<ServedApp> {
  // Nothing of the bench's own environment that the app reads, except what is given here.
  const {
    DATABASE_URL: _url,
    LOG_LEVEL: _level,
    NODE_ENV: _nodeEnv,
    PORT: _port,
    HOST: _host,
    PUBLIC_URL: _public,
    ...inherited
  } = process.env;
  await serverBuilt();
  const log = openSync(options.logFile, 'w');
  const started = performance.now();
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [...serveOptions(), '--import', PROBE, 'dist/server.mjs'], {
      cwd: join(ROOT, 'apps/server'),
      env: {
        ...inherited,
        NODE_ENV: 'production',
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        DATABASE_URL: options.databaseUrl,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${options.port}`,
        ...options.env,
      },
      stdio: ['ignore', log, 'inherit', 'ipc'],
    });
  } finally {
    closeSync(log);
  }
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const origin = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before answering`);
    const ok = await fetch(`${origin}${options.ready ?? '/healthz'}`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the app did not answer ${options.ready ?? '/healthz'} in time`);
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  const startSeconds = (performance.now() - started) / 1000;

  const { probe, resetProbe } = probeOf(child);
  return {
    origin,
    pid: child.pid!,
    startSeconds,
    probe,
    resetProbe,
    logLines: () => readFileSync(options.logFile, 'utf8').split('\n').filter(Boolean).length,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Asks the probe (process-probe.ts) loaded in `child`, one question at a time. */
export function probeOf(child: ChildProcess): { probe(): Promise<ProbeAnswer>; resetProbe(): void } {
  let pending: Promise<unknown> = Promise.resolve();
  return {
    probe() {
      const asked = pending.then(
        () =>
          new Promise<ProbeAnswer>((done, fail) => {
            const onExit = () => fail(new Error('the probed process exited'));
            child.once('exit', onExit);
            const onMessage = (message: ProbeAnswer) => {
              if (message?.probe !== 'read') return;
              child.off('message', onMessage);
              child.off('exit', onExit);
              done(message);
            };
            child.on('message', onMessage);
            child.send({ probe: 'read' } satisfies ProbeRequest);
          }),
      );
      pending = asked.catch(() => {});
      return asked;
    },
    resetProbe: () => void child.send({ probe: 'reset' } satisfies ProbeRequest),
  };
}
