import { AuthDataSchema, SelectOfficeBodySchema } from '@lading/contract/access';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import type { AccessService } from './access.service';

const tags = ['accounts'];

export const accessRoutes: FastifyPluginAsyncZod<{ access: AccessService }> = async (app, { access }) => {
  app.get(
    '/authenticate/oauth/users/:id/auth-data/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          "The caller's permission set, offices, selected office, corporate-office flag and yard (own id only)",
        params: IdParamsSchema,
        response: { 200: AuthDataSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return access.getAuthData(principalOf(request), request.params.id);
    },
  );

  app.put(
    '/authenticate/oauth/users/:id/selected-office/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Switch the office the user works as (one of their offices); answers the new auth data',
        params: IdParamsSchema,
        body: SelectOfficeBodySchema,
        response: { 200: AuthDataSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => access.selectOffice(principalOf(request), request.params.id, request.body.officeId),
  );
};
