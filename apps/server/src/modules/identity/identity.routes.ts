import { LoginFormSchema, UserSchema } from '@lading/contract/accounts';
import { ErrorBodySchema } from '@lading/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerTokenOf } from '../../lib/request';
import type { IdentityService } from './identity.service';
import { OAUTH_PATHS } from './oauth-provider';
import { SESSION_TTL_MS } from './sessions';

type Options = { identity: IdentityService; cookieName: string };

const tags = ['accounts'];
/** oidc-provider's own session cookies; a new portal sign-in or sign-out drops them so the provider follows the portal session. */
const PROVIDER_SESSION_COOKIES = ['_session', '_session.sig', '_session.legacy', '_session.legacy.sig'];

const dropProviderSessionCookies = (request: FastifyRequest, reply: FastifyReply) => {
  for (const name of PROVIDER_SESSION_COOKIES)
    if (request.cookies[name]) reply.clearCookie(name, { path: '/' });
};

export const identityRoutes: FastifyPluginAsyncZod<Options> = async (app, { identity, cookieName }) => {
  const cookie = {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieName.startsWith('__Host-'),
    path: '/',
  } as const;

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
      const { user, sessionCookie } = await identity.signIn(request.body, {
        userAgent: request.headers['user-agent'],
        sessionCookie: request.cookies[cookieName],
      });
      dropProviderSessionCookies(request, reply);
      reply.setCookie(cookieName, sessionCookie, { ...cookie, maxAge: SESSION_TTL_MS / 1000 });
      return user;
    },
  );

  // oidc-provider sends the browser here when it needs to know who is signing in; the portal session answers.
  app.get(
    `${OAUTH_PATHS.interaction}:uid/`,
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ uid: z.string().max(100) }) } },
    async (request, reply) =>
      reply.redirect(
        await identity.finishInteraction(
          { req: request.raw, res: reply.raw },
          request.cookies[cookieName],
          request.log,
        ),
        303,
      ),
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
      await identity.signOut(request.cookies[cookieName], bearerTokenOf(request));
      reply.clearCookie(cookieName, cookie);
      dropProviderSessionCookies(request, reply);
      return reply.status(204).send(null);
    },
  );
};
