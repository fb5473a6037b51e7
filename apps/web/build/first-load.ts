import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of Vite's build manifest (`build.manifest: true`, dist/.vite/manifest.json). */
type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The module main.tsx fetches the router with (src/app/routed-app.tsx), as the build's lazy modules are named. */
export const ROUTED_APP_MODULE = 'src/app/routed-app.tsx';

/**
 * The manifest's key of a lazy module: the module's path (e.g. 'src/features/accounts/routes/login.tsx'), or for the
 * router's module (src/app/routed-app.tsx), which build/chunks.ts puts with TanStack Router's packages in the signed-in
 * pages' `portal` chunk, the key of that chunk.
 */
function manifestKey(manifest: Manifest, module: string): string {
  if (module !== ROUTED_APP_MODULE) return module;
  const key = Object.entries(manifest).find(
    ([, chunk]) => chunk.name === 'portal' && chunk.file.endsWith('.js'),
  )?.[0];
  if (!key) throw new Error('the build manifest has no portal chunk with the router (build/chunks.ts)');
  return key;
}

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
  for (const module of lazyModules) visit(manifestKey(manifest, module));
  return [...files].sort();
}

/** Bytes on the wire for a file of the build: its brotli copy when the build wrote one, else the file itself. */
export function transferSize(dist: string, file: string): number {
  const path = join(dist, file);
  return statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
}
