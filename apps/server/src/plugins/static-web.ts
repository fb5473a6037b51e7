import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../env';
import { methodNotAllowed } from './allowed-methods';
import { appShell } from './app-shell';

export const WEB_DIST = resolve(REPO_ROOT, 'apps/web/dist');

/** Paths the SPA never owns: unknown ones there are API 404s, not the app shell. */
export const API_PREFIXES = [
  '/authenticate/',
  '/cp/',
  '/core/',
  '/dcsa/',
  '/docs',
  '/healthz',
  '/readyz',
  '/assets/',
];

/**
 * Headers that only mean something on a document (its window, DNS behaviour, legacy IE and Flash switches, and the
 * policy for what it loads): the security-headers plugin sets them on every answer; a hashed script or stylesheet
 * drops them, and its content security policy is `frame-ancestors 'none'` alone (ASVS V3.4.6 asks for it on every
 * response; the rest of the policy governs what a document loads). Each first load fetches 10 to 18 such files,
 * and these were about 500 of the roughly 1,000 bytes of headers each carried (issue 11, figure 6). Kept as they
 * are: `X-Content-Type-Options: nosniff` (a script runs only as the type it is served as),
 * `Cross-Origin-Resource-Policy` and `Referrer-Policy`.
 */
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** What @fastify/static sends that a hashed, immutable asset has no use for: validators for revalidation, ranges. */
const CACHED_ASSET_NOISE = ['etag', 'last-modified', 'accept-ranges'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

/**
 * Serves the built SPA. Hashed assets are cached for a year (immutable); index.html is always revalidated.
 * The build writes brotli and gzip copies beside each file (apps/web/build/precompress.ts): the copy the client
 * accepts is sent as it is, with Content-Encoding and `Vary: Accept-Encoding`, and the global on-the-fly
 * compression leaves a response that already has a Content-Encoding alone.
 * Any other GET that accepts HTML falls back to index.html so client routes (app-login, bl_view/7, …) load, with
 * the links that preload the screen's own chunks (app-shell.ts).
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  /** The methods a path answers (allowed-methods.ts): an API path asked with another one gets 405. */
  allowedMethods: (path: string) => string[],
  webDist = WEB_DIST,
): Promise<void> {
  const hasBuild = existsSync(resolve(webDist, 'index.html'));
  // Specification section 2: the empty path redirects to app-login, for every client (browsers, curl, monitors).
  app.route({
    method: 'GET',
    url: '/',
    config: { access: 'public' },
    schema: { hide: true },
    handler: (_request, reply) => reply.header('cache-control', 'no-cache').redirect('/app-login', 302),
  });
  if (hasBuild) {
    await app.registerPublic(async () => {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        // Source maps stay on the build machine: never served.
        allowedPath: (pathName: string) => !pathName.endsWith('.map'),
        index: false,
        preCompressed: true,
        setHeaders: (reply, path) => {
          const isAsset = path.includes('/assets/');
          reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
          // A hashed file never changes under its name and is kept for a year without asking again: validators and
          // range support serve no one (about 100 bytes on each of a first load's files; issue 29, figure 6).
          if (isAsset) for (const name of CACHED_ASSET_NOISE) reply.removeHeader(name);
          // helmet writes them on the raw response (onRequest), so they are removed there.
          if (isAsset && /\.(js|css)(\.br|\.gz)?$/.test(path)) {
            for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
            reply.raw.setHeader('content-security-policy', "frame-ancestors 'none'");
          }
        },
      });
    });
  }
  // index.html, with the screen's own chunks named for preloading (app-shell.ts).
  const shellFor = appShell(webDist);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (request.method === 'GET' && wantsHtml && !isApiPath(url)) {
      if (!hasBuild) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
      }
      const page = shellFor(url);
      reply.header('cache-control', 'no-cache').header('etag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      return reply.type('text/html; charset=utf-8').send(page.html);
    }
    // A path that exists with other methods: 405 naming them.
    const allowed = allowedMethods(url);
    if (allowed.length > 0 && !allowed.includes(request.method))
      return methodNotAllowed(reply, request.method, url, allowed);
    return reply.status(404).send({
      error: { code: 'NOT_FOUND', message: `Route ${request.method} ${url} not found` },
    });
  });
}
