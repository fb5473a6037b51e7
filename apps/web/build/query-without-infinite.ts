import type { Plugin } from 'vite';

/** TanStack Query's Query class (query-core), which picks the infinite queries' fetch behaviour (decision 036). */
const QUERY_MODULE = /[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]query\.js$/;
const IMPORT = 'import { infiniteQueryBehavior } from "./infiniteQueryBehavior.js";\n';
const USE = 'infiniteQueryBehavior(this.options.pages)';
/** What an infinite query meets in the built portal instead: a loud failure, not a plain query's fetch. */
const REFUSAL =
  '(() => { throw new Error("Infinite queries are not built into the portal (decision 036, build/query-without-infinite.ts)"); })()';

/**
 * Build only: TanStack Query without the infinite queries' fetch behaviour (`infiniteQueryBehavior`, the pages and
 * their params), which every Query carries although the portal has no infinite query: 0.4 KB brotli off every
 * signed-in first load (issue 29; decision 036). An infinite query fails loudly in the built portal; `npm run lint`
 * refuses the infinite-query API in apps/web/src (lint/query-infinite.grit), since the dev server and the unit tests
 * run TanStack Query untouched. The build fails when query-core no longer has the two lines this replaces.
 */
export function queryWithoutInfinite(): Plugin {
  return {
    name: 'lading:query-without-infinite',
    apply: 'build',
    transform(code, id) {
      if (!QUERY_MODULE.test(id)) return null;
      if (!code.includes(IMPORT) || !code.includes(USE))
        throw new Error(`${id}: no infiniteQueryBehavior to drop (build/query-without-infinite.ts)`);
      return { code: code.replace(IMPORT, '').replace(USE, REFUSAL), map: null };
    },
  };
}
