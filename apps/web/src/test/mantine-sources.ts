import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The folder of Mantine's published ES modules, one sub-folder per component, as the build plugins read them. */
export const MANTINE_COMPONENTS = join(
  dirname(createRequire(import.meta.url).resolve('@mantine/core')),
  '..',
  'esm',
  'components',
);

/** A Vite plugin's transform hook, narrowed to what the build plugins' tests call. */
export type Transform = (code: string, id: string) => { code: string } | null;
