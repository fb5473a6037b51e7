import { SignUpBodySchema, VerifyEmailResponseSchema } from '@lading/contract/accounts';
import { ErrorBodySchema } from '@lading/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegistrationService } from './registration.service';

const MessageSchema = z.object({ message: z.string() });
const FlatErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
const tags = ['accounts'];

export const registrationRoutes: FastifyPluginAsyncZod<{ registration: RegistrationService }> = async (
  app,
  { registration },
) => {
  app.post(
    '/authenticate/oauth/users/create-cp-users/',
    {
      // The sign-up's own schema messages (section 8) come from the service, so the validation result is attached.
      attachValidation: true,
      config: { access: 'public', flatErrors: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign up (creates an unverified customer and e-mails a verification link)',
        body: SignUpBodySchema,
        response: {
          201: MessageSchema,
          400: FlatErrorSchema,
          409: FlatErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await registration.signUp(request.body, request.validationError?.validation)),
  );

  app.post(
    '/authenticate/oauth/users/verify-email/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Verify the e-mail address with the link token',
        // Any text: a token that is not the portal's is the service's 400 with the page's own words (issue 28).
        body: z.object({ token: z.string({ message: 'is required' }) }),
        response: { 200: VerifyEmailResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => registration.verifyEmail(request.body.token),
  );

  app.post(
    '/authenticate/oauth/users/resend-verification/',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Send a new verification link (same answer for any address)',
        body: z.object({ email: z.email().max(254) }),
        response: { 202: MessageSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await registration.resendVerification(request.body.email)),
  );
};
