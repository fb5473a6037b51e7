import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mantineLoaderTransitions, slideDown } from '../../build/mantine-loader-transitions';
import { MANTINE_COMPONENTS, type Transform } from '../test/mantine-sources';

const components = MANTINE_COMPONENTS;
const transform = mantineLoaderTransitions().transform as Transform;
const QUERY = '?loader-transition';
const patched = (file: string, query = '') => {
  const id = join(components, file);
  return transform(readFileSync(id, 'utf8'), `${id}${query}`)?.code ?? '';
};
const STYLES = join('Transition', 'get-transition-styles', 'get-transition-styles.mjs');

const copy = mkdtempSync(join(tmpdir(), 'lading-loader-transition-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("the build's loaders without Mantine's named transitions (build/mantine-loader-transitions.ts)", () => {
  it("gives Button's and ActionIcon's loaders the copy of Transition, and ActionIcon's its slide-down", () => {
    for (const name of ['Button', 'ActionIcon']) {
      const code = patched(join(name, `${name}.mjs`));
      expect(code, name).toContain(`import { Transition } from "../Transition/Transition.mjs${QUERY}";`);
      expect(code, name).not.toMatch(/transition: "[a-z-]+",/);
    }
    expect(patched(join('ActionIcon', 'ActionIcon.mjs'))).toContain(
      `transition: ${slideDown(join(components, 'ActionIcon', 'ActionIcon.mjs'))},`,
    );
    expect(patched(join('Transition', 'Transition.mjs'), QUERY)).toContain(
      `from "./get-transition-styles/get-transition-styles.mjs${QUERY}";`,
    );
    const styles = patched(STYLES, QUERY);
    expect(styles).not.toContain('../transitions.mjs');
    expect(styles).not.toContain('transitions[');
  });

  it('styles a transition object as Mantine styles the named one', () => {
    const objectOnly = join(copy, 'get-transition-styles.mjs');
    writeFileSync(objectOnly, patched(STYLES, QUERY));
    const script = `import { getTransitionStyles as named } from ${JSON.stringify(pathToFileURL(join(components, STYLES)).href)};
import { getTransitionStyles as object } from ${JSON.stringify(pathToFileURL(objectOnly).href)};
const states = ['entering', 'entered', 'exiting', 'exited', 'pre-exiting', 'pre-entering'];
const style = (get, transition, state) => get({ transition, state, duration: 150, timingFunction: 'ease' });
const slideDown = ${slideDown(join(components, 'ActionIcon', 'ActionIcon.mjs'))};
let refused = '';
try { style(object, 'slide-down', 'entered'); } catch (error) { refused = error.message; }
process.stdout.write(JSON.stringify({
  same: states.every((state) => JSON.stringify(style(named, 'slide-down', state)) === JSON.stringify(style(object, slideDown, state))),
  moving: style(object, slideDown, 'exited').transform,
  refused,
}));`;
    expect(
      JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })),
    ).toEqual({
      same: true,
      moving: 'translateY(-100%)',
      refused: expect.stringMatching(/named transition/),
    });
  });

  it('leaves every other module alone and fails when the lines it replaces are gone', () => {
    for (const file of [join('Transition', 'Transition.mjs'), STYLES, join('Popover', 'Popover.mjs')])
      expect(
        transform(readFileSync(join(components, file), 'utf8'), join(components, file)),
        file,
      ).toBeNull();
    expect(() => transform('export const Button = 1;\n', join(components, 'Button', 'Button.mjs'))).toThrow(
      /not one/,
    );
  });
});
