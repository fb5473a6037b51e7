// Which chunk each module of the build goes to (Rolldown's output.codeSplitting, see vite.config.ts). Left to itself
// the bundler makes one chunk per distinct set of lazy routes that share a module: 80 files, many under 1 KB, on the
// first load of a signed-in page, each with its own request and headers. Here instead:
//
// - `shell`, the entry chunk (index-*.js and its CSS): main.tsx and all it reaches statically (the app's shell, React,
//   the router, Mantine's provider and base components, the bundler's runtime helpers), and what every first load
//   needs besides (Mantine's inputs, the form fields' chrome). One file (and one stylesheet) for what every page
//   fetches: each file more costs its request and headers (about 0.5 KB on the wire) on every first load;
// - the modules the first loads share, grouped by which first loads reach them: login, and the signed-in layout with
//   the BL list, bl_view or the dashboard. `portal` is what every signed-in page needs (TanStack Router and Query,
//   the layout, Mantine's badge and alert; its stylesheet rides in the shell's), `sign-in` login's own, and a chunk
//   named after the pages otherwise (`list`: the BL list's screen and Pagination; `view`: bl_view's with
//   react-hook-form; a small group joins the chunk of one page more, MIN_GROUP_SOURCE). So no page loads what only
//   another one uses, but for those small groups and the shared stylesheet;
// - `shared`: what two or more of the other screens share (the carrier desk's and admin workspace's forms);
//   except the date inputs and dayjs (decision 022), a `dates` chunk that only screens with a date input load;
// - each lazy module keeps in its own chunk what only it uses (a screen; a lazy part of one, such as the dashboard's
//   chart library, a modal or a form's schema). The exception: the route loaders' data modules (`routes/prefetch-*.ts`)
//   and what they reach go to `portal`, so a screen's first calls wait for that chunk only; and the lazy modules a
//   first load renders at once (its screen, the signed-in layout, the idle warning, the sailing's deadlines), which go
//   with what only they reach into that first load's chunk (FIRST_LOAD_LAZY).
//
// A module's place is decided from the static imports (what the bundler's tree-shaking drops is not known here): a
// contract module the screens import a constant from must not also build zod schemas (bill-of-lading-rules.ts,
// status-codes.ts, search-text.ts), or zod lands in that first load. A barrel (`@mantine/core`'s index) is read
// through, to the modules of the names imported from it.
import { dirname, join } from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

const SIGN_IN = /[\\/]src[\\/]features[\\/]accounts[\\/]routes[\\/]login\.tsx$/;
const PORTAL = /[\\/]src[\\/]app[\\/]layout[\\/]portal-layout\.tsx$/;
const BL_LIST = /[\\/]src[\\/]features[\\/]bills-of-lading[\\/]routes[\\/]bl-list\.tsx$/;
const BL_VIEW = /[\\/]src[\\/]features[\\/]bills-of-lading[\\/]routes[\\/]bl-view\.tsx$/;
const DASHBOARD = /[\\/]src[\\/]features[\\/]dashboard[\\/]routes[\\/]dashboard\.tsx$/;
/**
 * Lazy modules a first load fetches at once, after its screen: the idle warning (every signed-in page renders it) and
 * bl_view's sailing deadlines. They keep their own chunks, but what they import is placed as for the pages that load
 * them: left out, a module they share with another screen went to that screen's chunk (the idle warning's confirm
 * dialog to bl_view's `view`, the deadlines' formatting to `shared`), which the page then fetched whole.
 */
const IDLE_WARNING = /[\\/]src[\\/]app[\\/]layout[\\/]idle-warning\.tsx$/;
const SAILING_DEADLINES =
  /[\\/]src[\\/]features[\\/]bills-of-lading[\\/]components[\\/]sailing-deadlines\.tsx$/;
/**
 * The date inputs (decision 022) and dayjs behind them: only screens with a date input load them, in a `dates` chunk of
 * their own, not in `shared`, which screens without one load too. (The calendar, fetched on demand, has its own.)
 */
const DATES =
  /[\\/](?:node_modules[\\/]dayjs[\\/]|src[\\/]components[\\/](?:date-input\.tsx|date-calendar\.ts|form[\\/]date-(?:fields\.tsx|text\.ts))$)/;
