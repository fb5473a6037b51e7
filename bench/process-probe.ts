// Loaded into a server process the bench starts (`node --import <this> …`, or imported by the bare server): answers
// the bench over the process's IPC channel with its longest event-loop stall since the last reset and its memory
// (RSS now, and the peak RSS of its life, VmHWM). It does nothing else, so the process measured is the one served.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export type ProbeRequest = { probe: 'reset' | 'read' };
export type ProbeAnswer = { probe: 'read'; maxStallMs: number; rssMb: number; peakRssMb: number };

/** VmHWM and VmRSS from /proc (Linux), in MB. */
function memory(): { rssMb: number; peakRssMb: number } {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: process.memoryUsage.rss() / 2 ** 20, peakRssMb: Number.NaN };
  }
}

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('message', (message: ProbeRequest) => {
    if (message?.probe === 'reset') histogram.reset();
    if (message?.probe === 'read')
      process.send?.({ probe: 'read', maxStallMs: histogram.max / 1e6, ...memory() } satisfies ProbeAnswer);
  });
}
