import fastJson from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * `anyOf: [{ type: T }, { type: 'null' }]` (how zod writes a nullable) as `type: [T, 'null']`, which
 * fast-json-stringify writes directly instead of trying each branch in turn.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== 'object') return schema;
  const { $schema: _, ...rest } = schema as JsonSchema;
  const anyOf = rest.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((branch) => branch.type !== 'null');
    if (other && typeof other.type === 'string' && anyOf.some((branch) => branch.type === 'null')) {
      const { anyOf: __, ...without } = rest;
      return simplify({ ...without, ...other, type: [other.type, 'null'] });
    }
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, simplify(value)]));
}

/**
 * A route-level serializer compiler for hot read routes whose answers are built by our own SQL (the BL list):
 * the 200 answer is written by fast-json-stringify compiled once from the route's zod schema, instead of being
 * re-validated by zod and then passed to JSON.stringify on every request. Only the schema's properties are
 * written (anything else a row carries is left out) and a missing required property still fails the answer;
 * other status codes keep the zod serializer. Under NODE_ENV=test (Vitest, Playwright) zod also checks each answer
 * (docs/decisions/005-compiled-serializer-on-hot-reads.md).
 */
export function compiledSerializerCompiler<T>(route: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  const zodRoute = route as unknown as Parameters<typeof serializerCompiler>[0];
  if (String(route.httpStatus) !== '200') return serializerCompiler(zodRoute);
  const schema = route.schema as unknown as ZodType;
  const write = fastJson(
    simplify(z.toJSONSchema(schema, { io: 'output' })) as Parameters<typeof fastJson>[0],
  );
  if (process.env.NODE_ENV !== 'test') return write;
  // Under test every answer is also checked by zod, as the other routes' are: fast-json-stringify coerces what does
  // not fit (null to "" or 0, 2.7 to 2, an unknown enum value as is), which would hide a query that went wrong.
  const check = serializerCompiler(zodRoute);
  return (data) => {
    check(data);
    return write(data);
  };
}

/**
 * The zod serializer, also for an answer documented by media type (`{ description, content: { 'application/pdf':
 * { schema } } }`, how a route says it answers a file or a stream): its first media type's schema is compiled. Such
 * answers are sent as a Buffer or a stream, which Fastify never serializes.
 */
export const mediaAwareSerializerCompiler: typeof serializerCompiler = (route) => {
  const schema = route.schema as { content?: Record<string, { schema: unknown }> };
  const first = schema?.content ? Object.values(schema.content)[0] : undefined;
  return serializerCompiler(first ? ({ ...route, schema: first.schema } as typeof route) : route);
};