/**
 * Mantine's NumberInput and react-number-format, fetched on the first interaction with a number field
 * (components/number-input-part.ts): one chunk with that module and their stylesheet (and the two helpers only they use on a first load:
 * Mantine's `noop` and `clamp`). Left to the groups below, they went to `shared`
 * (the overlays' and the calendar's parts re-export from `@mantine/core`, which counts as reaching all of it), and the
 * first number field reached fetched that whole chunk.
 */
const NUMBER_INPUT =
  /[\\/](?:node_modules[\\/](?:react-number-format[\\/]|@mantine[\\/](?:core[\\/](?:esm[\\/](?:components[\\/]NumberInput[\\/]|core[\\/]utils[\\/]noop[\\/])|styles[\\/]NumberInput\.css$)|hooks[\\/]esm[\\/]utils[\\/]clamp[\\/]))|src[\\/]components[\\/]number-input-part\.ts$)/;
/**
 * The router's module (src/app/routed-app.tsx), which main.tsx imports on every first load but the login page's, and
 * TanStack Router's packages: they go to `portal` (below).
 */
const ROUTED = /[\\/]src[\\/]app[\\/]routed-app\.tsx$/;
const ROUTER_PACKAGES =
  /[\\/]node_modules[\\/](?:@tanstack[\\/](?:react-router|router-core|history|store|react-store)|use-sync-external-store)[\\/]/;
/** A route loader's data requests (`routes/prefetch-*.ts`), imported by the router. */
const PREFETCH = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]routes[\\/]prefetch-[^\\/]+\.ts$/;

/**
 * The package name of a package's main module that only re-exports (`import { a } from "./a.mjs"; …; export { a };`,
 * `export * from "@tanstack/query-core";`): '@mantine/core', '@tanstack/react-router', '@tanstack/react-query'.
 */
function barrelPackage(id: string, context: ChunkingContext): string | undefined {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?:.+[\\/])?index\.m?js$/.exec(id);
  if (!match) return undefined;
  const rest = (context.getModuleInfo(id)?.code ?? 'x')
    .replace(/^import \{[^}]*\} from "[^"]+";$/gm, '')
    .replace(/^export \{[^}]*\}( from "[^"]+")?;$/gm, '')
    .replace(/^export \* from "[^"]+";$/gm, '')
    .replace(/^\/\/.*$/gm, '')
    .replace(/^\/\*.*\*\/$/gm, '')
    .trim();
  return rest === '' ? match[1]!.replace(/\\/g, '/') : undefined;
}

/**
 * `import { a, b as c } from "./x.mjs"` lines of a barrel: the module each exported name comes from. What a barrel
 * passes on whole from another package's barrel (react-query's `export * from "@tanstack/query-core";`) comes from
 * where that one says. Read as a whole package (before: react-query's barrel was not read, for that line and its
 * comment), TanStack Query's mutation observer went to `portal` though no signed-in page's first load but bl_view's
 * mutates.
 */
function barrelTargets(barrel: string, context: ChunkingContext): Map<string, string> {
  const targets = new Map<string, string>();
  const info = context.getModuleInfo(barrel);
  const code = info?.code ?? '';
  for (const [, from] of code.matchAll(/^export \* from "([^"]+)";$/gm)) {
    const id = info?.importedIds.find((imported) => imported.includes(`node_modules/${from}/`));
    if (id && barrelPackage(id, context))
      for (const [name, target] of barrelTargets(id, context)) targets.set(name, target);
  }
  for (const [, names, from] of code.matchAll(/^(?:import|export) \{([^}]*)\} from "([^"]+)";$/gm)) {
    // A relative path, or another package (Mantine's RemoveScroll is react-remove-scroll's).
    const id = from!.startsWith('.')
      ? join(dirname(barrel), from!)
      : info?.importedIds.find((imported) => imported.includes(`node_modules/${from}/`));
    if (id)
      for (const name of names!.split(','))
        targets.set(
          name
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
          id,
        );
  }
  return targets;
}

