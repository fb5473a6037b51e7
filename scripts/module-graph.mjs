// `node scripts/module-graph.mjs`: the server's module graph in figures — imports that cross from one module to
// another, module pairs, circles, and floors (the longest chain of modules, each importing the next). Tests are left
// out. Reads dependency-cruiser's JSON of apps/server/src with the project's config.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const json = execFileSync(
  process.execPath,
  [cli, '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json', 'apps/server/src'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
const { modules } = JSON.parse(json);

const moduleOf = (path) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(path)?.[1];
const isTest = (path) => /\.test\.ts$/.test(path);

let crossImports = 0;
const edges = new Map();
for (const file of modules) {
  const from = moduleOf(file.source);
  if (!from || isTest(file.source)) continue;
  if (!edges.has(from)) edges.set(from, new Set());
  for (const dependency of file.dependencies) {
    const to = moduleOf(dependency.resolved);
    if (!to || to === from) continue;
    crossImports += 1;
    edges.get(from).add(to);
  }
}

// Circles: strongly connected components with more than one module.
let index = 0;
const order = new Map();
const low = new Map();
const stack = [];
const circles = [];
function connect(node) {
  order.set(node, index);
  low.set(node, index);
  index += 1;
  stack.push(node);
  for (const next of edges.get(node) ?? []) {
    if (!order.has(next)) {
      connect(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), order.get(next)));
  }
  if (low.get(node) === order.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      component.push(member);
    } while (member !== node);
    if (component.length > 1) circles.push(component.sort());
  }
}
for (const node of edges.keys()) if (!order.has(node)) connect(node);

// Floors: the longest chain (a module standing on nothing is floor 1); within a circle, chains stop at a repeat.
function floors(node, seen = new Set()) {
  if (seen.has(node)) return 0;
  seen.add(node);
  let best = 0;
  for (const next of edges.get(node) ?? []) best = Math.max(best, floors(next, seen));
  seen.delete(node);
  return best + 1;
}
const height = Math.max(0, ...[...edges.keys()].map((node) => floors(node)));
const pairs = [...edges.values()].reduce((sum, targets) => sum + targets.size, 0);

console.log(`modules: ${edges.size}`);
console.log(`imports crossing modules (non-test): ${crossImports}, module pairs: ${pairs}`);
console.log(`circles: ${circles.length ? circles.map((c) => c.join(' <-> ')).join('; ') : 'none'}`);
console.log(`floors (longest chain): ${height}`);
for (const [from, targets] of [...edges].sort())
  if (targets.size) console.log(`  ${from} -> ${[...targets].sort().join(', ')}`);
