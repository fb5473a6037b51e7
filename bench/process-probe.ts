// Loaded into a server process the bench starts (`node --import <this> …`, or imported by the bare server): answers
// the bench over the process's IPC channel with its longest event-loop stall since the last reset and its memory
// (RSS now, and the peak RSS of its life, VmHWM). It does nothing else, so the process measured is the one served.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export type ProbeRequest = { probe: 'reset' | 'read' };
export type ProbeAnswer = {
  probe: 'read';
  maxStallMs: number;
  /** The longest garbage-collection pause since the last reset, its kind, and how many there were (perf_hooks 'gc'). */
  maxGcMs: number;
  maxGcKind: string;
  gcCount: number;
  rssMb: number;
  peakRssMb: number;
};

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
  let maxGcMs = 0;
  let maxGcKind = '-';
  let gcCount = 0;
  // perf_hooks' NODE_PERFORMANCE_GC_* kinds.
  const KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcCount += 1;
      if (entry.duration > maxGcMs) {
        maxGcMs = entry.duration;
        maxGcKind =
          KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';
      }
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('message', (message: ProbeRequest) => {
    if (message?.probe === 'reset') {
      histogram.reset();
      maxGcMs = 0;
      maxGcKind = '-';
      gcCount = 0;
    }
    if (message?.probe === 'read')
      process.send?.({
        probe: 'read',
        maxStallMs: histogram.max / 1e6,
        maxGcMs,
        maxGcKind,
        gcCount,
        ...memory(),
      } satisfies ProbeAnswer);
  });
}
