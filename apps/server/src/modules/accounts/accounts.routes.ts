import {
  ACCOUNT_MESSAGES,
  LoginFormSchema,
  PASSWORD_MAX,
  PORTAL_CLIENT_ID,
  SignUpBodySchema,
  UpdateProfileBodySchema,
  UserProfileSchema,
  UserSchema,
  VerifyEmailResponseSchema,
} from '@lading/contract/accounts';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import type { FastifySchemaValidationError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { bearerTokenOf, principalOf } from '../../lib/request';
import type { AccountsService } from './accounts.service';
import { OAUTH_PATHS, type OAuthProvider } from './oauth-provider';
import { findActiveSession, SESSION_TTL_MS } from './sessions';

type Options = {
  accounts: AccountsService;
  provider: OAuthProvider;
  cookieName: string;
  revokeGrant: (grantId: string) => Promise<void>;
};

const MessageSchema = z.object({ message: z.string() });
const FlatErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
const TokenBody = z.object({ token: z.string().min(16).max(200) });
const EmailBody = z.object({ email: z.email().max(254) });
const tags = ['accounts'];
/** oidc-provider's own session cookies; a new portal sign-in or sign-out drops them so the provider follows the portal session. */
const PROVIDER_SESSION_COOKIES = ['_session', '_session.sig', '_session.legacy', '_session.legacy.sig'];

export const accountsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { accounts, provider, cookieName, revokeGrant },
) => {
  const secureCookie = cookieName.startsWith('__Host-');

  app.post(
    '/authenticate/oauth/users/create-cp-users/',
    {
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
    async (request, reply) => {
      if (request.validationError) {
        // Section 8: an invalid e-mail says "Invalid Email"; anything else missing says "Please fill all required fields".
        const issues: FastifySchemaValidationError[] = request.validationError.validation;
        const emailIssue = issues.some((issue) => issue.instancePath === '/email');
        const message = emailIssue ? ACCOUNT_MESSAGES.invalidEmail : ACCOUNT_MESSAGES.signUpRequired;
        const fields = Object.fromEntries(
          issues.map((issue) => [
            issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
            issue.message ?? 'is invalid',
          ]),
        );
        throw new AppError('VALIDATION_FAILED', message, { fields, flat: true });
      }
      await accounts.signUp(request.body);
      return reply.status(201).send({ message: ACCOUNT_MESSAGES.signUpSuccess });
    },
  );

  app.post(
    '/authenticate/oauth/users/verify-email/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Verify the e-mail address with the link token',
        body: TokenBody,
        response: { 200: VerifyEmailResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      const outcome = await accounts.verifyEmail(request.body.token);
      return outcome === 'verified'
        ? { message: ACCOUNT_MESSAGES.emailVerified, alreadyVerified: false }
        : { message: ACCOUNT_MESSAGES.emailAlreadyVerified, alreadyVerified: true };
    },
  );

  app.post(
    '/authenticate/oauth/users/resend-verification/',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Send a new verification link (same answer for any address)',
        body: EmailBody,
        response: { 202: MessageSchema },
      },
    },
    async (request, reply) => {
      await accounts.resendVerification(request.body.email);
      return reply.status(202).send({ message: ACCOUNT_MESSAGES.verificationSent });
    },
  );

  app.post(
    '/authenticate/oauth/login/',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign in: sets the portal session cookie and returns the user',
        description:
          'Form fields username (or e-mail), password, client_id. Follow with the authorization code flow.',
        body: LoginFormSchema,
        response: {
          200: UserSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (request.body.client_id !== PORTAL_CLIENT_ID)
        throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.invalidCredentials);
      const { user, sessionCookie } = await accounts.login(request.body, request.headers['user-agent']);
      // A sign-in replaces the browser's previous session, if any: it ends, and every grant it had is revoked.
      if (request.cookies[cookieName])
        await accounts.logout(request.cookies[cookieName], undefined, revokeGrant);
      for (const name of PROVIDER_SESSION_COOKIES)
        if (request.cookies[name]) reply.clearCookie(name, { path: '/' });
      reply.setCookie(cookieName, sessionCookie, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie,
        path: '/',
        maxAge: SESSION_TTL_MS / 1000,
      });
      reply.header('cache-control', 'no-store');
      return user;
    },
  );

  // oidc-provider sends the browser here when it needs to know who is signing in; the portal session answers.
  app.get(
    `${OAUTH_PATHS.interaction}:uid/`,
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ uid: z.string().max(100) }) } },
    async (request, reply) => {
      reply.hijack();
      try {
        await provider.interactionDetails(request.raw, reply.raw);
        const session = await findActiveSession(app.ctx.database.db, request.cookies[cookieName]);
        const result = session
          ? { login: { accountId: String(session.userId) } }
          : { error: 'login_required', error_description: 'Sign in to the portal first' };
        await provider.interactionFinished(request.raw, reply.raw, result, {
          mergeWithLastSubmission: false,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'interaction failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(400, { 'content-type': 'application/json' });
          reply.raw.end(
            JSON.stringify({
              error: {
                code: 'VALIDATION_FAILED',
                message: 'This sign-in request has expired. Please sign in again.',
                fields: { uid: 'is unknown or has expired' },
              },
            }),
          );
        }
      }
    },
  );

  app.post(
    '/authenticate/oauth/logout/',
    {
      // Public: it ends whatever session cookie and token came with it, and answers 204 either way.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign out: revokes the tokens and ends the session',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      let grantId: string | undefined;
      const bearer = bearerTokenOf(request);
      if (bearer) grantId = (await provider.AccessToken.find(bearer))?.grantId;
      await accounts.logout(request.cookies[cookieName], grantId, revokeGrant);
      reply.clearCookie(cookieName, { path: '/', secure: secureCookie, httpOnly: true, sameSite: 'lax' });
      for (const name of PROVIDER_SESSION_COOKIES)
        if (request.cookies[name]) reply.clearCookie(name, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/authenticate/oauth/users/check-first-login/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Whether the user still has to complete the profile',
        querystring: IdParamsSchema,
        response: { 200: z.object({ isFirstLogin: z.boolean() }) },
      },
    },
    async (request) => accounts.checkFirstLogin(principalOf(request), request.query.id),
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
    async (request) => accounts.getUserProfile(principalOf(request), request.params.id),
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
    async (request) => accounts.updateProfile(principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/authenticate/oauth/users/forgot-password/',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'E-mail a single-use, 30-minute reset link (same answer for any address)',
        body: EmailBody,
        response: { 202: MessageSchema },
      },
    },
    async (request, reply) => {
      await accounts.forgotPassword(request.body.email);
      return reply.status(202).send({ message: ACCOUNT_MESSAGES.resetRequested });
    },
  );

  app.post(
    '/authenticate/oauth/users/reset-password/',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Set a new password with the reset link token; ends every session',
        body: TokenBody.extend({
          password: z
            .string()
            .min(1)
            .max(PASSWORD_MAX * 4),
        }),
        response: { 200: MessageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return { message: ACCOUNT_MESSAGES.passwordReset };
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
        body: z.object({
          current_password: z.string().min(1).max(1024),
          new_password: z
            .string()
            .min(1)
            .max(PASSWORD_MAX * 4),
        }),
        response: { 200: MessageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      await accounts.changePassword(
        principalOf(request),
        request.params.id,
        request.body.current_password,
        request.body.new_password,
      );
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );
};
