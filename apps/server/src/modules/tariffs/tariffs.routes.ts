import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import {
  DeleteTariffQuerySchema,
  SetTariffActiveBodySchema,
  TariffBodySchema,
  TariffListQuerySchema,
  TariffListResponseSchema,
  TariffSchema,
} from '@lading/contract/tariffs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/request';
import { etagOf } from '../../lib/versioning';
import type { TariffsService } from './tariffs.service';

const tags = ['tariffs'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

export const tariffsRoutes: FastifyPluginAsyncZod<{ tariffs: TariffsService }> = async (app, { tariffs }) => {
  app.get(
    '/cp/tariffs/',
    {
      config: { access: { module: 'ADMIN', resource: 'TARIFF', operation: 'VIEW' } },
      schema: {
        tags,
        summary: 'Tariffs by lane, size-type and validity (carrier staff)',
        querystring: TariffListQuerySchema,
        response: { 200: TariffListResponseSchema, ...errors },
      },
    },
    async (request) => tariffs.findTariffs(request.query),
  );

  app.get(
    '/cp/tariffs/:id',
    {
      config: { access: { module: 'ADMIN', resource: 'TARIFF', operation: 'VIEW' } },
      schema: {
        tags,
        summary: 'One tariff with its charge lines; the ETag carries its version for a later PUT (If-Match)',
        params: IdParamsSchema,
        response: { 200: TariffSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tariff = await tariffs.getTariff(request.params.id);
      return reply.header('etag', etagOf(tariff.version)).send(tariff);
    },
  );

  app.post(
    '/cp/tariffs/',
    {
      config: { access: { module: 'ADMIN', resource: 'TARIFF', operation: 'CREATE' } },
      schema: {
        tags,
        summary:
          'Create a tariff; a validity overlapping another of the same lane and size-type is refused (409)',
        body: TariffBodySchema,
        response: { 201: TariffSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tariff = await tariffs.createTariff(principalOf(request), request.body);
      return reply.status(201).header('etag', etagOf(tariff.version)).send(tariff);
    },
  );

  app.put(
    '/cp/tariffs/:id/',
    {
      config: { access: { module: 'ADMIN', resource: 'TARIFF', operation: 'EDIT' } },
      schema: {
        tags,
        summary:
          'Edit a tariff at the version read (If-Match or "version": 412 when stale, 428 when missing)',
        params: IdParamsSchema,
        body: TariffBodySchema,
        response: { 200: TariffSchema, ...errors, 412: ErrorBodySchema, 428: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const tariff = await tariffs.updateTariff(
        principalOf(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(tariff.version)).send(tariff);
    },
  );

  app.put(
    '/cp/tariffs/:id/active/',
    {
      config: { access: { module: 'ADMIN', resource: 'TARIFF', operation: 'EDIT' } },
      schema: {
        tags,
        summary:
          'Deactivate (kept for history and for quotations priced from it; it prices no new enquiry) or reactivate a tariff at the version read (428/412; 409 when reactivating overlaps an active tariff)',
        params: IdParamsSchema,
        body: SetTariffActiveBodySchema,
        response: { 200: TariffSchema, ...errors, 412: ErrorBodySchema, 428: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const tariff = await tariffs.setActive(
        principalOf(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(tariff.version)).send(tariff);
    },
  );

  app.delete(
    '/cp/tariffs/:id/',
    {
      config: { access: { module: 'ADMIN', resource: 'TARIFF', operation: 'EDIT' } },
      schema: {
        tags,
        summary:
          'Delete a tariff at the version read (If-Match or ?version=; 428/412) while no quotation was priced from it (else 409 naming them: deactivate it instead)',
        params: IdParamsSchema,
        querystring: DeleteTariffQuerySchema,
        response: { 204: z.null(), ...errors, 412: ErrorBodySchema, 428: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await tariffs.deleteTariff(
        principalOf(request),
        request.params.id,
        request.query,
        request.headers['if-match'],
      );
      return reply.status(204).send(null);
    },
  );
};
