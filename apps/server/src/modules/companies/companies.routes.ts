import {
  CompanyMembershipListQuerySchema,
  CompanyMembershipListResponseSchema,
  CompanyMembershipSchema,
  CompanyRequestBodySchema,
  RefuseMembershipBodySchema,
} from '@lading/contract/companies';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/request';
import type { CompaniesService } from './companies.service';

const tags = ['companies'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const COMPANY_MESSAGES = {
  requested:
    'Thank you. Your company request is pending approval by our team; we will e-mail you once it is decided.',
} as const;

export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  app.post(
    '/cp/companies/',
    {
      config: { access: { module: 'CP', resource: 'PROFILE', operation: 'EDIT' } },
      schema: {
        tags,
        summary: 'Request a company the carrier does not know yet (pending until carrier staff approve it)',
        body: CompanyRequestBodySchema,
        response: { 201: z.object({ message: z.string(), companyStatus: z.literal('PENDING') }), ...errors },
      },
    },
    async (request, reply) => {
      await companies.requestNewCompany(principalOf(request), request.body);
      return reply
        .status(201)
        .send({ message: COMPANY_MESSAGES.requested, companyStatus: 'PENDING' as const });
    },
  );

  app.get(
    '/cp/company-memberships/',
    {
      config: { access: { module: 'ADMIN', resource: 'COMPANY', operation: 'VIEW' } },
      schema: {
        tags,
        summary:
          'Company membership requests, oldest first (carrier staff); status=PENDING is the approval queue',
        querystring: CompanyMembershipListQuerySchema,
        response: { 200: CompanyMembershipListResponseSchema, ...errors },
      },
    },
    async (request) => companies.findMemberships(request.query),
  );

  app.post(
    '/cp/company-memberships/:id/approve/',
    {
      config: { access: { module: 'ADMIN', resource: 'COMPANY', operation: 'APPROVE' } },
      schema: {
        tags,
        summary: 'Approve a pending membership (and the company, when it was a new-company request)',
        params: IdParamsSchema,
        response: { 200: CompanyMembershipSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => companies.approve(principalOf(request), request.params.id),
  );

  app.post(
    '/cp/company-memberships/:id/refuse/',
    {
      config: { access: { module: 'ADMIN', resource: 'COMPANY', operation: 'APPROVE' } },
      schema: {
        tags,
        summary: 'Refuse a pending membership with a reason (a requested new company is set aside)',
        params: IdParamsSchema,
        body: RefuseMembershipBodySchema,
        response: { 200: CompanyMembershipSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => companies.refuse(principalOf(request), request.params.id, request.body.reason),
  );
};
