import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DROPPED_LOADERS,
  DROPPED_STATICS,
  mantineOvalLoaderOnly,
  mantineUnusedStatics,
  mantineUnusedStaticsCss,
  STYLED_IN_SHEET,
} from '../../build/mantine-statics';
import { MANTINE_COMPONENTS, type Transform } from '../test/mantine-sources';

const components = MANTINE_COMPONENTS;
const transform = mantineUnusedStatics().transform as Transform;
const transformCss = mantineUnusedStaticsCss().transform as Transform;
const transformLoader = mantineOvalLoaderOnly().transform as Transform;
const sheets = join(components, '..', '..', 'styles');
/** The class name Mantine gives a component's part (its class-name module's key). */
const classOf = (name: string, key: string) =>
  new RegExp(`"${key}": "(m_[0-9a-f]+)"`).exec(
    readFileSync(join(components, name, `${name}.module.mjs`), 'utf8'),
  )?.[1];

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

  it("drops the dropped parts' rules from their component's sheet and keeps the component's", () => {
    for (const name of STYLED_IN_SHEET) {
      const id = join(sheets, `${name}.css`);
      const before = readFileSync(id, 'utf8');
      const code = transformCss(before, id)?.code ?? '';
      for (const key of ['group', 'groupSection']) {
        const part = classOf(name, key)!;
        expect(before, `${name} ${key}`).toContain(part);
        expect(code, `${name} ${key}`).not.toContain(part);
      }
      const root = classOf(name, 'root')!;
      expect(code).toContain(`.${root} {`);
      expect(code.length).toBeLessThan(before.length);
    }
  });

  it("leaves other sheets alone and fails when a part's rules are not where they were", () => {
    const badge = join(sheets, 'Badge.css');
    expect(transformCss(readFileSync(badge, 'utf8'), badge)).toBeNull();
    const button = join(sheets, 'Button.css');
    expect(() => transformCss('.m_77c9d27d { color: red; }', button)).toThrow(/no rule/);
  });
});

describe("the build's Loader with the oval alone (build/mantine-statics.ts)", () => {
  const loader = join(components, 'Loader', 'Loader.mjs');
  const sheet = join(sheets, 'Loader.css');

  it('drops the bars and dots from its loaders and keeps the oval', () => {
    const code = transformLoader(readFileSync(loader, 'utf8'), loader)?.code ?? '';
    for (const name of DROPPED_LOADERS) expect(code).not.toContain(name);
    expect(code).toMatch(/^\toval: Oval,?$/m);
    expect(code).toMatch(/^import \{ Oval \} from "\.\/loaders\/Oval\.mjs";$/m);
  });

  it("drops their rules and keyframes from Loader's sheet and keeps the oval's", () => {
    const before = readFileSync(sheet, 'utf8');
    const code = transformLoader(before, sheet)?.code ?? '';
    for (const key of [
      'barsLoader',
      'bar',
      'bars-loader-animation',
      'dotsLoader',
      'dot',
      'loader-dots-animation',
    ]) {
      const name = classOf('Loader', key)!;
      expect(before, key).toContain(name);
      expect(code, key).not.toContain(name);
    }
    for (const key of ['root', 'ovalLoader', 'oval-loader-animation'])
      expect(code, key).toContain(classOf('Loader', key)!);
  });

  it('leaves other modules alone and fails when a kind is not where it was', () => {
    expect(
      transformLoader('export const Bars = 1;\n', join(components, 'Loader', 'loaders', 'Bars.mjs')),
    ).toBeNull();
    expect(transformLoader('.m_1 { color: red; }', join(sheets, 'Button.css'))).toBeNull();
    expect(() => transformLoader('export const Loader = 1;\n', loader)).toThrow(/Bars/);
    expect(() => transformLoader('.m_1 { color: red; }', sheet)).toThrow(/no rule/);
  });
});
