import {
  ApiClientListSchema,
  ApiClientSchema,
  CreateApiClientBodySchema,
  CreatedApiClientSchema,
} from '@lading/contract/api-clients';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import type { ApiClientsService } from './api-clients.service';

const tags = ['company API clients'];
const VIEW = { module: 'CP', resource: 'API_CLIENT', operation: 'VIEW' } as const;
const EDIT = { module: 'CP', resource: 'API_CLIENT', operation: 'EDIT' } as const;
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

export const apiClientsRoutes: FastifyPluginAsyncZod<{ apiClients: ApiClientsService }> = async (
  app,
  { apiClients },
) => {
  app.get(
    '/cp/company/api-clients/',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "The API clients of the caller's company (any approved member), newest first",
        description:
          'Revoked and expired clients stay listed with their status. No answer ever carries a secret.',
        response: { 200: ApiClientListSchema, ...errors },
      },
    },
    async (request) => ({ results: await apiClients.findClients(principalOf(request)) }),
  );

  app.post(
    '/cp/company/api-clients/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary:
          "Create an API client for the caller's company; the answer holds its secret, shown this once",
        description:
          'The client gets tokens from `POST /authenticate/oauth/token/` with `grant_type=client_credentials`, its ' +
          'client_id and secret (HTTP Basic or form fields) and `scope` (some of its scopes; all when left out). ' +
          'Tokens last 10 minutes and read what the members of the company own, within their scopes. The expiry ' +
          'date is after today and at most a year on; the client is valid through that day (UTC).',
        body: CreateApiClientBodySchema,
        response: { 201: CreatedApiClientSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      // Never kept by a cache: every signed-in answer is `no-store` (app.ts).
      const created = await apiClients.createClient(principalOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/cp/company/api-clients/:id/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: "Revoke one of the company's API clients: no token from now on, and its tokens stop at once",
        params: IdParamsSchema,
        response: { 200: ApiClientSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => apiClients.revokeClient(principalOf(request), request.params.id),
  );
};
