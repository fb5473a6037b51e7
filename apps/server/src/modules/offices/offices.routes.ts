import {
  AdminOfficeListResponseSchema,
  AdminOfficeSchema,
  OfficeBodySchema,
} from '@lading/contract/admin-workspace';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth';
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
        summary: 'One office',
        params: IdParamsSchema,
        response: { 200: AdminOfficeSchema, ...errors },
      },
    },
    async (request) => offices.getOffice(principalOf(request), request.params.id),
  );

  app.post(
    '/cp/admin/offices/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Create a branch office (from the corporate office); a code in use is 409 naming code',
        body: OfficeBodySchema,
        response: { 201: AdminOfficeSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await offices.createOffice(principalOf(request), request.body)),
  );

  app.put(
    '/cp/admin/offices/:id/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: "Edit an office's code, name and port (the corporate office keeps its code TSX)",
        params: IdParamsSchema,
        body: OfficeBodySchema,
        response: { 200: AdminOfficeSchema, ...errors },
      },
    },
    async (request) => offices.updateOffice(principalOf(request), request.params.id, request.body),
  );
};
