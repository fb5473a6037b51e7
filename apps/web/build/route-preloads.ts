import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { SIGN_IN_FIRST } from '../src/app/first-load-addresses';
import {
  firstLoadFiles,
  LAZY_MODULES_FILE,
  lazyModuleChunks,
  PORTAL_LAYOUT_MODULE,
  ROUTED_APP_MODULE,
  readManifest,
} from './first-load';

/** One screen of the router: its address pattern (TanStack's, `$id` for a parameter) and its lazy modules. */
export type RouteModules = { path: string; modules: string[] };
/**
 * What the server adds to the HTML of an address matching `path`: the screen's chunks the entry does not bring, and
 * for a screen of the signed-in layout (`portal`) the header's shell (index.html's `portal-shell` template) in #root.
 */
export type RoutePreload = { path: string; scripts: string[]; styles: string[]; portal: boolean };

/** Where the build writes the route → files map (beside Vite's manifest; the server never serves dist/.vite). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

type Declared = { parent?: string; path?: string; module?: string };

/**
 * The screens declared in the router's source (src/app/router.tsx): every `const x = createRoute({...})` with its
 * parent (`getParentRoute: () => y`), `path` and lazy `component` (`lazyRouteComponent(() => import('…'))`).
 * Returns the leaf routes (the addresses a user opens) with the full path and the lazy modules of the route and its
 * parents (layout first), as paths relative to `root` with their extension, the keys of Vite's manifest.
 * router.test.ts checks the result against the router itself, so a route written another way fails the test.
 */
export function routeModules(routerFile: string, root: string): RouteModules[] {
  const source = ts.createSourceFile(
    routerFile,
    readFileSync(routerFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const routes = new Map<string, Declared>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const call = declaration.initializer;
      if (!ts.isIdentifier(declaration.name) || !call || !ts.isCallExpression(call)) continue;
      const callee = call.expression.getText(source);
      if (callee !== 'createRoute' && callee !== 'createRootRoute') continue;
      const options = call.arguments[0];
      const route: Declared = {};
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const property of options.properties) {
          if (!ts.isPropertyAssignment(property)) continue;
          const name = property.name.getText(source);
          const value = property.initializer;
          if (name === 'path' && ts.isStringLiteral(value)) route.path = value.text;
          if (name === 'getParentRoute' && ts.isArrowFunction(value) && ts.isIdentifier(value.body))
            route.parent = value.body.text;
          if (name === 'component') route.module = importedModule(value, routerFile, root);
        }
      }
      routes.set(declaration.name.text, route);
    }
  }
  const parents = new Set([...routes.values()].map((route) => route.parent));
  const result: RouteModules[] = [];
  for (const [name, route] of routes) {
    if (parents.has(name) || !route.parent) continue;
    const segments: string[] = [];
    const modules: string[] = [];
    for (let at: Declared | undefined = route; at; at = at.parent ? routes.get(at.parent) : undefined) {
      if (at.path) segments.unshift(...at.path.split('/').filter(Boolean));
      if (at.module) modules.unshift(at.module);
    }
    if (modules.length > 0) result.push({ path: `/${segments.join('/')}`, modules });
  }
  return result;
}

/** The file of the first `import('…')` inside `node`, relative to `root`, with its extension. */
function importedModule(node: ts.Node, routerFile: string, root: string): string | undefined {
  let specifier: string | undefined;
  const visit = (child: ts.Node) => {
    if (specifier) return;
    if (
      ts.isCallExpression(child) &&
      child.expression.kind === ts.SyntaxKind.ImportKeyword &&
      child.arguments[0] &&
      ts.isStringLiteral(child.arguments[0])
    ) {
      specifier = child.arguments[0].text;
      return;
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  if (!specifier) return undefined;
  const base = resolve(dirname(routerFile), specifier);
  const file = ['.tsx', '.ts'].map((ext) => base + ext).find(existsSync);
  if (!file) throw new Error(`${routerFile}: cannot find the module ${specifier}`);
  return relative(root, file).split('\\').join('/');
}

/**
 * Each route's files from the build manifest, less what the entry (and so index.html) loads already: the router's
 * chunk (main.tsx fetches it) and the route's lazy modules, or the route's modules alone on an address whose first
 * load renders without the router (the login page).
 */
export function routePreloads(dist: string, routes: RouteModules[]): RoutePreload[] {
  const manifest = readManifest(dist);
  const entry = new Set(firstLoadFiles(manifest));
  return routes.map(({ path, modules }) => {
    const withRouter = SIGN_IN_FIRST.test(path) ? modules : [ROUTED_APP_MODULE, ...modules];
    const files = firstLoadFiles(manifest, withRouter).filter((file) => !entry.has(file));
    return {
      path,
      scripts: files.filter((file) => file.endsWith('.js')),
      styles: files.filter((file) => file.endsWith('.css')),
      portal: modules.includes(PORTAL_LAYOUT_MODULE),
    };
  });
}

/**
 * Writes dist/.vite/route-preloads.json after the build: for each screen, the chunks its first load needs beyond the
 * entry. The server names them in the HTML it sends for the screen's address (apps/server/src/plugins/
 * static-web.ts), so the browser fetches them together with the entry instead of once the entry has run and the
 * router has matched the address (issue 11, figure 7).
 */
export function routePreloadMap(routerFile = 'src/app/router.tsx'): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'lading:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const lazy = lazyModuleChunks(
        bundle,
        root,
        (id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0,
      );
      writeFileSync(join(outDir, LAZY_MODULES_FILE), `${JSON.stringify(lazy, null, 1)}\n`);
      const routes = routeModules(resolve(root, routerFile), root);
      writeFileSync(
        join(outDir, ROUTE_PRELOADS_FILE),
        `${JSON.stringify(routePreloads(outDir, routes), null, 1)}\n`,
      );
    },
  };
}
