import swagger from '@fastify/swagger';
import { isEmptyAsUnset } from '@lading/contract/list-query';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

type Transform = typeof jsonSchemaTransform;
type JsonObject = { [key: string]: unknown };

/**
 * zod's JSON Schema of a route, plus what zod cannot say: a list's query field that takes an empty value as unset
 * (`?status=&pol_id=`, as the specification's client sends) accepts `''` besides its own values.
 */
const describeRoute: Transform = (route) => {
  const transformed = jsonSchemaTransform(route);
  const zodQuery = (route.schema as { querystring?: { shape?: Record<string, unknown> } } | undefined)
    ?.querystring;
  const query = (transformed.schema as { querystring?: JsonObject } | undefined)?.querystring;
  const properties = query?.properties as Record<string, JsonObject> | undefined;
  if (zodQuery?.shape && properties)
    // A required field stays required: its empty value is a missing one (400).
    for (const [name, field] of Object.entries(zodQuery.shape))
      if (isEmptyAsUnset(field) && properties[name] && (field as ZodType).safeParse(undefined).success) {
        const { description, ...own } = properties[name];
        properties[name] = {
          ...(description ? { description } : {}),
          anyOf: [own, { const: '', description: 'Empty: no filter, as if left out' }],
        };
      }
  return transformed;
};

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
    transform: describeRoute,
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
