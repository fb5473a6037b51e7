import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Strict CSP for the portal: only our own scripts, no inline script, no framing. Inline style attributes are
 * allowed because the UI kit positions popovers with them. The API reference at /docs gets its own, looser
 * policy (set in the openapi plugin) because its viewer evaluates inline configuration.
 * helmet's middleware is built once here and applied to every answer: the Fastify plugin (@fastify/helmet) built
 * it again, CSP directives parsed included, on every request (issue 11, figure 1).
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
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
