import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
