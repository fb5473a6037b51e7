import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import {
  type DeleteTariffQuery,
  DeleteTariffQuerySchema,
  type SetTariffActiveBody,
  SetTariffActiveBodySchema,
} from '@lading/contract/tariffs';
import type { FastifyReply, FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/request';
import { etagOf } from '../../lib/versioning';
import type { TariffLifecycle } from './tariff-lifecycle';

const tags = ['tariffs'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const versioned = { 412: ErrorBodySchema, 428: ErrorBodySchema };
const VIEW = { module: 'ADMIN', resource: 'TARIFF', operation: 'VIEW' } as const;
const CREATE = { module: 'ADMIN', resource: 'TARIFF', operation: 'CREATE' } as const;
const EDIT = { module: 'ADMIN', resource: 'TARIFF', operation: 'EDIT' } as const;
/** The id the path names (IdParamsSchema has checked and coerced it). */
const idOf = (request: FastifyRequest) => (request.params as z.infer<typeof IdParamsSchema>).id;

/**
 * The six routes of one kind of tariff, under the ADMIN.TARIFF permissions: list (VIEW), read with its ETag (VIEW),
 * create (CREATE), edit, deactivate / reactivate and delete at the version read (EDIT). The kind names its paths,
 * schemas and summaries; its service is the shared lifecycle (tariff-lifecycle.ts).
 */
export function registerTariffRoutes<
  T extends { version: number; active: boolean },
  B extends { version?: number },
  Q,
>(
  zodApp: Parameters<FastifyPluginAsyncZod>[0],
  kind: {
    /** The collection ("/cp/tariffs/"); one tariff is `${collection}:id/`. */
    collection: string;
    /** The path one tariff is read at. */
    readPath: string;
    schemas: {
      query: z.ZodType<Q>;
      list: z.ZodType<{ count: number; results: T[] }>;
      one: z.ZodType<T>;
      body: z.ZodType<B>;
    };
    summaries: Record<'list' | 'read' | 'create' | 'edit' | 'active' | 'delete', string>;
    service: TariffLifecycle<T, B, Q>;
  },
) {
  const { schemas, summaries, service } = kind;
  // The zod compilers the app registers validate and serialise as ever; only the TypeScript view is the plain one,
  // since the type provider cannot resolve a schema's type through this function's type parameters. The handlers
  // read what the kind's schemas have checked.
  const app = zodApp.withTypeProvider<FastifyTypeProviderDefault>();
  const item = `${kind.collection}:id/`;
  /** The tariff, its version as the ETag (a later change sends it back as If-Match). */
  const send = (reply: FastifyReply, tariff: T, status = 200) =>
    reply.status(status).header('etag', etagOf(tariff.version)).send(tariff);
  /** Who changes which tariff, and the version they read (If-Match, when sent). */
  const change = (request: FastifyRequest) =>
    [principalOf(request), idOf(request), request.headers['if-match']] as const;

  app.get(
    kind.collection,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: summaries.list,
        querystring: schemas.query,
        response: { 200: schemas.list, ...errors },
      },
    },
    async (request) => service.list(request.query as Q),
  );

  app.get(
    kind.readPath,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: summaries.read,
        params: IdParamsSchema,
        response: { 200: schemas.one, ...errors },
      },
    },
    async (request, reply) => send(reply, await service.get(idOf(request))),
  );

  app.post(
    kind.collection,
    {
      config: { access: CREATE },
      schema: {
        tags,
        summary: summaries.create,
        body: schemas.body,
        response: { 201: schemas.one, ...errors },
      },
    },
    async (request, reply) => send(reply, await service.create(principalOf(request), request.body as B), 201),
  );

  app.put(
    item,
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: summaries.edit,
        params: IdParamsSchema,
        body: schemas.body,
        response: { 200: schemas.one, ...errors, ...versioned },
      },
    },
    async (request, reply) => send(reply, await service.update(...change(request), request.body as B)),
  );

  app.put(
    `${item}active/`,
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: summaries.active,
        params: IdParamsSchema,
        body: SetTariffActiveBodySchema,
        response: { 200: schemas.one, ...errors, ...versioned },
      },
    },
    async (request, reply) =>
      send(reply, await service.setActive(...change(request), request.body as SetTariffActiveBody)),
  );

  app.delete(
    item,
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: summaries.delete,
        params: IdParamsSchema,
        querystring: DeleteTariffQuerySchema,
        response: { 204: z.null(), ...errors, ...versioned },
      },
    },
    async (request, reply) => {
      await service.remove(...change(request), request.query as DeleteTariffQuery);
      return reply.status(204).send(null);
    },
  );
}
