import {
  AdminUserListQuerySchema,
  AdminUserListResponseSchema,
  AdminUserSchema,
  SetUserActiveBodySchema,
  SetUserOfficesBodySchema,
  SetUserRolesBodySchema,
} from '@lading/contract/admin-workspace';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import { ResetSecondFactorBodySchema, SecondFactorResetSchema } from '@lading/contract/second-factor';
import {
  EndSessionsBodySchema,
  SessionIdParamsSchema,
  SessionSchema,
  SessionsEndedSchema,
} from '@lading/contract/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/request';
import { securityEvent } from '../../lib/security-events';
import type { UsersService } from './users.service';

const tags = ['admin: users'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };
const VIEW = { module: 'ADMIN', resource: 'USER', operation: 'VIEW' } as const;
const EDIT = { module: 'ADMIN', resource: 'USER', operation: 'EDIT' } as const;

/** A change to one user (ADMIN.USER.EDIT): `PUT /cp/admin/users/{id}/<part>/` with `body`, answered with the user. */
const userChange = <B extends z.ZodType>(summary: string, body: B) => ({
  config: { access: EDIT },
  schema: { tags, summary, params: IdParamsSchema, body, response: { 200: AdminUserSchema, ...errors } },
});

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/cp/admin/users/',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Users by e-mail or name, status, role and office (scoped: a branch sees its own staff)',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListResponseSchema, ...errors },
      },
    },
    async (request) => users.findUsers(principalOf(request), request.query),
  );

  app.get(
    '/cp/admin/users/:id/',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'One user',
        params: IdParamsSchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request) => users.getUser(principalOf(request), request.params.id),
  );

  app.put(
    '/cp/admin/users/:id/active/',
    userChange(
      'Activate or deactivate; deactivating ends every session and revokes every token at once',
      SetUserActiveBodySchema,
    ),
    async (request) => users.setActive(principalOf(request), request.params.id, request.body.isActive),
  );

  app.put(
    '/cp/admin/users/:id/roles/',
    userChange(
      "Replace the user's roles (an administrator keeps their own; CARRIER_ADMIN and CARRIER_STAFF_CORPORATE only from the corporate office, else 400)",
      SetUserRolesBodySchema,
    ),
    async (request) => users.setRoles(principalOf(request), request.params.id, request.body),
  );

  app.put(
    '/cp/admin/users/:id/offices/',
    userChange(
      "Replace a staff member's offices (a branch caller changes only its own office)",
      SetUserOfficesBodySchema,
    ),
    async (request) => users.setOffices(principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/cp/admin/users/:id/resend-verification/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Send a new verification link to an unverified account (409 when already verified)',
        params: IdParamsSchema,
        response: { 200: AdminUserSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => users.resendVerification(principalOf(request), request.params.id),
  );

  app.get(
    '/cp/admin/users/:id/sessions/',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "A user's live sessions (device, network, created, last active)",
        params: IdParamsSchema,
        response: { 200: z.array(SessionSchema), ...errors },
      },
    },
    async (request) => users.sessionsOf(principalOf(request), request.params.id),
  );

  app.delete(
    '/cp/admin/users/:id/sessions/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Ends every session of a user at once, with the reason (audited)',
        params: IdParamsSchema,
        body: EndSessionsBodySchema,
        response: { 200: SessionsEndedSchema, ...errors },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const answer = await users.endSessions(caller, request.params.id, 'all', request.body.reason);
      securityEvent(request.log, 'sessions.ended', {
        userId: caller.userId,
        subjectUserId: request.params.id,
        count: answer.ended,
        reason: 'ended-by-admin',
      });
      return answer;
    },
  );

  app.delete(
    '/cp/admin/users/:id/sessions/:sessionId/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Ends one session of a user at once, with the reason (audited)',
        params: IdParamsSchema.extend(SessionIdParamsSchema.shape),
        body: EndSessionsBodySchema,
        response: { 200: SessionsEndedSchema, ...errors },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const answer = await users.endSessions(
        caller,
        request.params.id,
        { publicId: request.params.sessionId },
        request.body.reason,
      );
      securityEvent(request.log, 'session.ended', {
        userId: caller.userId,
        subjectUserId: request.params.id,
        reason: 'ended-by-admin',
      });
      return answer;
    },
  );

  // An administrator removes a user's lost second factor (ASVS V6.4.4): the user signs in with the password alone and,
  // when a role requires one, sets up a new factor at once.
  app.delete(
    '/cp/admin/users/:id/mfa/',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary:
          "Resets a user's lost second factor, with the reason: removes the authenticator app and recovery codes, ends every session, mails the user (audited)",
        params: IdParamsSchema,
        body: ResetSecondFactorBodySchema,
        response: { 200: SecondFactorResetSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const answer = await users.resetSecondFactor(caller, request.params.id, request.body.reason);
      securityEvent(request.log, 'second-factor.reset', {
        userId: caller.userId,
        subjectUserId: request.params.id,
        count: answer.sessionsEnded,
      });
      return answer;
    },
  );
};
