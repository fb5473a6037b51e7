import { LoginFormSchema, type User, UserSchema } from '@lading/contract/accounts';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import {
  MfaAnswerSchema,
  MfaEnrolmentRequiredSchema,
  MfaRequiredSchema,
  MfaStatusSchema,
  PasskeyAddedSchema,
  PasskeyAuthenticationOptionsSchema,
  PasskeyRegistrationBodySchema,
  PasskeyRegistrationOptionsSchema,
  PasskeyRemoveBodySchema,
  PasskeyRenameBodySchema,
  PasskeySchema,
  PasskeySignInBodySchema,
  RecoveryCodesSchema,
  TotpConfirmBodySchema,
  TotpDisableBodySchema,
  TotpEnrolmentSchema,
} from '@lading/contract/second-factor';
import { SessionIdParamsSchema, SessionSchema, SessionsEndedSchema } from '@lading/contract/sessions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { bearerTokenOf, principalOf } from '../../lib/request';
import { securityEvent } from '../../lib/security-events';
import type { IdentityService } from './identity.service';
import { OAUTH_PATHS } from './oauth-provider';

type Options = { identity: IdentityService; cookieName: string; deviceCookieName: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route that sets up a second factor: an account that must enrol before it may work (staff) may call it with
     * the session it gets until it has (the passkey registration routes and the list).
     */
    enrolment?: boolean;
  }
}

/** The device cookie lives about as long as browsers allow (400 days). */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

const tags = ['accounts'];
/** oidc-provider's own session cookies; a new portal sign-in or sign-out drops them so the provider follows the portal session. */
const PROVIDER_SESSION_COOKIES = ['_session', '_session.sig', '_session.legacy', '_session.legacy.sig'];

const dropProviderSessionCookies = (request: FastifyRequest, reply: FastifyReply) => {
  for (const name of PROVIDER_SESSION_COOKIES)
    if (request.cookies[name]) reply.clearCookie(name, { path: '/' });
};

