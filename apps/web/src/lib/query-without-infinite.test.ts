import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queryWithoutInfinite } from '../../build/query-without-infinite';

// query-core as installed (react-query's dependency): its `modern` build, which Vite bundles.
const reactQuery = createRequire(import.meta.url).resolve('@tanstack/react-query');
const queryModule = join(
  dirname(createRequire(reactQuery).resolve('@tanstack/query-core')),
  '..',
  'modern',
  'query.js',
);
type Transform = (code: string, id: string) => { code: string } | null;
const transform = queryWithoutInfinite().transform as Transform;

describe("the build's TanStack Query without infinite queries (decision 036)", () => {
  it("drops the infinite queries' fetch behaviour from Query and refuses one loudly", () => {
    const code = transform(readFileSync(queryModule, 'utf8'), queryModule)?.code ?? '';
    expect(code).not.toContain('infiniteQueryBehavior');
    expect(code).toContain('Infinite queries are not built into the portal');
    // A plain query still fetches through its own behaviour, as before.
    expect(code).toContain(': this.options.behavior)?.onFetch(context, this)');
  });

  it('leaves every other module alone and fails when the lines it replaces are gone', () => {
    expect(transform('infiniteQueryBehavior(this.options.pages)', join('src', 'query.js'))).toBeNull();
    expect(() => transform('export class Query {}\n', queryModule)).toThrow(/infiniteQueryBehavior/);
  });
});
