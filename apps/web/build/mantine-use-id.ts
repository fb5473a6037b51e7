import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const REPLACEMENT = resolve(import.meta.dirname, '../src/lib/mantine-use-id.ts').replace(/\\/g, '/');
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * `@mantine/hooks`' own `use-id` module re-exports src/lib/mantine-use-id.ts instead, for every Mantine package (they
 * all import `useId` from `@mantine/hooks`). The module keeps its id, so build/chunks.ts reads the hooks' barrel as
 * before. Why: see src/lib/mantine-use-id.ts.
 */
export function mantineUseIdWithoutEffect(): Plugin {
  return {
    name: 'lading:mantine-use-id',
    enforce: 'pre',
    load(id) {
      return MANTINE_USE_ID.test(id) ? `export { useId } from ${JSON.stringify(REPLACEMENT)};\n` : null;
    },
  };
}
