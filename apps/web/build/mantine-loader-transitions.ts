import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The query that marks the loaders' copies of Mantine's Transition and of its styles function. */
const QUERY = '?loader-transition';
const BUTTON = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Button|ActionIcon)[\\/]\1\.mjs$/;
const TRANSITION =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Transition[\\/]Transition\.mjs\?loader-transition$/;
const STYLES =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Transition[\\/]get-transition-styles[\\/]get-transition-styles\.mjs\?loader-transition$/;

const TRANSITION_IMPORT = 'import { Transition } from "../Transition/Transition.mjs";\n';
const STYLES_IMPORT =
  'import { getTransitionStyles } from "./get-transition-styles/get-transition-styles.mjs";\n';
const NAMES_IMPORT = 'import { transitions } from "../transitions.mjs";\n';
/** The styles function's branch for a named transition, which looks the name up in the table. */
const NAMED_BRANCH = /\tif \(typeof transition === "string"\) \{\n(?:\t\t.*\n)+\t\}\n/;
/** ActionIcon's loader names its transition; Button's passes its own object (`loaderTransition`). */
const ACTION_ICON_NAME = 'transition: "slide-down",';

/**
 * Mantine's `slide-down`, as the Mantine of `actionIcon` (its ActionIcon module) defines it: the transitions module
 * beside it is plain data (`const popIn = …; const transitions = { fade: {...}, ... }; export { transitions };`).
 */
export function slideDown(actionIcon: string): string {
  const code = readFileSync(join(dirname(actionIcon), '..', 'Transition', 'transitions.mjs'), 'utf8');
  const transitions = new Function(
    `${code.replace(/^"use client";/, '').replace(/^export \{[^}]*\};$/m, '')}\nreturn transitions;`,
  )() as Record<string, unknown>;
  const transition = transitions['slide-down'];
  if (!transition)
    throw new Error('Mantine has no `slide-down` transition (build/mantine-loader-transitions.ts)');
  return JSON.stringify(transition);
}

function replaceOnce(code: string, from: string, to: string, id: string): string {
  // A Mantine release that moves one of these lines fails the build, rather than the named transitions quietly
  // coming back into the first loads or a loader losing its transition.
  if (code.split(from).length !== 2)
    throw new Error(`${id}: not one \`${from.trim()}\` to replace (build/mantine-loader-transitions.ts)`);
  return code.replace(from, () => to);
}

/**
 * Build only: Button's and ActionIcon's loaders use a copy of Mantine's Transition whose styles function takes a
 * transition object only, without Mantine's table of named transitions (`fade`, `pop`, `slide-down`, … : 0.3 KB brotli
 * on every first load, login's too; issue 29). ActionIcon's `"slide-down"` is written as that object (read from the
 * installed Mantine). The styles are the same: a named transition is looked up in the table and applied exactly as an
 * object is. Every other user of Transition (popovers, menus, modals, tooltips, the app's own code), all fetched later,
 * keeps Mantine's module with the table. The dev server pre-bundles Mantine untouched. The build fails when the lines
 * replaced here are gone.
 */
export function mantineLoaderTransitions(): Plugin {
  let slideDownObject: string | undefined;
  return {
    name: 'lading:mantine-loader-transitions',
    apply: 'build',
    transform(code, id) {
      const button = BUTTON.exec(id);
      if (button) {
        let out = replaceOnce(
          code,
          TRANSITION_IMPORT,
          TRANSITION_IMPORT.replace('Transition.mjs"', `Transition.mjs${QUERY}"`),
          id,
        );
        if (button[1] === 'ActionIcon') {
          slideDownObject ??= slideDown(id);
          out = replaceOnce(out, ACTION_ICON_NAME, `transition: ${slideDownObject},`, id);
        }
        return { code: out, map: null };
      }
      if (TRANSITION.test(id))
        return {
          code: replaceOnce(
            code,
            STYLES_IMPORT,
            STYLES_IMPORT.replace('get-transition-styles.mjs"', `get-transition-styles.mjs${QUERY}"`),
            id,
          ),
          map: null,
        };
      if (STYLES.test(id)) {
        const out = replaceOnce(code, NAMES_IMPORT, '', id);
        const branch = NAMED_BRANCH.exec(out)?.[0];
        if (!branch?.includes('transitions[transition]'))
          throw new Error(
            `${id}: no named-transition branch to replace (build/mantine-loader-transitions.ts)`,
          );
        return {
          code: out.replace(
            branch,
            '\tif (typeof transition === "string") throw new Error("A named transition on a loader (build/mantine-loader-transitions.ts)");\n',
          ),
          map: null,
        };
      }
      return null;
    },
  };
}
