import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas; the reference UI is served at /docs, the document at /docs/openapi.json. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lading API',
        version: '1.0.0',
        description: 'Customer portal of an ocean-freight carrier.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'OAuth 2 access token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.registerPublic(async () => {
    await app.register(async (docs) => {
      // The viewer evaluates its inline configuration and loads its own bundle; relax the CSP for /docs only.
      docs.addHook('onSend', async (_request, reply) => {
        reply.header(
          'content-security-policy',
          "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
        );
      });
      await docs.register(scalar, { routePrefix: '/docs', configuration: { url: '/docs/openapi.json' } });
      docs.get('/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    });
  });
}
