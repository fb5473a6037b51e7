import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../env';

export const WEB_DIST = resolve(REPO_ROOT, 'apps/web/dist');

/** Paths the SPA never owns: unknown ones there are API 404s, not the app shell. */
export const API_PREFIXES = ['/authenticate/', '/cp/', '/core/', '/docs', '/healthz', '/readyz', '/assets/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

/**
 * Serves the built SPA. Hashed assets are cached for a year (immutable); index.html is always revalidated.
 * The build writes brotli and gzip copies beside each file (apps/web/build/precompress.ts): the copy the client
 * accepts is sent as it is, with Content-Encoding and `Vary: Accept-Encoding`, and the global on-the-fly
 * compression leaves a response that already has a Content-Encoding alone.
 * Any other GET that accepts HTML falls back to index.html so client routes (app-login, bl_view/7, …) load.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist = WEB_DIST): Promise<void> {
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
          reply.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    });
  }
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      error: { code: 'NOT_FOUND', message: `Route ${request.method} ${url} not found` },
    });
  });
}
