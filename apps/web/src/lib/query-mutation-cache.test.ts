import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { queryMutationCache } from '../../build/query-mutation-cache';

// query-core and react-query as installed: their `modern` builds, which Vite bundles.
const reactQueryEntry = createRequire(import.meta.url).resolve('@tanstack/react-query');
const reactQuery = join(dirname(reactQueryEntry), '..', 'modern');
const queryCore = join(
  dirname(createRequire(reactQueryEntry).resolve('@tanstack/query-core')),
  '..',
  'modern',
);
type Transform = (code: string, id: string) => { code: string } | null;
const transform = queryMutationCache().transform as Transform;
const patched = (dir: string, file: string) => {
  const id = join(dir, file);
  return transform(readFileSync(id, 'utf8'), id)?.code ?? '';
};

/** query-core's modern build, copied with the build's changes, to run as the built portal runs it. */
const copy = mkdtempSync(join(tmpdir(), 'lading-query-core-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));
for (const file of readdirSync(queryCore).filter((name) => name.endsWith('.js')))
  cpSync(join(queryCore, file), join(copy, file));
writeFileSync(join(copy, 'package.json'), '{ "type": "module" }\n');
for (const file of ['queryClient.js', 'mutationObserver.js', 'hydration.js'])
  writeFileSync(join(copy, file), patched(queryCore, file));
/**
 * Runs `body` (an async function's body, with query-core's exports in scope) on the patched copy in a Node process of
 * its own (Vitest's module runner does not load files outside the project), and answers what it returns.
 */
function run(body: string): unknown {
  const script = `import * as core from ${JSON.stringify(pathToFileURL(join(copy, 'index.js')).href)};
const { MutationObserver, QueryClient, dehydrate, hydrate } = core;
const result = await (async () => { ${body} })();
process.stdout.write(JSON.stringify(result));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

describe("the build's TanStack Query mutation cache, made by its first user (decision 037)", () => {
  it('makes no mutation cache with the client, and answers as an empty one until then', () => {
    expect(
      run(`
        const client = new QueryClient();
        const mutating = client.isMutating();
        const resumed = await client.resumePausedMutations();
        client.clear();
        let error = '';
        try { client.getMutationCache(); } catch (caught) { error = caught.message; }
        return { mutating, resumed: resumed ?? null, error };`),
    ).toEqual({ mutating: 0, resumed: null, error: expect.stringMatching(/decision 037/) });
  });

  it('runs a mutation as before: the observer brings the cache and the Mutation class', () => {
    expect(
      run(`
        const client = new QueryClient();
        const settled = [];
        const observer = new MutationObserver(client, {
          mutationFn: async (value) => value * 2,
          onSuccess: (data) => void settled.push('success ' + data),
        });
        const data = await observer.mutate(21);
        const { status } = observer.getCurrentResult();
        const cache = client.getMutationCache();
        const kept = cache.getAll().length;
        const mutating = client.isMutating();
        // hydrate and dehydrate, the cache's other users, bring it too.
        const other = new QueryClient();
        hydrate(other, { mutations: [{ mutationKey: ['m'], state: { ...cache.getAll()[0].state, status: 'pending' } }], queries: [] });
        const dehydrated = dehydrate(new QueryClient()).mutations.length;
        client.clear();
        return { data, status, settled, kept, mutating, hydrated: other.isMutating(), dehydrated, cleared: cache.getAll().length };`),
    ).toEqual({
      data: 42,
      status: 'success',
      settled: ['success 42'],
      kept: 1,
      mutating: 0,
      hydrated: 1,
      dehydrated: 0,
      cleared: 0,
    });
  });

  it("hands the class to useMutationState's call", () => {
    const code = patched(reactQuery, 'useMutationState.js');
    expect(code).toContain(
      'import { MutationCache, notifyManager, replaceEqualDeep } from "@tanstack/query-core";',
    );
    expect(code).toContain('.getMutationCache(MutationCache)');
    expect(code).not.toContain('.getMutationCache()');
  });

  it('leaves every other module alone and fails when the lines it replaces are gone', () => {
    expect(transform('new MutationCache()', join(queryCore, 'queryCache.js'))).toBeNull();
    expect(transform('new MutationCache()', join('src', 'queryClient.js'))).toBeNull();
    expect(() => transform('export class QueryClient {}\n', join(queryCore, 'queryClient.js'))).toThrow(
      /mutation cache/,
    );
    expect(() => transform('client.getMutationCache();\n', join(queryCore, 'hydration.js'))).toThrow(
      /not one/,
    );
  });
});
