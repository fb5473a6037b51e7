import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files, longest first (seconds on PostgreSQL, 2 cores, 2026-12-01). Vitest orders files by the durations
 * of an earlier run, and without one (a clean clone: CI, a newcomer) by size, largest first: the two halves of the
 * hostile-input suite are small files that import their cases, so they started last (289 and 316 s into a 437-s run)
 * and set its end. With them first, the same run took 425 s.
 */
const SLOW_FILES = [
  'modules/hostile-input-1.property.test.ts', // 111
  'modules/hostile-input-2.property.test.ts', // 103
  'reference-data/reference-data.import.test.ts', // 81
  'access/access-matrix.test.ts', // 64
  'src/openapi-conformance.test.ts', // 58
  'src/server-banner.test.ts', // 32
];

/** Vitest's order (earlier durations, else size), with the known slow files of each project first. */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(file));
      return index === -1 ? SLOW_FILES.length : index;
    };
    // Projects stay in Vitest's order and together; within each, a stable sort by rank.
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const group = byProject.get(spec.project.name) ?? [];
      group.push(spec);
      byProject.set(spec.project.name, group);
    }
    return [...byProject.values()].flatMap((group) => group.sort((a, b) => rank(a) - rank(b)));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFilesFirst },
    // One test file per core at a time. Vitest's default is one fewer than the cores, which on a 2-core machine runs
    // the files one by one at about 80 % of one core: the server's files mostly wait on the database. With both
    // cores the run took 189 s instead of 320 s on PostgreSQL; each file keeps its own database (test-database.ts).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'], testTimeout: 180_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          // A timeout only catches a hang: beside the end-to-end suites (CI) a file takes about 2.4 times as long as
          // alone, so the slowest tests (10 s alone) get room.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // PGlite's WebAssembly tiers up to V8's optimising compiler in the tests (decision 030 keeps the served app on
          // the baseline compiler for its memory): the access matrix on PGlite 150 -> 116 s, hostile-input-1 157 -> 125 s.
          env: { PGLITE_WASM_TIER_UP: '1' },
          // The server's modules are loaded once per worker, not once per file (they hold no state between files;
          // each file builds its own app on its own database): importing took a third of the run before.
          isolate: false,
          // One migrated and seeded database per run; each file's database is a copy of it.
          globalSetup: [resolve(import.meta.dirname, 'apps/server/src/test/global-setup.ts')],
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          // Each file runs in a fresh VM context (its own globals, document and module instances) inside a worker
          // thread that lives for the run, instead of a new child process per file: 71 -> 17 CPU-s and 81 -> 18-30 s
          // for the same 325 tests (docs/benchmarks.md, "CI and `npm test` time").
          pool: 'vmThreads',
          maxWorkers: availableParallelism(),
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [resolve(import.meta.dirname, 'apps/web/src/test/setup.ts')],
        },
      },
    ],
  },
});
