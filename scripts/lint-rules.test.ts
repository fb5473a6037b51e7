// The house rules of .dependency-cruiser.cjs fail on a deliberately wrong import: each case writes a tiny tree of the
// repository's shape into a temporary folder and runs dependency-cruiser over it with the project's own config.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const biome = join(root, 'node_modules/@biomejs/biome/bin/biome');
const folders: string[] = [];

/** Runs the project's rules over `files` (path -> source), answering the rules that were broken. */
async function brokenRules(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  folders.push(dir);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const run = await promisify(execFile)(
    process.execPath,
    [cli, '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json', 'apps'],
    { cwd: dir, encoding: 'utf8' },
  ).catch((failed: { stdout: string }) => failed);
  const result = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string } }[] } };
  return [...new Set(result.summary.violations.map((violation) => violation.rule.name))].sort();
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const module = (name: string, file: string) => `apps/server/src/modules/${name}/${file}`;

// The cases run side by side: each is a dependency-cruiser process of its own.
describe.concurrent('npm run lint: the house rules', () => {
  it('passes a module that uses another only through its front door, and its own schema', async () => {
    expect(
      await brokenRules({
        [module('bookings', 'index.ts')]: "export { findBooking } from './bookings.repository';\n",
        [module('bookings', 'bookings.repository.ts')]:
          "import { bookings } from '../../db/schema/bookings';\nexport const findBooking = () => bookings;\n",
        'apps/server/src/db/schema/bookings.ts': 'export const bookings = 1;\n',
        [module('quotations', 'quotations.service.ts')]:
          "import { findBooking } from '../bookings';\nexport const accept = () => findBooking();\n",
      }),
    ).toEqual([]);
  });

  it.each([
    {
      wrong: "a module importing another module's repository",
      files: {
        [module('bookings', 'bookings.repository.ts')]: 'export const findBooking = () => 1;\n',
        [module('quotations', 'quotations.service.ts')]:
          "import { findBooking } from '../bookings/bookings.repository';\nexport const x = findBooking;\n",
      },
      rule: 'server-module-front-door',
    },
    {
      wrong: "a module importing another module's schema",
      files: {
        'apps/server/src/db/schema/bookings.ts': 'export const bookings = 1;\n',
        [module('quotations', 'quotations.repository.ts')]:
          "import { bookings } from '../../db/schema/bookings';\nexport const x = bookings;\n",
      },
      rule: 'server-schema-of-its-own:quotations',
    },
    {
      wrong: 'db/ importing a module',
      files: {
        [module('users', 'index.ts')]: 'export const u = 1;\n',
        'apps/server/src/db/client.ts': "import { u } from '../modules/users';\nexport const x = u;\n",
      },
      rule: 'server-lower-layers-stay-below',
    },
    {
      wrong: "the seed reaching past a module's front door",
      files: {
        [module('quotations', 'pricing.ts')]: 'export const price = 1;\n',
        'apps/server/src/seed/demo.ts':
          "import { price } from '../modules/quotations/pricing';\nexport const x = price;\n",
      },
      rule: 'server-outside-through-front-door',
    },
    {
      wrong: 'two modules in a circle through their front doors',
      files: {
        [module('bookings', 'index.ts')]: "import { q } from '../quotations';\nexport const b = () => q;\n",
        [module('quotations', 'index.ts')]: "import { b } from '../bookings';\nexport const q = () => b;\n",
      },
      rule: 'server-modules-not-in-a-circle',
    },
    {
      wrong: "a web feature importing another feature's key factory",
      files: {
        'apps/web/src/features/quotations/api/query-keys.ts': 'export const quotationKeys = {};\n',
        'apps/web/src/features/bookings/api/get-booking.ts':
          "import { quotationKeys } from '../../quotations/api/query-keys';\nexport const x = quotationKeys;\n",
      },
      rule: 'web-feature-sealed',
    },
    {
      wrong: 'web lib/ importing a feature',
      files: {
        'apps/web/src/features/bookings/api/query-keys.ts': 'export const bookingKeys = {};\n',
        'apps/web/src/lib/query-keys.ts':
          "import { bookingKeys } from '../features/bookings/api/query-keys';\nexport const x = bookingKeys;\n",
      },
      rule: 'web-shared-layers-stay-below',
    },
    {
      wrong: 'env.ts importing a plugin',
      files: {
        'apps/server/src/plugins/rate-limit.ts': 'export const r = 1;\n',
        'apps/server/src/env.ts': "import { r } from './plugins/rate-limit';\nexport const x = r;\n",
      },
      rule: 'server-env-is-a-leaf',
    },
  ])('fails on $wrong', async ({ files, rule }) => {
    expect(await brokenRules(files)).toContain(rule);
  });
});

/**
 * Biome's restricted imports see named imports (which dependency-cruiser cannot): a Mantine floating overlay imported
 * by a feature. Biome applies biome.json's per-folder overrides by the file's place in the repository, so the probe
 * is written there for the run and removed after it.
 */
describe('npm run lint: Mantine overlays stay in the component layer', () => {
  const lint = async (path: string) => {
    const file = join(root, path);
    writeFileSync(file, "import { Tooltip } from '@mantine/core';\n\nexport const probe = Tooltip;\n");
    try {
      const run = await promisify(execFile)(process.execPath, [biome, 'lint', '--max-diagnostics=5', file], {
        cwd: root,
        encoding: 'utf8',
      }).catch((failed: { stdout: string; stderr: string }) => failed);
      return `${run.stdout}${run.stderr}`;
    } finally {
      unlinkSync(file);
    }
  };

  it('refuses a Tooltip imported by a feature, and allows it in components/', async () => {
    expect(await lint(`apps/web/src/features/bookings/lint-probe-${process.pid}.tsx`)).toContain(
      'noRestrictedImports',
    );
    expect(await lint(`apps/web/src/components/lint-probe-${process.pid}.tsx`)).not.toContain(
      'noRestrictedImports',
    );
  });
});
