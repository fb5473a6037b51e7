import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mantineUseIdWithoutEffect } from '../../build/mantine-use-id';
import { useId } from './mantine-use-id';

function Labelled({ id }: { id?: string }) {
  const generated = useId(id);
  return <span data-testid="id">{generated}</span>;
}

describe("Mantine's useId, as the build serves it", () => {
  it('a static id wins; else an id from React, unique and kept across renders', () => {
    const { rerender } = render(
      <>
        <Labelled id="given" />
        <Labelled />
        <Labelled />
      </>,
    );
    const first = screen.getAllByTestId('id').map((node) => node.textContent);
    expect(first[0]).toBe('given');
    expect(first[1]).toMatch(/^mantine-\S+$/);
    expect(first[2]).not.toBe(first[1]);
    rerender(
      <>
        <Labelled id="given" />
        <Labelled />
        <Labelled />
      </>,
    );
    expect(screen.getAllByTestId('id').map((node) => node.textContent)).toEqual(first);
  });

  it("the build's plugin turns @mantine/hooks' own use-id module into a re-export of ours, and nothing else", () => {
    const hooks = dirname(createRequire(import.meta.url).resolve('@mantine/hooks'));
    const mantineModule = join(hooks, '..', 'esm', 'use-id', 'use-id.mjs');
    // A Mantine release that moves the module fails here, before the plugin silently stops applying.
    expect(existsSync(mantineModule)).toBe(true);
    const load = mantineUseIdWithoutEffect().load as (id: string) => string | null;
    expect(load(mantineModule)).toMatch(/^export \{ useId \} from ".*\/src\/lib\/mantine-use-id\.ts";$/m);
    expect(load(join(hooks, '..', 'esm', 'use-id-ish', 'use-id.mjs'))).toBeNull();
    expect(load(join(hooks, '..', 'esm', 'use-media-query', 'use-media-query.mjs'))).toBeNull();
  });
});
