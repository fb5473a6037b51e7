import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Strict CSP for the portal: only our own scripts, no inline script, no framing. Inline style attributes are
 * allowed because the UI kit positions popovers with them. The API reference at /docs gets its own, looser
 * policy (set in the openapi plugin) because its viewer evaluates inline configuration.
 * helmet computes the headers once, here: every directive is static, so its middleware is run once on a recorder and
 * the headers it set are copied onto every answer's raw response (where static-web.ts expects them). The Fastify
 * plugin (@fastify/helmet) built the middleware again on every request (issue 11, figure 1), and the middleware
 * itself serialises the CSP on every call (about 30 µs a request, issue 29, figures 4 and 5).
 */
export async function registerSecurityHeaders(app: FastifyInstance, isHttps: boolean): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const headers: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  await new Promise<void>((resolve, reject) =>
    setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) =>
      error ? reject(error) : resolve(),
    ),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
