// `npm run build` (apps/server): the server as an ES module bundle in dist/, which `npm run serve` and `npm start`
// run with plain Node (decision 032). Started from source through tsx, a start spent most of its time in tsx and in
// Node's ES module loader (finding and reading the package.json of ~1,500 files, then compiling them); the bundle is
// read as one file. Our code, `@lading/*` and the registry packages are bundled, except the few that find files of
// their own at run time or load native code (KEPT_AS_PACKAGES), which stay imports of node_modules. The PGlite worker
// is an entry of its own beside the server (db/pglite-client.ts finds it there); code both entries share goes to
// chunks in the same folder. The SQL migrations stay in src/db/migrations (db/client.ts reads them from the source
// tree). Then the copy a first start on an empty PGlite folder begins from (seed/first-start.ts, decision 033).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * Packages loaded from node_modules, not bundled: PGlite (its WebAssembly and data files), argon2 (a native addon),
 * pdfmake (its fonts), the seed-only lists (loaded when a seed runs), pino and thread-stream (their transports start
 * worker files beside them), @fastify/swagger (reads its package.json), ioredis (reads its package.json; only with
 * REDIS_URL). A package bundled by mistake fails the end-to-end run, which starts this bundle.
 */
const KEPT_AS_PACKAGES = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pdfmake',
  'sea-ports',
  'un-ece-recommendation',
  'pino',
  'thread-stream',
  '@fastify/swagger',
  'ioredis',
];

const root = resolve(import.meta.dirname, '..');

/** The packages of KEPT_AS_PACKAGES (and their subpaths) stay imports; every other import is bundled. */
const keptAsPackages: Plugin = {
  name: 'kept-as-packages',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) =>
      KEPT_AS_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`))
        ? { path: args.path, external: true }
        : undefined,
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
    plugins: [keptAsPackages],
    // Bundled CommonJS packages call require() for Node's own modules and the packages kept above.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module';\nconst require = createRequireOfBundle(import.meta.url);",
    },
    logLevel: 'warning',
  });
  // A bundled package that finds its own files through __dirname or __filename would fail at run time (the bundle
  // is an ES module: neither exists); such a package belongs in KEPT_AS_PACKAGES.
  for (const file of readdirSync(outdir).filter((name) => name.endsWith('.mjs'))) {
    const code = readFileSync(resolve(outdir, file), 'utf8');
    const at = code.search(/\b__(dirname|filename)\b/);
    if (at >= 0) {
      const module = code.slice(0, at).match(/\n\/\/ (\S+)\n(?![\s\S]*\n\/\/ \S+\n)/)?.[1] ?? file;
      throw new Error(`${module} uses __dirname or __filename; add its package to KEPT_AS_PACKAGES`);
    }
  }
  const { writeFirstStartTemplate } = await import('../src/seed/first-start');
  await writeFirstStartTemplate();
}

// Run as a script (`npm run build`), not when imported (the bench builds it before starting the app).
if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) await buildServer();
