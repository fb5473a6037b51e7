// `npm run build` (apps/server): the server as an ES module bundle in dist/, which `npm run serve` and `npm start`
// run with plain Node (decision 032). Started from source through tsx, importing the app compiled ~1,500 files at
// every start; the bundle is one file of our code. Packages from the registry stay imports of node_modules; the
// workspace's own `@lading/*` (TypeScript sources) and JSON are bundled in. The PGlite worker is an entry of its own
// beside the server (db/pglite-client.ts finds it there); code both entries share goes to chunks in the same folder.
// The SQL migrations stay in src/db/migrations (db/client.ts reads them from the source tree). Then the copy a first
// start on an empty PGlite folder begins from (seed/first-start.ts, decision 033).
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
/** The bundle's entry: `node dist/server.mjs`. */
export const SERVER_BUNDLE = resolve(root, 'dist/server.mjs');

/** Bare imports of registry packages stay imports; `@lading/*` and JSON files are bundled. */
const registryPackagesExternal: Plugin = {
  name: 'registry-packages-external',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lading/') || args.path.endsWith('.json')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** Builds dist/ afresh: the bundle (well under a second), then the first-start copy (a few seconds). */
export async function buildServer(): Promise<void> {
  const outdir = resolve(root, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { server: 'src/server.ts', 'pglite-worker': 'src/db/pglite-worker.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // Written beside the bundle, not read at run time: `node --enable-source-maps dist/server.mjs` (or
    // NODE_OPTIONS=--enable-source-maps) shows stacks in source lines, at about 35 MB of memory.
    sourcemap: 'linked',
    plugins: [registryPackagesExternal],
    logLevel: 'warning',
  });
  const { writeFirstStartTemplate } = await import('../src/seed/first-start');
  await writeFirstStartTemplate();
}

// Run as a script (`npm run build`), not when imported (the bench builds it before starting the app).
if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) await buildServer();
