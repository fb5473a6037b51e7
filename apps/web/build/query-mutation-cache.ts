import type { Plugin } from 'vite';

const MODERN = /[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/]([A-Za-z]+)\.js$/;

/** The error a call meets that asks for the mutation cache without bringing it (none in TanStack Query's code). */
const MISSING =
  'throw new Error("The mutation cache is made by its first user, which hands over its class (decision 037, build/query-mutation-cache.ts)");';

/** QueryClient (query-core's queryClient.js): no mutation cache until one is asked for, with its class. */
const CLIENT: [from: string, to: string][] = [
  ['import { MutationCache } from "./mutationCache.js";\n', ''],
  [
    'this.#mutationCache = config.mutationCache || new MutationCache();',
    'this.#mutationCache = config.mutationCache;',
  ],
  // None made yet: no mutation pending, none paused, none to clear.
  ['return this.#mutationCache.findAll({', 'return (this.#mutationCache?.findAll({'],
  ['\t\t\tstatus: "pending"\n\t\t}).length;', '\t\t\tstatus: "pending"\n\t\t}) ?? []).length;'],
  [
    'if (onlineManager.isOnline()) return this.#mutationCache.resumePausedMutations();',
    'if (onlineManager.isOnline() && this.#mutationCache) return this.#mutationCache.resumePausedMutations();',
  ],
  [
    'getMutationCache() {\n\t\treturn this.#mutationCache;\n\t}',
    `getMutationCache(MutationCache) {\n\t\tif (!this.#mutationCache) {\n\t\t\tif (!MutationCache) ${MISSING}\n\t\t\tthis.#mutationCache = new MutationCache();\n\t\t}\n\t\treturn this.#mutationCache;\n\t}`,
  ],
  ['this.#mutationCache.clear();', 'this.#mutationCache?.clear();'],
];

/**
 * Every caller of `getMutationCache()` in TanStack Query (the mutation observer behind useMutation, hydrate and
 * dehydrate, useMutationState and useIsMutating): the import its call gets the class from.
 */
const CALLERS: Record<string, [from: string, to: string]> = {
  'query-core/mutationObserver': [
    'import { getDefaultState } from "./mutation.js";\n',
    'import { getDefaultState } from "./mutation.js";\nimport { MutationCache } from "./mutationCache.js";\n',
  ],
  'query-core/hydration': [
    'import { noop } from "./utils.js";\n',
    'import { noop } from "./utils.js";\nimport { MutationCache } from "./mutationCache.js";\n',
  ],
  'react-query/useMutationState': [
    'import { notifyManager, replaceEqualDeep } from "@tanstack/query-core";\n',
    'import { MutationCache, notifyManager, replaceEqualDeep } from "@tanstack/query-core";\n',
  ],
};

function replaceOnce(code: string, from: string, to: string, id: string): string {
  // A TanStack Query release that moves one of these lines fails the build, rather than the cache quietly coming
  // back into the first loads or a caller meeting no cache.
  if (code.split(from).length !== 2)
    throw new Error(`${id}: not one \`${from.trim()}\` to replace (build/query-mutation-cache.ts)`);
  return code.replace(from, () => to);
}

/**
 * Build only: TanStack Query's MutationCache (and the Mutation class it builds: a mutation's run, retries, callbacks,
 * scopes) is made when something first asks the QueryClient for it, with the class, instead of in the QueryClient's
 * constructor: so it travels with the mutation observer, which useMutation loads with the screens that mutate, and no
 * longer with every signed-in first load, none of which mutates before an interaction (0.7 KB brotli on the BL list's,
 * issue 29; decision 037). Until then the client answers as with an empty cache: no mutation pending (`isMutating`),
 * none to resume (on focus or reconnection), none to clear. Each caller of `getMutationCache()` in TanStack Query hands
 * over the class (`getMutationCache(MutationCache)`); a call without it and before any cache fails loudly, and
 * `npm run lint` refuses one in apps/web/src (lint/query-mutation-cache.grit). The dev server and the unit tests run
 * TanStack Query untouched. The build fails when the lines replaced here are gone.
 */
export function queryMutationCache(): Plugin {
  return {
    name: 'lading:query-mutation-cache',
    apply: 'build',
    transform(code, id) {
      const match = MODERN.exec(id);
      if (!match) return null;
      const module = `${match[1]}/${match[2]}`;
      if (module === 'query-core/queryClient') {
        // Every use of the cache is one of those below (the constructor, isMutating, resumePausedMutations,
        // getMutationCache, clear): a new one in a later release stops the build here.
        if (code.split('this.#mutationCache').length !== 6)
          throw new Error(
            `${id}: a use of the mutation cache this does not know (build/query-mutation-cache.ts)`,
          );
        let out = code;
        for (const [from, to] of CLIENT) out = replaceOnce(out, from, to, id);
        return { code: out, map: null };
      }
      const caller = CALLERS[module];
      if (!caller) return null;
      if (!code.includes('getMutationCache()'))
        throw new Error(
          `${id}: no getMutationCache() call to hand the class to (build/query-mutation-cache.ts)`,
        );
      const out = replaceOnce(code, caller[0], caller[1], id);
      return { code: out.replaceAll('getMutationCache()', 'getMutationCache(MutationCache)'), map: null };
    },
  };
}
