import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/**
 * Compound parts a Mantine component carries as static properties (`Button.Group = ButtonGroup;`), which no code of
 * the portal reads: the assignment keeps the part, its hooks and sub-parts in every chunk with the component, used or
 * not (tree-shaking keeps a property written on a function that is used). Taken out of the module, the part goes
 * unless imported by name (`import { ButtonGroup } from '@mantine/core'`, which Mantine exports too). In Chromium
 * (issue 29, 2026-12-02): Button's and ActionIcon's groups 0.4-0.5 KB on every first load, Checkbox's indicator and
 * card 0.4 KB more on bl_view's. `npm run lint` refuses the dropped properties (lint/mantine-statics.grit), since the dev
 * server, which pre-bundles Mantine untouched, still has them. A part styled in its component's own sheet (Button's and
 * ActionIcon's groups) loses its rules there too (`mantineUnusedStaticsCss`): 0.5 KB brotli off the stylesheet every
 * first load fetches (issue 29).
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

/** `@mantine/core/styles/<Name>.css`, a component's own sheet (build/mantine-css.ts imports it with the component). */
const COMPONENT_SHEET = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([A-Za-z]+)\.css$/;

/**
 * The class names of a component's parts, from its class-name module (`"group": "m_80d6d844"`): the part `Group` is
 * the key `group`, `GroupSection` `groupSection`.
 */
function partClasses(sheet: string, name: string, parts: string[]): string[] {
  const module = join(sheet, '..', '..', 'esm', 'components', name, `${name}.module.mjs`);
  const code = readFileSync(module, 'utf8');
  return parts.map((part) => {
    const key = part[0]!.toLowerCase() + part.slice(1);
    const found = new RegExp(`"${key}": "(m_[0-9a-f]+)"`).exec(code)?.[1];
    if (!found) throw new Error(`${module}: no class for ${name}.${part} (build/mantine-statics.ts)`);
    return found;
  });
}

/**
 * Build only: the rules of the dropped parts (DROPPED_STATICS) out of their component's sheet, for the parts whose
 * class-name key is in it (Button's and ActionIcon's groups; Checkbox's indicator and card have sheets of their own,
 * which nothing imports). A rule styling a dropped part with another element (`.group .root:first-child`) goes too.
 * Fails the build if a listed part's class is not in the sheet.
 */
export function mantineUnusedStaticsCss(): Plugin {
  return {
    name: 'lading:mantine-unused-statics-css',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const match = COMPONENT_SHEET.exec(id);
      const name = match?.[1];
      if (!name || !STYLED_IN_SHEET.includes(name)) return null;
      const classes = partClasses(id, name, DROPPED_STATICS[name]!);
      const dead = new RegExp(classes.join('|'));
      for (const found of classes)
        if (!code.includes(found)) throw new Error(`${id}: no rule for .${found} (build/mantine-statics.ts)`);
      const root = postcss.parse(code);
      root.walkRules((rule) => {
        const kept = rule.selectors.filter((selector) => !dead.test(selector));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes?.length === 0) atRule.remove();
      });
      return { code: root.toString(), map: null };
    },
  };
}

/** The components of DROPPED_STATICS whose dropped parts are styled in the component's own sheet. */
export const STYLED_IN_SHEET = ['Button', 'ActionIcon'];

/**
 * Loader's kinds besides the oval (its default, the only one the portal draws: `<Loader />`, and Button's `loading`):
 * Loader keeps all three in its `defaultLoaders`, so every chunk with a Button or a Loader carried the bars and dots
 * components and the shell's stylesheet their rules and keyframes (0.3 KB brotli on every first load, issue 29).
 * `npm run lint` refuses `type="bars"`, `type="dots"` and `loaders=` (lint/mantine-statics.grit).
 */
export const DROPPED_LOADERS = ['Bars', 'Dots'];

const LOADER_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Loader[\\/]Loader\.mjs$/;
const LOADER_SHEET = /[\\/]@mantine[\\/]core[\\/]styles[\\/]Loader\.css$/;

/** Build only: Loader with the oval alone (DROPPED_LOADERS out of its module and their rules out of its sheet). */
export function mantineOvalLoaderOnly(): Plugin {
  return {
    name: 'lading:mantine-oval-loader-only',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (LOADER_MODULE.test(id)) {
        let out = code;
        for (const name of DROPPED_LOADERS) {
          const key = name.toLowerCase();
          const found = [
            new RegExp(`^import \\{ ${name} \\} from "\\./loaders/${name}\\.mjs";\\n`, 'm'),
            new RegExp(`^\\t${key}: ${name},?\\n`, 'm'),
          ];
          for (const line of found) {
            // A Mantine release that renames or moves a kind fails the build here.
            if (!line.test(out))
              throw new Error(`${id}: no ${name} loader to drop (build/mantine-statics.ts)`);
            out = out.replace(line, '');
          }
        }
        return { code: out, map: null };
      }
      if (LOADER_SHEET.test(id)) {
        const names = loaderClasses(id);
        const dead = new RegExp(`\\.(?:${names.join('|')})(?![\\w-])`);
        const root = postcss.parse(code);
        let removed = 0;
        root.walkRules((rule) => {
          const kept = rule.selectors.filter((selector) => !dead.test(selector));
          if (kept.length === rule.selectors.length) return;
          removed += 1;
          if (kept.length === 0) rule.remove();
          else rule.selectors = kept;
        });
        root.walkAtRules('keyframes', (atRule) => {
          if (names.includes(atRule.params)) atRule.remove();
        });
        if (removed === 0)
          throw new Error(`${id}: no rule of the bars or dots loaders (build/mantine-statics.ts)`);
        return { code: root.toString(), map: null };
      }
      return null;
    },
  };
}

/** The class and keyframes names of the dropped loaders in Loader's class-name module (`barsLoader`, `bar`, …). */
function loaderClasses(sheet: string): string[] {
  const module = join(sheet, '..', '..', 'esm', 'components', 'Loader', 'Loader.module.mjs');
  const code = readFileSync(module, 'utf8');
  const keys = ['barsLoader', 'bar', 'bars-loader-animation', 'dotsLoader', 'dot', 'loader-dots-animation'];
  return keys.map((key) => {
    const found = new RegExp(`"${key}": "(m_[0-9a-f]+)"`).exec(code)?.[1];
    if (!found) throw new Error(`${module}: no class for the loaders' ${key} (build/mantine-statics.ts)`);
    return found;
  });
}
