import { AuditEventListQuerySchema, AuditEventListResponseSchema } from '@lading/contract/admin-workspace';
import { ErrorBodySchema } from '@lading/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import type { AuditService } from './audit.service';

/** The audit viewer. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/cp/admin/audit-events/',
    {
      config: { access: { module: 'ADMIN', resource: 'AUDIT', operation: 'VIEW' } },
      schema: {
        tags: ['admin: audit'],
        summary:
          'The audit trail, newest first, by record (type + id), user, action and date range (a branch sees its office’s records)',
        querystring: AuditEventListQuerySchema,
        response: { 200: AuditEventListResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => audit.findAuditEvents(principalOf(request), request.query),
  );
};
