import {
  AdminCompanyListQuerySchema,
  AdminCompanyListResponseSchema,
  AdminCompanySchema,
  CompanyBodySchema,
} from '@lading/contract/admin-workspace';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import { etagOf } from '../../lib/versioning';
import type { CompanyAdminService } from './company-admin.service';

const tags = ['admin: companies'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

export const companyAdminRoutes: FastifyPluginAsyncZod<{ companyAdmin: CompanyAdminService }> = async (
  app,
  { companyAdmin },
) => {
  app.get(
    '/cp/admin/companies/',
    {
      config: { access: { module: 'ADMIN', resource: 'COMPANY', operation: 'VIEW' } },
      schema: {
        tags,
        summary: 'Companies (parties) by name or code, status, party role and active flag',
        querystring: AdminCompanyListQuerySchema,
        response: { 200: AdminCompanyListResponseSchema, ...errors },
      },
    },
    async (request) => companyAdmin.findCompanies(request.query),
  );

  app.get(
    '/cp/admin/companies/:id/',
    {
      config: { access: { module: 'ADMIN', resource: 'COMPANY', operation: 'VIEW' } },
      schema: {
        tags,
        summary: 'One company, with its version as the ETag',
        params: IdParamsSchema,
        response: { 200: AdminCompanySchema, ...errors },
      },
    },
    async (request, reply) => {
      const company = await companyAdmin.getCompany(request.params.id);
      return reply.header('etag', etagOf(company.version)).send(company);
    },
  );

  app.post(
    '/cp/admin/companies/',
    {
      config: { access: { module: 'ADMIN', resource: 'COMPANY', operation: 'CREATE' } },
      schema: {
        tags,
        summary: 'Create a company; a code another company holds is 409 naming code',
        body: CompanyBodySchema,
        response: { 201: AdminCompanySchema, ...errors },
      },
    },
    async (request, reply) => {
      const company = await companyAdmin.createCompany(principalOf(request), request.body);
      return reply.status(201).header('etag', etagOf(company.version)).send(company);
    },
  );

  app.put(
    '/cp/admin/companies/:id/',
    {
      config: { access: { module: 'ADMIN', resource: 'COMPANY', operation: 'EDIT' } },
      schema: {
        tags,
        summary:
          'Edit a company at the version read (If-Match or "version": 412 when stale, 428 when missing)',
        params: IdParamsSchema,
        body: CompanyBodySchema,
        response: { 200: AdminCompanySchema, ...errors, 412: ErrorBodySchema, 428: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const company = await companyAdmin.updateCompany(
        principalOf(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(company.version)).send(company);
    },
  );
};
