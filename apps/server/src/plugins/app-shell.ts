import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One screen's entry of dist/.vite/route-preloads.json, written by the web build (apps/web/build/route-preloads.ts). */
type RoutePreload = { path: string; scripts: string[]; styles: string[]; portal?: boolean };
type Shell = { html: string; etag: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/bl_view/$id` → a pattern matching `/bl_view/7` and `/bl_view/7/` (a `$name` segment is any one segment). */
export function routePattern(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : escapeRegExp(segment)));
  return new RegExp(`^/${segments.join('/')}/?$`);
}

/** index.html's shell of the signed-in header (a template: inert where it is) and the empty root it goes into. */
const PORTAL_SHELL = /<template id="portal-shell">([\s\S]*?)<\/template>/;
const EMPTY_ROOT = '<div id="root"></div>';

const shell = (html: string): Shell => ({
  html,
  etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
});

/**
 * The HTML sent for a client route: the build's index.html with, for the screen at that address, a
 * `<link rel="modulepreload">` for each of its chunks and a `<link rel="preload" as="style">` for each of its
 * stylesheets. The browser then fetches the screen's code together with the entry, instead of after the entry has
 * arrived, run and matched the address (issue 11, figure 7: about 0.3 s of a phone's first load of bl_view). The
 * stylesheets are preloaded, not applied: the router applies them in its own order when the screen's chunk loads.
 * A screen of the signed-in layout also gets index.html's header shell inside #root, painted before any script has
 * run (figure 7's FCP) and replaced by React's first render.
 * Addresses no screen matches get index.html as built. index.html and the map are read again when the build
 * changes (index.html's mtime), so a rebuild under a running server is served at once.
 */
export function appShell(webDist: string): (path: string) => Shell {
  let builtAt = -1;
  let routes: { pattern: RegExp; preload: RoutePreload }[] = [];
  let plain: Shell = shell('');
  let byRoute = new Map<RoutePreload, Shell>();
  const load = () => {
    const indexFile = join(webDist, 'index.html');
    const mtime = statSync(indexFile).mtimeMs;
    if (mtime === builtAt) return;
    const html = readFileSync(indexFile, 'utf8');
    const mapFile = join(webDist, '.vite/route-preloads.json');
    const preloads: RoutePreload[] = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : [];
    plain = shell(html);
    byRoute = new Map();
    routes = preloads.map((preload) => ({ pattern: routePattern(preload.path), preload }));
    builtAt = mtime;
  };
  const render = (html: string, { scripts, styles, portal }: RoutePreload) => {
    const links = [
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ].join('\n    ');
    const page = links ? html.replace('</head>', `  ${links}\n  </head>`) : html;
    const header = portal ? PORTAL_SHELL.exec(page)?.[1] : undefined;
    return header ? page.replace(EMPTY_ROOT, `<div id="root">${header}</div>`) : page;
  };
  return (path) => {
    load();
    const route = routes.find(({ pattern }) => pattern.test(path));
    if (!route) return plain;
    let page = byRoute.get(route.preload);
    if (!page) {
      page = shell(render(plain.html, route.preload));
      byRoute.set(route.preload, page);
    }
    return page;
  };
}
