import {
  AdminOfficeListResponseSchema,
  AdminOfficeSchema,
  OfficeBodySchema,
} from '@lading/contract/admin-workspace';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import { etagOf } from '../../lib/versioning';
import type { OfficesService } from './offices.service';

const tags = ['admin: offices'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const VIEW = { module: 'ADMIN', resource: 'OFFICE', operation: 'VIEW' } as const;
const EDIT = { module: 'ADMIN', resource: 'OFFICE', operation: 'EDIT' } as const;

export const officesRoutes: FastifyPluginAsyncZod<{ offices: OfficesService }> = async (app, { offices }) => {
  app.get(
    '/cp/admin/offices/',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Offices with their port and staff (a branch sees its own office)',
        response: { 200: AdminOfficeListResponseSchema, ...errors },
      },
    },
    async (request) => offices.findOffices(principalOf(request)),
  );

  app.get(
    '/cp/admin/offices/:id/',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'One office, with its version as the ETag',
        params: IdParamsSchema,
        response: { 200: AdminOfficeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const office = await offices.getOffice(principalOf(request), request.params.id);
      return reply.header('etag', etagOf(office.version)).send(office);
    },
  );

  app.post(
    '/cp/admin/offices/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary:
          'Create a branch office (from the corporate office); a code in use is 409 naming code, a port another office serves 409 naming portId',
        body: OfficeBodySchema,
        response: { 201: AdminOfficeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const office = await offices.createOffice(principalOf(request), request.body);
      return reply.status(201).header('etag', etagOf(office.version)).send(office);
    },
  );

  app.put(
    '/cp/admin/offices/:id/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary:
          'Edit an office\'s code, name and port at the version read (If-Match or "version": 412 when stale, 428 when missing); TSX keeps its code, only the corporate office changes the port (400 naming portId), a code or port another office holds is 409 naming code or portId',
        params: IdParamsSchema,
        body: OfficeBodySchema,
        response: { 200: AdminOfficeSchema, ...errors, 412: ErrorBodySchema, 428: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const office = await offices.updateOffice(
        principalOf(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(office.version)).send(office);
    },
  );
};
