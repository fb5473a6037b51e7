import { AuthDataSchema, SelectOfficeBodySchema } from '@lading/contract/access';
import { ErrorBodySchema } from '@lading/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth';
import type { AccessService } from './access.service';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
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
        params: IdParams,
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
        params: IdParams,
        body: SelectOfficeBodySchema,
        response: { 200: AuthDataSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => access.selectOffice(principalOf(request), request.params.id, request.body.officeId),
  );
};
