// `npm run sbom`: a CycloneDX 1.6 SBOM of what the portal ships — the production dependencies of the server, the web
// app and the contract package, with versions, licences and package URLs — written to reports/sbom.cdx.json
// (gitignored). Made by @cyclonedx/cyclonedx-npm from `npm ls --omit=dev`; see SECURITY.md, V15.1.2.
//
// Why not `npm sbom`: in this workspace tree it refuses the tree (an optional peer range of @hookform/resolvers is
// not met by the hoisted ajv-formats 3), and with `--legacy-peer-deps --omit=dev` it leaves out production packages
// that some workspace also lists as a devDependency (zod, nodemailer, tsx, ajv-formats …): its `:not(.dev)` selector
// drops a package with any dev edge. cyclonedx-npm reads npm's own production flags instead. `--ignore-npm-errors` is
// needed for that same optional peer range, so this script reads npm's errors itself: a package npm calls missing
// fails the run, and the SBOM must name every production dependency the three workspaces declare.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const WORKSPACES = ['packages/contract', 'apps/server', 'apps/web'];
const output = join(root, 'reports', 'sbom.cdx.json');
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@cyclonedx/cyclonedx-npm')), 'bin/cyclonedx-npm-cli.js');

mkdirSync(join(root, 'reports'), { recursive: true });
const workspaceNames = WORKSPACES.map((dir) =>
  JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')),
);
const run = spawnSync(
  process.execPath,
  [
    cli,
    '--omit',
    'dev',
    '--ignore-npm-errors',
    '--validate',
    '--flatten-components',
    ...workspaceNames.flatMap((pkg) => ['--workspace', pkg.name]),
    '--output-format',
    'JSON',
    '--output-file',
    output,
  ],
  { cwd: root, encoding: 'utf8' },
);
const npmErrors = [...new Set((run.stderr ?? '').match(/npm error (?:missing|invalid): .*/g) ?? [])];
if (run.status !== 0) {
  process.stderr.write(run.stderr ?? '');
  console.error(`sbom: cyclonedx-npm failed (exit ${run.status})`);
  process.exit(1);
}
const missing = npmErrors.filter((line) => line.startsWith('npm error missing:'));
if (missing.length) {
  console.error(`sbom: node_modules is incomplete, so the SBOM would be too:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
// An installed version outside a range some package declares (today: ajv-formats 3 under @hookform/resolvers' optional
// peer range ^2): the SBOM lists what is installed, which is what runs.
for (const line of npmErrors) console.log(`sbom: npm ls says ${line.slice(10)} (listed as installed)`);

const sbom = JSON.parse(readFileSync(output, 'utf8'));
// npm ls gives no integrity for installed packages; the lock's (what `npm ci` verified) becomes each one's hash.
const locked = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages;
const ALGORITHMS = { sha512: 'SHA-512', sha384: 'SHA-384', sha256: 'SHA-256', sha1: 'SHA-1' };
for (const component of sbom.components) {
  const path = component.properties?.find((p) => p.name === 'cdx:npm:package:path')?.value;
  const [algorithm, base64] = (locked[path]?.integrity ?? '').split(' ')[0].split('-');
  if (ALGORITHMS[algorithm] && base64)
    component.hashes = [
      { alg: ALGORITHMS[algorithm], content: Buffer.from(base64, 'base64').toString('hex') },
    ];
}
writeFileSync(output, `${JSON.stringify(sbom, null, 2)}\n`);
const listed = new Set(sbom.components.map((c) => (c.group ? `${c.group}/${c.name}` : c.name)));
const absent = workspaceNames.flatMap((pkg) =>
  Object.keys(pkg.dependencies ?? {})
    .filter((name) => !listed.has(name))
    .map((name) => `${name} (a dependency of ${pkg.name})`),
);
if (absent.length) {
  console.error(`sbom: the SBOM leaves out production dependencies:\n  ${absent.join('\n  ')}`);
  process.exit(1);
}
const hashed = sbom.components.filter((c) => c.hashes).length;
console.log(
  `sbom: ${relative(root, output)} — CycloneDX ${sbom.specVersion}, ${sbom.components.length} components, ` +
    `${hashed} with the lock's integrity hash ` +
    `(production dependencies of ${workspaceNames.map((pkg) => pkg.name).join(', ')})`,
);
