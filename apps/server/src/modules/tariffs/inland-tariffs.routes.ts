import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import {
  InlandTariffBodySchema,
  InlandTariffListQuerySchema,
  InlandTariffListResponseSchema,
  InlandTariffSchema,
} from '@lading/contract/inland-tariffs';
import { DeleteTariffQuerySchema, SetTariffActiveBodySchema } from '@lading/contract/tariffs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/request';
import { etagOf } from '../../lib/versioning';
import type { InlandTariffsService } from './inland-tariffs.service';

const tags = ['tariffs'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const versioned = { 412: ErrorBodySchema, 428: ErrorBodySchema };
const VIEW = { module: 'ADMIN', resource: 'TARIFF', operation: 'VIEW' } as const;
const CREATE = { module: 'ADMIN', resource: 'TARIFF', operation: 'CREATE' } as const;
const EDIT = { module: 'ADMIN', resource: 'TARIFF', operation: 'EDIT' } as const;

/** Inland haulage tariffs (rail station/ICD <-> port, door distance bands <-> port), under the sea tariffs' permissions. */
export const inlandTariffsRoutes: FastifyPluginAsyncZod<{ inlandTariffs: InlandTariffsService }> = async (
  app,
  { inlandTariffs },
) => {
  app.get(
    '/cp/admin/inland-tariffs/',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary:
          'Inland haulage tariffs by mode, port, station, size-type, validity and status (carrier staff)',
        querystring: InlandTariffListQuerySchema,
        response: { 200: InlandTariffListResponseSchema, ...errors },
      },
    },
    async (request) => inlandTariffs.findInlandTariffs(request.query),
  );

  app.get(
    '/cp/admin/inland-tariffs/:id/',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'One inland haulage tariff; the ETag carries its version for a later PUT (If-Match)',
        params: IdParamsSchema,
        response: { 200: InlandTariffSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tariff = await inlandTariffs.getInlandTariff(request.params.id);
      return reply.header('etag', etagOf(tariff.version)).send(tariff);
    },
  );

  app.post(
    '/cp/admin/inland-tariffs/',
    {
      config: { access: CREATE },
      schema: {
        tags,
        summary:
          'Create an inland haulage tariff: RAIL (station or ICD, Indian port) or DOOR (a km band); 409 when an active one already prices the same leg on a same day',
        body: InlandTariffBodySchema,
        response: { 201: InlandTariffSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tariff = await inlandTariffs.createInlandTariff(principalOf(request), request.body);
      return reply.status(201).header('etag', etagOf(tariff.version)).send(tariff);
    },
  );

  app.put(
    '/cp/admin/inland-tariffs/:id/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary:
          'Edit an inland haulage tariff at the version read (If-Match or "version": 412 stale, 428 missing)',
        params: IdParamsSchema,
        body: InlandTariffBodySchema,
        response: { 200: InlandTariffSchema, ...errors, ...versioned },
      },
    },
    async (request, reply) => {
      const tariff = await inlandTariffs.updateInlandTariff(
        principalOf(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(tariff.version)).send(tariff);
    },
  );

  app.put(
    '/cp/admin/inland-tariffs/:id/active/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary:
          'Deactivate (kept for history and for quotations priced from it; it prices no new enquiry) or reactivate an inland tariff at the version read (428/412; 409 when reactivating overlaps)',
        params: IdParamsSchema,
        body: SetTariffActiveBodySchema,
        response: { 200: InlandTariffSchema, ...errors, ...versioned },
      },
    },
    async (request, reply) => {
      const tariff = await inlandTariffs.setInlandActive(
        principalOf(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(tariff.version)).send(tariff);
    },
  );

  app.delete(
    '/cp/admin/inland-tariffs/:id/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary:
          'Delete an inland tariff at the version read (If-Match or ?version=; 428/412) while no quotation was priced from it (else 409: deactivate it instead)',
        params: IdParamsSchema,
        querystring: DeleteTariffQuerySchema,
        response: { 204: z.null(), ...errors, ...versioned },
      },
    },
    async (request, reply) => {
      await inlandTariffs.deleteInlandTariff(
        principalOf(request),
        request.params.id,
        request.query,
        request.headers['if-match'],
      );
      return reply.status(204).send(null);
    },
  );
};
