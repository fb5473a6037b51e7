import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './build/chunks';
import { mantineCssPerComponent } from './build/mantine-css';
import { mantineLoaderTransitions } from './build/mantine-loader-transitions';
import {
  mantineOvalLoaderOnly,
  mantineUnusedStatics,
  mantineUnusedStaticsCss,
} from './build/mantine-statics';
import { mantineUseIdWithoutEffect } from './build/mantine-use-id';
import { precompress } from './build/precompress';
import { pureContractSchemas } from './build/pure-schemas';
import { queryMutationCache } from './build/query-mutation-cache';
import { queryWithoutInfinite } from './build/query-without-infinite';
import { routePreloadMap } from './build/route-preloads';

const API_PREFIXES = ['/authenticate', '/cp', '/core', '/dcsa', '/docs', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [
    react(),
    mantineUseIdWithoutEffect(),
    mantineCssPerComponent(),
    mantineUnusedStatics(),
    mantineUnusedStaticsCss(),
    mantineOvalLoaderOnly(),
    mantineLoaderTransitions(),
    queryWithoutInfinite(),
    queryMutationCache(),
    pureContractSchemas(),
    routePreloadMap(),
    precompress(),
  ],
  resolve: {
    // TanStack's store reads the router state through use-sync-external-store's shim of useSyncExternalStore for
    // React before 18; React 19 has the hook, which the package's plain with-selector uses (0.2 KB brotli less on
    // every first load).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, 'http://localhost:3000'])),
  },
  build: {
    outDir: 'dist',
    // No source maps in the build: the portal's source is not published (the server refuses *.map besides).
    sourcemap: false,
    // dist/.vite/manifest.json: which files each page's first load fetches (build/bundle-budget.ts checks them).
    manifest: true,
    // No modulepreload polyfill (0.2 KB brotli on every first load): every browser the portal supports (current
    // Chromium, Firefox and Safari) has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      experimental: { lazyBarrel: true },
      output: {
        // Four files on a signed-in page's first load instead of eighty: see build/chunks.ts.
        codeSplitting: { groups: chunkGroups() },
      },
    },
  },
});