export const identityRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { identity, cookieName, deviceCookieName },
) => {
  const cookie = {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieName.startsWith('__Host-'),
    path: '/',
  } as const;
  /** The half-done sign-in awaiting its second step (5 minutes). */
  const challengeCookieName = cookieName.replace('sid', 'mfa');
  /** A sign-in with a passkey in place of the password, between its options and its assertion (5 minutes). */
  const passkeyCookieName = cookieName.replace('sid', 'pk');
  const browserOf = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'],
    sessionCookie: request.cookies[cookieName],
    ip: request.ip,
    deviceCookie: request.cookies[deviceCookieName],
  });
  /** Sets the cookies of a session that has started and answers the user. */
  const started = (
    request: FastifyRequest,
    reply: FastifyReply,
    result: { user: User; sessionCookie: string; lifetimeMs: number; deviceCookie: string },
  ) => {
    securityEvent(request.log, 'sign-in.succeeded', { userId: result.user.id });
    dropProviderSessionCookies(request, reply);
    reply.setCookie(cookieName, result.sessionCookie, {
      ...cookie,
      maxAge: Math.floor(result.lifetimeMs / 1000),
    });
    reply.setCookie(deviceCookieName, result.deviceCookie, { ...cookie, maxAge: DEVICE_COOKIE_MAX_AGE_S });
    return result.user;
  };

  /** Sets the cookie of a session that may only set up a second factor (decision 023). */
  const enrolmentDue = (
    request: FastifyRequest,
    reply: FastifyReply,
    result: { userId: number; sessionCookie: string; lifetimeMs: number },
  ) => {
    securityEvent(request.log, 'sign-in.enrolment-due', { userId: result.userId });
    dropProviderSessionCookies(request, reply);
    reply.setCookie(cookieName, result.sessionCookie, {
      ...cookie,
      maxAge: Math.floor(result.lifetimeMs / 1000),
    });
    return { mfaEnrolmentRequired: true as const };
  };

  app.post(
    '/authenticate/oauth/login/',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Sign in: sets the portal session cookie and returns the user; with a second factor, answers mfaRequired',
        description:
          'Form fields username (or e-mail), password, client_id. Follow with the authorization code flow. An account whose roles require a second factor and that has none answers mfaEnrolmentRequired: its session may only set one up (the routes marked so) or sign out, and gets no authorization until the factor is confirmed.',
        body: LoginFormSchema,
        response: {
          200: z.union([UserSchema, MfaRequiredSchema, MfaEnrolmentRequiredSchema]),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const browser = browserOf(request);
      const result = await identity.signIn(request.body, browser).catch((error: unknown) => {
        const code = error instanceof AppError ? error.code : 'ERROR';
        securityEvent(request.log, code === 'RATE_LIMITED' ? 'sign-in.throttled' : 'sign-in.failed', {
          login: request.body.username.trim().slice(0, 100),
          reason: code,
        });
        throw error;
      });
      if (result.kind === 'mfa') {
        securityEvent(request.log, 'sign-in.second-step-due', {
          login: request.body.username.trim().slice(0, 100),
        });
        reply.setCookie(challengeCookieName, result.challengeCookie, { ...cookie, maxAge: 5 * 60 });
        return { mfaRequired: true as const, methods: result.methods };
      }
      if (result.kind === 'enrol') return enrolmentDue(request, reply, result);
      return started(request, reply, result);
    },
  );

  app.post(
    '/authenticate/oauth/login/mfa/',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Sign in, second step: a code from the authenticator app, a recovery code or a passkey starts the session',
        description:
          "After POST authenticate/oauth/login/ answered mfaRequired (its cookie names the half-done sign-in, for 5 minutes). Exactly one of { code }, { recoveryCode } or { webauthn } (a passkey's assertion for the options of POST authenticate/oauth/login/mfa/webauthn-options/). Wrong answers count toward the account throttle like wrong passwords.",
        body: MfaAnswerSchema,
        response: { 200: UserSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await identity
        .finishSecondStep(request.cookies[challengeCookieName], request.body, browserOf(request))
        .catch((error: unknown) => {
          const code = error instanceof AppError ? error.code : 'ERROR';
          securityEvent(request.log, code === 'RATE_LIMITED' ? 'sign-in.throttled' : 'second-factor.failed', {
            reason: code,
          });
          throw error;
        });
      reply.clearCookie(challengeCookieName, cookie);
      securityEvent(request.log, 'second-factor.succeeded', {
        userId: result.user.id,
        reason:
          request.body.webauthn !== undefined
            ? 'webauthn'
            : request.body.recoveryCode !== undefined
              ? 'recovery-code'
              : 'totp',
      });
      return started(request, reply, result);
    },
  );

  app.post(
    '/authenticate/oauth/login/mfa/webauthn-options/',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign in, second step with a passkey: the options for navigator.credentials.get',
        description:
          "Under the half-done sign-in's cookie (after POST authenticate/oauth/login/ answered mfaRequired with 'webauthn' among the methods). Lists the account's passkeys; user verification required; the challenge is good for 5 minutes, once. Send the assertion to POST authenticate/oauth/login/mfa/ as { webauthn }.",
        response: {
          200: PasskeyAuthenticationOptionsSchema,
          401: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => identity.secondStepPasskeyOptions(request.cookies[challengeCookieName]),
  );

  app.post(
    '/authenticate/oauth/login/passkey-options/',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign in with a passkey in place of the password: the options for navigator.credentials.get',
        description:
          'Sets a 5-minute HttpOnly cookie that binds the challenge to this browser. No passkey is listed: the authenticator offers its discoverable ones for this site. Send the assertion to POST authenticate/oauth/login/passkey/.',
        response: { 200: PasskeyAuthenticationOptionsSchema, 429: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      const { options, passkeyCookie } = await identity.passkeySignInOptions();
      reply.setCookie(passkeyCookieName, passkeyCookie, { ...cookie, maxAge: 5 * 60 });
      return options;
    },
  );

  app.post(
    '/authenticate/oauth/login/passkey/',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Sign in with a passkey in place of the password: sets the portal session cookie and returns the user',
        description:
          'The assertion of a discoverable passkey, made with user verification, for the challenge of POST authenticate/oauth/login/passkey-options/ (its cookie). It is possession and verification in one: no second step follows. Answers as POST authenticate/oauth/login/ does; follow with the authorization code flow. Wrong assertions count toward the account throttle like wrong passwords.',
        body: PasskeySignInBodySchema,
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
      const result = await identity
        .signInWithPasskey(request.cookies[passkeyCookieName], request.body.webauthn, browserOf(request))
        .catch((error: unknown) => {
          const code = error instanceof AppError ? error.code : 'ERROR';
          securityEvent(request.log, code === 'RATE_LIMITED' ? 'sign-in.throttled' : 'sign-in.failed', {
            reason: `passkey: ${code}`,
          });
          throw error;
        });
      reply.clearCookie(passkeyCookieName, cookie);
      securityEvent(request.log, 'second-factor.succeeded', {
        userId: result.user.id,
        reason: 'passkey-sign-in',
      });
      return started(request, reply, result);
    },
  );

  app.get(
    '/authenticate/oauth/mfa/',
    {
      config: { access: 'signed-in', enrolment: true },
      schema: { tags, summary: "The caller's second factors", response: { 200: MfaStatusSchema } },
    },
    async (request) => identity.secondFactorStatus(principalOf(request)),
  );

  app.post(
    '/authenticate/oauth/mfa/totp/',
    {
      config: { access: 'signed-in', enrolment: true },
      schema: {
        tags,
        summary:
          'Set up an authenticator app: a new secret and its otpauth:// URI (confirm with a first code)',
        response: { 200: TotpEnrolmentSchema, 409: ErrorBodySchema },
      },
    },
    async (request) => identity.startTotp(principalOf(request)),
  );

  app.post(
    '/authenticate/oauth/mfa/totp/confirm/',
    {
      config: { access: 'signed-in', enrolment: true },
      schema: {
        tags,
        summary: 'Confirm the authenticator app with a first code: answers ten recovery codes, shown once',
        description:
          'From a session that had to set up a second factor first, the confirmation also completes the sign-in: a new, full session cookie, and `user` as the login answers it.',
        body: TotpConfirmBodySchema,
        response: {
          200: RecoveryCodesSchema,
          400: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      const answer = await identity.confirmTotp(caller, request.body.code);
      securityEvent(request.log, 'second-factor.added', { userId: caller.userId, reason: 'totp' });
      if (!caller.enrolmentOnly) return answer;
      // The enrolment session is replaced by a full one: the sign-in it was part of completes.
      const user = started(request, reply, await identity.finishEnrolment(caller, browserOf(request)));
      return { ...answer, user };
    },
  );

  app.delete(
    '/authenticate/oauth/mfa/totp/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Turn the authenticator app off: needs the password and a current code',
        body: TotpDisableBodySchema,
        response: { 204: z.null(), 400: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      await identity.disableTotp(caller, request.body);
      securityEvent(request.log, 'second-factor.removed', { userId: caller.userId, reason: 'totp' });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/authenticate/oauth/mfa/webauthn/',
    {
      config: { access: 'signed-in', enrolment: true },
      schema: {
        tags,
        summary: "The caller's passkeys (name, created, last used), oldest first",
        response: { 200: z.array(PasskeySchema) },
      },
    },
    async (request) => identity.listPasskeys(principalOf(request)),
  );

  app.post(
    '/authenticate/oauth/mfa/webauthn/registration-options/',
    {
      config: { access: 'signed-in', enrolment: true },
      schema: {
        tags,
        summary: 'Add a passkey: the options for navigator.credentials.create',
        description:
          "The relying party is the portal's host name; user verification required; a discoverable credential preferred (it then signs in without the password too); the caller's passkeys excluded. The challenge is good for 5 minutes, once.",
        response: { 200: PasskeyRegistrationOptionsSchema, 409: ErrorBodySchema },
      },
    },
    async (request) => identity.passkeyRegistrationOptions(principalOf(request)),
  );

  app.post(
    '/authenticate/oauth/mfa/webauthn/',
    {
      config: { access: 'signed-in', enrolment: true },
      schema: {
        tags,
        summary: "Add a passkey: the browser's answer to the registration options, and a name for it",
        description:
          'From now on sign-in asks for a second step. An account without recovery codes left gets ten, shown once (`recoveryCodes`; empty when it keeps the ones it has). From a session that had to set up a second factor first, adding the passkey also completes the sign-in: a new, full session cookie, and `user` as the login answers it.',
        body: PasskeyRegistrationBodySchema,
        response: { 201: PasskeyAddedSchema, 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      const added = await identity.addPasskey(caller, request.body);
      securityEvent(request.log, 'second-factor.added', { userId: caller.userId, reason: 'webauthn' });
      if (!caller.enrolmentOnly) return reply.status(201).send(added);
      // As the authenticator app's confirmation: the enrolment session is replaced by a full one.
      const user = started(request, reply, await identity.finishEnrolment(caller, browserOf(request)));
      return reply.status(201).send({ ...added, user });
    },
  );

  app.patch(
    '/authenticate/oauth/mfa/webauthn/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Rename one of the caller's passkeys",
        params: IdParamsSchema,
        body: PasskeyRenameBodySchema,
        response: { 200: PasskeySchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const renamed = await identity.renamePasskey(
        principalOf(request),
        request.params.id,
        request.body.name,
      );
      if (!renamed) throw notFound('Passkey');
      return renamed;
    },
  );

  app.delete(
    '/authenticate/oauth/mfa/webauthn/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Remove one of the caller's passkeys: needs the password",
        description:
          'The passkey itself may be lost, so the password confirms it. Removing the last second factor removes the recovery codes too.',
        params: IdParamsSchema,
        body: PasskeyRemoveBodySchema,
        response: { 204: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      if (!(await identity.removePasskey(caller, request.params.id, request.body.password)))
        throw notFound('Passkey');
      securityEvent(request.log, 'second-factor.removed', { userId: caller.userId, reason: 'webauthn' });
      return reply.status(204).send(null);
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
      securityEvent(request.log, 'session.ended', { reason: 'signed-out' });
      reply.clearCookie(cookieName, cookie);
      dropProviderSessionCookies(request, reply);
      return reply.status(204).send(null);
    },
  );

  // "Where you're signed in" (ASVS V7.5.2): the caller's own live sessions, each endable.
  app.get(
    '/authenticate/oauth/sessions/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The caller's live sessions, the most recently active first; `current` marks this one",
        response: { 200: z.array(SessionSchema) },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      return identity.sessionsOf(caller.userId, caller.sessionId);
    },
  );

  app.delete(
    '/authenticate/oauth/sessions/:sessionId/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          "Ends one of the caller's sessions: its tokens stop working at once (this one too, if named)",
        params: SessionIdParamsSchema,
        response: { 204: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      const ended = await identity.endOwnSession(caller, request.params.sessionId);
      if (!ended) throw notFound('Session');
      securityEvent(request.log, 'session.ended', { userId: caller.userId, reason: 'ended-by-user' });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/authenticate/oauth/sessions/end-others/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Signs out everywhere else: ends every session of the caller but this one',
        response: { 200: SessionsEndedSchema },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const answer = await identity.endOtherSessions(caller);
      securityEvent(request.log, 'sessions.ended', {
        userId: caller.userId,
        count: answer.ended,
        reason: 'ended-by-user',
      });
      return answer;
    },
  );
};
