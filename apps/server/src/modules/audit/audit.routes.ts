import { AuditEventListQuerySchema, AuditEventListResponseSchema } from '@lading/contract/admin-workspace';
import { ErrorBodySchema } from '@lading/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { principalOf } from '../../lib/request';
import { findAuditEvents } from './audit.repository';

/** The audit viewer: one read of the shared trail, so there is no service beyond the scoped query. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async (request) => findAuditEvents(db, principalOf(request).scope, request.query),
  );
};
