import autocannon from 'autocannon';

export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
};

/** A bounded load on a loopback address: `connections` clients for `seconds`, then it stops by itself. */
export async function load(
  url: string,
  options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 10,
    duration: options.seconds ?? 5,
    headers: options.headers,
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export function row(cells: (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

export type Timing = { p50: number; p95: number; p99: number; mean: number };

/** Percentiles and mean of a list of durations in ms, rounded to 0.01 ms. */
export function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    mean: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
  };
}
