import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Rolldown } from 'vite';

/** One chunk of Vite's build manifest (`build.manifest: true`, dist/.vite/manifest.json). */
type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/**
 * Where the build writes, for each lazy module that is not the start of a chunk of its own, the chunk it is in
 * (`{ "src/app/routed-app.tsx": "assets/portal-….js" }`): build/chunks.ts puts the router's module and the lazy modules
 * a first load renders at once into shared chunks, which Vite's manifest names by chunk only.
 */
export const LAZY_MODULES_FILE = '.vite/lazy-modules.json';

/** Vite's manifest, with the lazy modules of LAZY_MODULES_FILE as keys of the chunks they are in. */
export function readManifest(dist: string): Manifest {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const lazy = join(dist, LAZY_MODULES_FILE);
  if (existsSync(lazy))
    for (const [module, file] of Object.entries(
      JSON.parse(readFileSync(lazy, 'utf8')) as Record<string, string>,
    )) {
      const chunk = Object.values(manifest).find((candidate) => candidate.file === file);
      if (!chunk) throw new Error(`${LAZY_MODULES_FILE}: ${file} is not in the build manifest`);
      manifest[module] ??= chunk;
    }
  return manifest;
}

/** For `writeBundle`: each lazy module of the bundle that is in a chunk it does not start, and that chunk's file. */
export function lazyModuleChunks(
  bundle: Rolldown.OutputBundle,
  root: string,
  isLazy: (id: string) => boolean,
): Record<string, string> {
  const modules: Record<string, string> = {};
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    for (const id of output.moduleIds)
      if (id !== output.facadeModuleId && !id.includes('node_modules') && isLazy(id))
        modules[relative(root, id).split('\\').join('/')] = output.fileName;
  }
  return modules;
}

/** The module main.tsx fetches the router with (src/app/routed-app.tsx), as the build's lazy modules are named. */
export const ROUTED_APP_MODULE = 'src/app/routed-app.tsx';

/** The signed-in layout's module (header, content, footer): a screen under it gets the header's shell in its HTML. */
export const PORTAL_LAYOUT_MODULE = 'src/app/layout/portal-layout.tsx';

/**
 * The JS and CSS files a first load fetches: the entry with its static imports (and their CSS), plus the lazy modules
 * the route renders at once (keys of the manifest, e.g. 'src/features/accounts/routes/login.tsx') with theirs.
 */
export function firstLoadFiles(manifest: Manifest, lazyModules: readonly string[] = []): string[] {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the manifest has no entry chunk');
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const module of lazyModules) visit(module);
  return [...files].sort();
}

/** Bytes on the wire for a file of the build: its brotli copy when the build wrote one, else the file itself. */
export function transferSize(dist: string, file: string): number {
  const path = join(dist, file);
  return statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
}
