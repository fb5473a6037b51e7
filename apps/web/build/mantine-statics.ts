import type { Plugin } from 'vite';

/**
 * Compound parts a Mantine component carries as static properties (`Button.Group = ButtonGroup;`), which no code of
 * the portal reads: the assignment keeps the part, its hooks and sub-parts in every chunk with the component, used or
 * not (tree-shaking keeps a property written on a function that is used). Taken out of the module, the part goes
 * unless imported by name (`import { ButtonGroup } from '@mantine/core'`, which Mantine exports too). In Chromium
 * (issue 29, 2026-12-02): Button's and ActionIcon's groups 0.4-0.5 KB on every first load, Checkbox's indicator and
 * card 0.4 KB more on bl_view's. `npm run lint` refuses the dropped properties (lint/mantine-statics.grit), since the dev
 * server, which pre-bundles Mantine untouched, still has them.
 */
export const DROPPED_STATICS: Record<string, string[]> = {
  Button: ['Group', 'GroupSection'],
  ActionIcon: ['Group', 'GroupSection'],
  // Not its Group: the module is there anyway for the group's context, which Checkbox reads.
  Checkbox: ['Indicator', 'Card'],
};

const COMPONENT = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]([A-Za-z]+)[\\/]([A-Za-z]+)\.mjs$/;

/** Build only: Mantine's component modules without the static parts listed above. */
export function mantineUnusedStatics(): Plugin {
  return {
    name: 'lading:mantine-unused-statics',
    apply: 'build',
    transform(code, id) {
      const match = COMPONENT.exec(id);
      if (!match || match[1] !== match[2]) return null;
      const name = match[1]!;
      const dropped = DROPPED_STATICS[name];
      if (!dropped) return null;
      let out = code;
      for (const part of dropped) {
        const line = new RegExp(`^${name}\\.${part} = [A-Za-z]+;\\n`, 'm');
        // A Mantine release that renames or moves a part fails the build here, rather than the part quietly staying.
        if (!line.test(out))
          throw new Error(`${id}: no \`${name}.${part} = …;\` to drop (build/mantine-statics.ts)`);
        out = out.replace(line, '');
      }
      return { code: out, map: null };
    },
  };
}
