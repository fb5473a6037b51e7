// The HTTP load generator (autocannon), in this process or in a child process of its own (load-child.ts), so that a
// figure measuring the server's event loop does not also measure the load generator's work.
import { type ChildProcess, fork } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
};

export type LoadOptions = {
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'PUT';
  /** One request per connection, e.g. each connection saving its own bill. */
  requests?: autocannon.Request[];
};

/** A bounded load on a loopback address: `connections` clients for `seconds`, then it stops by itself. */
export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 10,
    duration: options.seconds ?? 5,
    headers: options.headers,
    ...(options.method ? { method: options.method } : {}),
    ...(options.requests ? { requests: options.requests } : {}),
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** What the parent sends the child (one load at a time), and what the child answers. */
export type LoadRequest = { url: string; options: LoadOptions };
export type LoadAnswer = { result: LoadResult } | { error: string };

const here = dirname(fileURLToPath(import.meta.url));

/**
 * A bench child process (`node --import tsx <file>` beside this one, talking over IPC), started once and reused:
 * each `ask` sends it one message and resolves with its one answer, one at a time, so the child's work runs on its
 * own event loop and CPU time, none of it on this process's. `close` disconnects it (the child then ends).
 */
export async function forkChild<Request, Answer>(
  file: string,
): Promise<{ pid: number; ask(request: Request): Promise<Answer>; close(): Promise<void> }> {
  const child: ChildProcess = fork(resolve(here, file), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  let pending: Promise<unknown> = Promise.resolve();
  return {
    pid: child.pid!,
    ask(request) {
      const run = pending.then(
        () =>
          new Promise<Answer>((resolve, reject) => {
            const onExit = (code: number | null) => reject(new Error(`the child ${file} exited (${code})`));
            child.once('exit', onExit);
            child.once('message', (answer: Answer) => {
              child.off('exit', onExit);
              resolve(answer);
            });
            child.send(request as object);
          }),
      );
      pending = run.catch(() => {});
      return run;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.disconnect();
        await exited;
      }
    },
  };
}

/** The load generator in a child process of its own (load-child.ts): `load` there, off this process's CPU time. */
export async function loadProcess(): Promise<{
  load(url: string, options?: LoadOptions): Promise<LoadResult>;
  close(): Promise<void>;
}> {
  const child = await forkChild<LoadRequest, LoadAnswer>('load-child.ts');
  return {
    async load(url, options = {}) {
      const answer = await child.ask({ url, options });
      if ('error' in answer) throw new Error(`load process: ${answer.error}`);
      return answer.result;
    },
    close: () => child.close(),
  };
}