/** The names a module imports from a package: `import { Button, TextInput } from "@mantine/core"`. */
function namesImported(code: string, from: string): string[] | undefined {
  const names: string[] = [];
  const quoted = from.replace(/[/]/g, '\\/');
  for (const [, list] of code.matchAll(
    new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`, 'g'),
  ))
    names.push(
      ...list!
        .split(',')
        .map((name) => name.trim().split(/\s+as\s+/)[0]!)
        .filter(Boolean),
    );
  // Anything else (a namespace import, a re-export) is not understood here: then the whole barrel counts.
  return new RegExp(`from\\s*["']${quoted}["']`).test(
    code.replace(/import\s*\{[^}]*\}\s*from\s*["'][^"']*["']/g, ''),
  )
    ? undefined
    : names;
}

/**
 * For every module of the graph, the modules it is statically reachable from that start a chunk of their own: the
 * entry, and every module something imports dynamically (a lazy route, a lazy component).
 */
function rootsByModule(
  anyId: string,
  context: ChunkingContext,
): Map<string, Set<string>> & { entries: Set<string> } {
  const all = new Set<string>([anyId]);
  const queue = [anyId];
  while (queue.length > 0) {
    const info = context.getModuleInfo(queue.pop()!);
    if (!info) continue;
    for (const next of [
      ...info.importers,
      ...info.importedIds,
      ...info.dynamicImporters,
      ...info.dynamicallyImportedIds,
    ])
      if (!all.has(next)) {
        all.add(next);
        queue.push(next);
      }
  }
  // A barrel re-exports a whole package; a module importing three names from it reaches those three modules, not
  // the package (the bundler drops the rest). Through the barrel itself, nothing.
  const barrels = new Map<string, { from: string; targets: Map<string, string> }>();
  for (const id of all) {
    const from = barrelPackage(id, context);
    if (from) barrels.set(id, { from, targets: barrelTargets(id, context) });
  }
  const staticImports = (id: string): string[] => {
    if (barrels.has(id)) return [];
    const info = context.getModuleInfo(id);
    if (!info) return [];
    return info.importedIds.flatMap((next) => {
      const barrel = barrels.get(next);
      if (!barrel) return [next];
      const names = namesImported(info.code ?? '', barrel.from);
      const targets = names?.map((name) => barrel.targets.get(name));
      return targets?.every(Boolean) ? (targets as string[]) : [...new Set(barrel.targets.values())];
    });
  };
  const roots = Object.assign(new Map<string, Set<string>>(), { entries: new Set<string>() });
  for (const root of all) {
    const info = context.getModuleInfo(root);
    if (info?.isEntry) roots.entries.add(root);
    if (!info || !(info.isEntry || info.dynamicImporters.length > 0)) continue;
    const stack = [root];
    const seen = new Set(stack);
    while (stack.length > 0) {
      const id = stack.pop()!;
      const set = roots.get(id) ?? new Set<string>();
      roots.set(id, set);
      set.add(root);
      for (const next of staticImports(id))
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
    }
  }
  return roots;
}

/**
 * The first loads a chunk serves: a module goes to the chunk of the pages whose first load reaches it (login; the
 * signed-in layout with the BL list, bl_view or the dashboard), so no page loads what only another one uses.
 */
const FIRST_LOADS = [
  { page: 'login', roots: [SIGN_IN] },
  { page: 'list', roots: [PORTAL, BL_LIST, PREFETCH, IDLE_WARNING] },
  { page: 'view', roots: [PORTAL, BL_VIEW, PREFETCH, IDLE_WARNING, SAILING_DEADLINES] },
  { page: 'dashboard', roots: [PORTAL, DASHBOARD, PREFETCH, IDLE_WARNING] },
] as const;
/**
 * The lazy modules a first load renders at once: the screens of the first loads, the signed-in layout, the idle
 * warning and bl_view's sailing deadlines. Each goes, with what only it reaches, into the chunk of the first loads
 * that render it (`sign-in`, `portal`, `list`, `view`, `dashboard`), not a chunk of its own: a file fewer each on the
 * page, and one stream compressed (2026-12-02, issue 29: BL list 13 -> 8 files, bl_view 14 -> 8). Vite's manifest
 * then has no key of their own; build/first-load.ts finds their chunks.
 */
const FIRST_LOAD_LAZY = [SIGN_IN, PORTAL, BL_LIST, BL_VIEW, DASHBOARD, IDLE_WARNING, SAILING_DEADLINES];
const SIGNED_IN_PAGES = FIRST_LOADS.filter(({ roots }) => roots.some((root) => root === PORTAL)).map(
  ({ page }) => page,
);

/** The first loads whose roots include one of `of`. */
const pagesReaching = (of: string[]): string[] =>
  FIRST_LOADS.filter(({ roots: pageRoots }) =>
    of.some((root) => pageRoots.some((pattern) => pattern.test(root))),
  ).map(({ page }) => page);

/**
 * The chunk for a set of first loads: `sign-in` (login only), `portal` (every signed-in page), `shell` (all of them),
 * else their names.
 */
function firstLoadChunk(pages: string[]): string {
  const key = pages.join('-');
  if (key === 'login') return 'sign-in';
  if (key === 'list-view-dashboard') return 'portal';
  if (key === 'login-list-view-dashboard') return 'shell';
  return key;
}

/**
 * A first-load group of less source than this (before minifying) joins the chunk of one page more, when there is
 * one (`list-dashboard` and `list-view` join `portal`, `login-list-view` joins `shell`): a file costs its request and
 * headers (about 0.6 KB each, a script and a stylesheet), and brotli does better on one stream than on two. `list-view`
 * (13.6 KB of source: the select and typeahead stand-ins, the bills' document buttons, the status badge) in `portal`:
 * BL list and bl_view 2.3 KB lighter each in Chromium, the dashboard 2.0 KB heavier (2026-12-02, issue 29). Only one
 * page more, so no chunk between the two (which would then import each other) exists.
 */
const MIN_GROUP_SOURCE = 16_000;

export function chunkGroups(): Rolldown.CodeSplittingGroup[] {
  // One chunking pass per build: the module graph is read once per chunking context.
  let pass: ChunkingContext | undefined;
  let roots: ReturnType<typeof rootsByModule> | undefined;
  let merged = new Map<string, string>();
  /** The first loads (pages) that reach a module, or what else it is: its own chunk (null), shell, shared. */
  const classify = (id: string): string[] | 'shell' | 'shared' | 'dates' | 'number-input' | null => {
    const of = [...(roots?.get(id) ?? [])];
    // The route loaders' requests (and the query definitions they start, by the FIRST_LOADS above) ride in `portal`,
    // which the HTML preloads on every signed-in page: a screen's calls start once that chunk is in, while the
    // screen's own chunks still load, instead of after them (Lighthouse's LCP, figure 7). Not if the entry or login
    // reaches one (login would then fetch `portal`): it is placed as any other module.
    if (
      PREFETCH.test(id) &&
      !of.some((root) => roots?.entries.has(root)) &&
      !pagesReaching(of).includes('login')
    )
      return SIGNED_IN_PAGES;
    if (
      NUMBER_INPUT.test(id) &&
      !of.some((root) => roots?.entries.has(root)) &&
      pagesReaching(of).length === 0
    )
      return 'number-input';
    // The router's packages, its module and what that module reaches but neither the entry nor login (the route tree,
    // the search parsers a screen shares with it) go to `portal`, with TanStack Query: every signed-in page and every
    // signed-out screen but login load it (build/first-load.ts finds the router's module there). As a chunk of its own
    // the router cost the signed-in pages 1.4 KB more (two files compressed apart). What login shares with it
    // (Mantine's inputs) is placed as any other module.
    if (
      !of.some((root) => roots?.entries.has(root)) &&
      (ROUTER_PACKAGES.test(id) ||
        (of.some((root) => ROUTED.test(root)) && !pagesReaching(of).includes('login')))
    )
      return SIGNED_IN_PAGES;
    // A lazy module itself keeps its own chunk, but one a first load renders at once joins that page's (below).
    const firstLoadLazy = [id, ...(of.length === 1 ? of : [])].some((module) =>
      FIRST_LOAD_LAZY.some((pattern) => pattern.test(module)),
    );
    if (of.includes(id) && !roots?.entries.has(id) && !firstLoadLazy) return null;
    // The entry and all it reaches, libraries and the app's shell alike, make one `shell` chunk: the bundler makes it
    // the entry chunk, and its runtime helpers go there too (on their own, one more file). Some libraries the entry
    // reaches only on paper (through a barrel this does not read, or code the bundler drops): left to the bundler,
    // each of those would become a splinter chunk of its own.
    if (of.some((root) => roots?.entries.has(root))) return 'shell';
    // What only one lazy module reaches stays in its chunk (with it in the page's, for a first load's).
    if (of.length === 1 && !firstLoadLazy) return null;
    const pages = pagesReaching(of);
    // Login's own stylesheet (the password input's) stays login's: in the shell's it cost every signed-in first load
    // 0.2 KB brotli, for a file fewer on login (its request and headers; login is well within its budget, issue 29).
    // So does the BL list's (its table's columns and cards, the pagination: 0.5 KB): one file fewer on the page (its
    // request and headers, 0.5 KB in Chromium), for about 0.4 KB on the other first loads (issue 29).
    if (pages.length === 1 && pages[0] === 'list' && /\.css$/.test(id)) return 'shell';
    if (pages.length > 0) return pages;
    return DATES.test(id) ? 'dates' : 'shared';
  };
  const chunkOf = (id: string, context: ChunkingContext): string | null => {
    if (context !== pass) {
      pass = context;
      roots = rootsByModule(id, context);
      merged = mergeSmallGroups(roots, classify, context);
    }
    const group = classify(id);
    if (!Array.isArray(group)) return group;
    const name = firstLoadChunk(group);
    const chunk = merged.get(name) ?? name;
    // The stylesheet every signed-in page loads rides in the shell's: one file fewer on each (its request, 0.6 KB of
    // headers, and brotli does better on one stream), for 2.2 KB more on login (2026-12-02, issue 29).
    return chunk === 'portal' && /\.css$/.test(id) ? 'shell' : chunk;
  };
  // A module's dependencies are classified on their own: each reaches the roots its importer reaches, and more, so
  // it lands in the same chunk or one of pages that are a superset of its importer's (shell < sign-in < portal <
  // screen), and the chunks import each other in that order only. Pulling them in after their importer (the
  // default) would move React into `portal`.
  return [{ name: chunkOf, debugName: 'lading', includeDependenciesRecursively: false }];
}

/** The small first-load groups and the chunk each joins (see MIN_GROUP_SOURCE). */
function mergeSmallGroups(
  roots: Map<string, Set<string>>,
  classify: (id: string) => string[] | 'shell' | 'shared' | 'dates' | 'number-input' | null,
  context: ChunkingContext,
): Map<string, string> {
  const groups = new Map<string, { pages: string[]; size: number }>();
  for (const id of roots.keys()) {
    const pages = classify(id);
    if (!Array.isArray(pages)) continue;
    const name = firstLoadChunk(pages);
    const group = groups.get(name) ?? { pages, size: 0 };
    group.size += context.getModuleInfo(id)?.code?.length ?? 0;
    groups.set(name, group);
  }
  const all = FIRST_LOADS.map(({ page }) => page);
  const merged = new Map<string, string>();
  for (const [name, { pages, size }] of groups) {
    const withLogin = pages.includes('login');
    // What login shares with the signed-in pages but the dashboard lacks (Mantine's inputs, the fields' chrome: every
    // screen with a form) joins `shell` whatever its size: two files fewer on login, the BL list and bl_view, and the
    // dashboards (the one first load without a field) pay about 5 KB for inputs every later screen uses.
    // A small group login shares with fewer pages (the dashboards' and login's text links, `components/href-link`)
    // joins `shell` too: a file of its own costs login more in request and headers than its bytes cost the others.
    if (size >= MIN_GROUP_SOURCE && !withLogin) continue;
    const target = withLogin ? all : all.filter((page) => page !== 'login');
    if (target.length - pages.length === 1 || (withLogin && pages.length > 1 && size < MIN_GROUP_SOURCE))
      merged.set(name, firstLoadChunk(target));
  }
  return merged;
}
