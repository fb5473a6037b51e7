import type { Plugin } from 'vite';

// Components, and the shared layout of Checkbox, Radio and Switch labels (`utils/InlineInput`).
const CORE_CLASSES =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/][^\\/]+[\\/]([^\\/]+)\.module\.mjs$/;
const NOTIFICATIONS_CLASSES = /[\\/]@mantine[\\/]notifications[\\/]esm[\\/]Notifications\.module\.mjs$/;
/** @mantine/dates ships one sheet: it goes with the first of its components (the date inputs' calendar, on demand). */
const DATES_CLASSES = /[\\/]@mantine[\\/]dates[\\/]esm[\\/]components[\\/][^\\/]+[\\/][^\\/]+\.module\.mjs$/;

/**
 * Mantine's styles per component instead of its one 250 KB stylesheet: each Mantine component keeps its class names
 * in `<Name>.module.mjs`; this adds `import '@mantine/core/styles/<Name>.css'` there, so a component's CSS travels
 * with its JavaScript — into the chunk of the screen that uses it, in dependency order (a component's dependencies
 * are imported, and so styled, before it). Components nobody uses bring no CSS. The global parts (baseline, CSS
 * variables, global) are imported by main.tsx. Build only: the dev server pre-bundles Mantine, so main.tsx imports
 * the whole stylesheet in dev.
 */
export function mantineCssPerComponent(): Plugin {
  return {
    name: 'lading:mantine-css-per-component',
    apply: 'build',
    transform(code, id) {
      const core = CORE_CLASSES.exec(id);
      if (core) return { code: `import '@mantine/core/styles/${core[1]}.css';\n${code}`, map: null };
      if (NOTIFICATIONS_CLASSES.test(id))
        return { code: `import '@mantine/notifications/styles.css';\n${code}`, map: null };
      if (DATES_CLASSES.test(id)) return { code: `import '@mantine/dates/styles.css';\n${code}`, map: null };
      return null;
    },
  };
}
