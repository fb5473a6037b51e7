// The CPU-bound neighbour of issue 29: one process spinning on one core while a figure runs, as other work on the
// same 2-core machine would. Started and stopped by the runner (run.ts) around the figures that must hold under load
// (4, 5 and 7); BENCH_NEIGHBOUR=0 leaves it out.
import { type ChildProcess, spawn } from 'node:child_process';

const running = new Set<ChildProcess>();
// A bench that dies half-way must not leave its neighbour spinning.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts the loop; the answer stops it (and waits until it has exited). */
export async function startNeighbour(): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return async () => {
    if (!running.delete(child)) return;
    child.kill('SIGKILL');
    await exited;
  };
}

/** Whether the neighbour runs beside a figure module (by its file name's figure number). */
export function wantsNeighbour(file: string): boolean {
  if (process.env.BENCH_NEIGHBOUR === '0') return false;
  return /^[457]-/.test(file);
}
