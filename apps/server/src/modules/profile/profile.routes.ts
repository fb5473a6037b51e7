import { PASSWORD_MAX, UpdateProfileBodySchema, UserProfileSchema } from '@lading/contract/accounts';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/request';
import { securityEvent } from '../../lib/security-events';
import type { ProfileService } from './profile.service';

const MessageSchema = z.object({ message: z.string() });
/** A new password as typed: the policy (8 to 128 code points) is checked by the service, naming the field. */
const NewPassword = z
  .string()
  .min(1)
  .max(PASSWORD_MAX * 4);
const tags = ['accounts'];

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    '/authenticate/oauth/users/check-first-login/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Whether the user still has to complete the profile',
        querystring: IdParamsSchema,
        response: { 200: z.object({ isFirstLogin: z.boolean() }), 404: ErrorBodySchema },
      },
    },
    async (request) => profile.checkFirstLogin(principalOf(request), request.query.id),
  );

  app.get(
    '/authenticate/oauth/users/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The user and their profile',
        params: IdParamsSchema,
        response: { 200: UserProfileSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => profile.getUserProfile(principalOf(request), request.params.id),
  );

  app.patch(
    '/authenticate/oauth/users/:id/update-cp-users/',
    {
      config: { access: { module: 'CP', resource: 'PROFILE', operation: 'EDIT' } },
      schema: {
        tags,
        summary: 'Complete or update the profile',
        params: IdParamsSchema,
        body: UpdateProfileBodySchema,
        response: { 200: UserProfileSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => profile.updateProfile(principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/authenticate/oauth/users/forgot-password/',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'E-mail a single-use, 30-minute reset link (same answer for any address)',
        body: z.object({ email: z.email().max(254) }),
        response: { 202: MessageSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await profile.forgotPassword(request.body.email)),
  );

  app.post(
    '/authenticate/oauth/users/reset-password/',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Set a new password with the reset link token; ends every session',
        body: z.object({ token: z.string().min(16).max(200), password: NewPassword }),
        response: { 200: MessageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      const answer = await profile.resetPassword(request.body.token, request.body.password);
      securityEvent(request.log, 'password.reset');
      return answer;
    },
  );

  app.post(
    '/authenticate/oauth/users/:id/change-password/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Change the password (current + new); other devices are signed out',
        params: IdParamsSchema,
        body: z.object({ current_password: z.string().min(1).max(1024), new_password: NewPassword }),
        // 429: wrong current passwords count toward the account's sign-in throttle.
        response: { 200: MessageSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const answer = await profile.changePassword(caller, request.params.id, request.body);
      securityEvent(request.log, 'password.changed', { userId: caller.userId });
      return answer;
    },
  );
};
