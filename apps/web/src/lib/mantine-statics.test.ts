import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DROPPED_STATICS, mantineUnusedStatics } from '../../build/mantine-statics';

const components = join(
  dirname(createRequire(import.meta.url).resolve('@mantine/core')),
  '..',
  'esm',
  'components',
);
type Transform = (code: string, id: string) => { code: string } | null;
const transform = mantineUnusedStatics().transform as Transform;

describe("the build's Mantine components without their unused static parts (build/mantine-statics.ts)", () => {
  it('drops each listed part from its component and keeps the others', () => {
    for (const [name, parts] of Object.entries(DROPPED_STATICS)) {
      const id = join(components, name, `${name}.mjs`);
      // A Mantine release that moves or renames a part fails here (and the build with it).
      const code = transform(readFileSync(id, 'utf8'), id)?.code ?? '';
      for (const part of parts)
        expect(code, `${name}.${part}`).not.toMatch(new RegExp(`^${name}\\.${part} =`, 'm'));
      expect(code).toMatch(new RegExp(`^${name}\\.displayName =`, 'm'));
    }
    const checkbox = join(components, 'Checkbox', 'Checkbox.mjs');
    expect(transform(readFileSync(checkbox, 'utf8'), checkbox)?.code).toMatch(
      /^Checkbox\.Group = CheckboxGroup;$/m,
    );
  });

  it('leaves every other module alone', () => {
    for (const id of [
      join(components, 'Badge', 'Badge.mjs'),
      join(components, 'Button', 'ButtonGroup', 'ButtonGroup.mjs'),
      join('src', 'components', 'Button', 'Button.mjs'),
    ])
      expect(transform('Button.Group = ButtonGroup;\n', id)).toBeNull();
  });

  it('fails the build when a listed part is not where it was', () => {
    const id = join(components, 'Button', 'Button.mjs');
    expect(() => transform('export const Button = 1;\n', id)).toThrow(/Button\.Group/);
  });
});
