// The shape every figure module answers with, and the small helpers figure modules share.

/**
 * A budget on the ratio value / baseline (or on the value itself when `of` is 'value'), written the way the issue
 * states it: `>= 0.85`, `<= 1.5`.
 */
export type Budget = { op: '>=' | '<='; limit: number; of?: 'ratio' | 'value' };

/** One row of the results table and of bench/results.json. */
export type FigureRow = {
  /** The figure number, with a suffix when one figure has several rows: "1", "3-admin", "5-pglite". */
  id: string;
  /** What was measured, with its unit: "BL list, PostgreSQL, 10 connections (requests/s)". */
  name: string;
  /** Null when the figure was skipped (its `note` says why). */
  value: number | null;
  baseline: number | null;
  ratio: number | null;
  /** The budget as text, e.g. "ratio >= 0.85" or "value <= 50". */
  budget: string;
  pass: boolean;
  /** Optional detail printed under the table: rounds, what the baseline is, why a figure was skipped. */
  note?: string;
  /** The 1-minute load average when the row's module started and ended (set by the runner). */
  loadAverage?: { start: number; end: number };
  /** Whether the CPU-bound neighbour (neighbour.ts) ran beside the module (set by the runner). */
  neighbour?: boolean;
};

/** What `npm run bench` hands each figure module. */
export type BenchContext = {
  /** PostgreSQL server to create scratch databases on (BENCH_DATABASE_URL, default the local server). */
  postgresUrl: string;
  /** Progress output (stderr), so the table on stdout stays clean. */
  log(message: string): void;
};

/** A figure module: `bench/figures/<name>.figure.ts` with a default export of this type. */
export type FigureModule = (context: BenchContext) => Promise<FigureRow[]>;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Builds a row from a measured value and its same-run baseline; the ratio is value / baseline. */
export function figure(input: {
  id: string;
  name: string;
  value: number;
  baseline: number | null;
  budget: Budget;
  note?: string;
}): FigureRow {
  const ratio = input.baseline ? round(input.value / input.baseline, 3) : null;
  const of = input.budget.of ?? 'ratio';
  const subject = of === 'ratio' ? ratio : input.value;
  const pass =
    subject !== null &&
    (input.budget.op === '>=' ? subject >= input.budget.limit : subject <= input.budget.limit);
  return {
    id: input.id,
    name: input.name,
    value: round(input.value, 2),
    baseline: input.baseline === null ? null : round(input.baseline, 2),
    ratio,
    budget: `${of} ${input.budget.op} ${input.budget.limit}`,
    pass,
    ...(input.note ? { note: input.note } : {}),
  };
}

/** A row for a figure that could not be measured here (missing data, missing browser): it does not pass. */
export function skipped(id: string, name: string, budget: Budget, reason: string): FigureRow {
  return {
    id,
    name,
    value: null,
    baseline: null,
    ratio: null,
    budget: `${budget.of ?? 'ratio'} ${budget.op} ${budget.limit}`,
    pass: false,
    note: `skipped: ${reason}`,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The q-quantile (0..1) of a list of samples. */
export function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * Runs `measureA` and `measureB` alternately for `rounds` rounds (A B, B A, A B, …, so neither always goes first
 * on a warmer machine) and returns the median of each side and the median of the per-round ratios A / B.
 */
export async function alternate(
  rounds: number,
  measureA: () => Promise<number>,
  measureB: () => Promise<number>,
): Promise<{ a: number; b: number; ratio: number; as: number[]; bs: number[] }> {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      as.push(await measureA());
      bs.push(await measureB());
    } else {
      bs.push(await measureB());
      as.push(await measureA());
    }
  }
  return { a: median(as), b: median(bs), ratio: median(as.map((a, i) => a / bs[i]!)), as, bs };
}
