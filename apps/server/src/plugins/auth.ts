import { ForbiddenBodySchema, type Permission, permissionKey } from '@lading/contract/access';
import type { ApiClientScope } from '@lading/contract/api-clients';
import { ErrorBodySchema } from '@lading/contract/errors';
import { MFA_ENROLMENT_MESSAGE } from '@lading/contract/second-factor';
import { BACKGROUND_HEADER, IDLE_REMAINING_HEADER } from '@lading/contract/sessions';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { AppError } from '../lib/app-error';
import { API_CLIENT_SCOPE_PERMISSIONS, createPrincipal, type Principal } from '../lib/principal';
import {
  type Access,
  type AccessTokenVerifier,
  bearerTokenOf,
  type EnrolmentSessionLookup,
  type PrincipalLoader,
  type SessionActivity,
} from '../lib/request';
import { securityEvent } from '../lib/security-events';
import { scrubSecrets } from './logging';

/** Activity is written at most once a minute per session: a busy screen costs no write per request. */
const TOUCH_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `register` with routes that declare nothing defaulting to public: for third-party plugins whose routes
     * we cannot annotate (the API reference viewer, the web app's static files).
     */
    registerPublic(register: () => Promise<unknown>): Promise<void>;
  }
}

const unauthenticated = (description: string) =>
  new AppError('UNAUTHENTICATED', 'Please sign in again', {
    headers: {
      'www-authenticate': `Bearer realm="lading", error="invalid_token", error_description="${description}"`,
    },
  });

export const forbiddenFor = (required: Permission) =>
  new AppError('FORBIDDEN', 'You do not have permission to do this', { required });

/**
 * An API client's token on a route that does not declare an API-client scope, or declares one the token lacks
 * (RFC 6750 3.1: `insufficient_scope`, naming the scope that would do).
 */
const refusedToApiClient = (access: Access, scope: ApiClientScope | undefined) =>
  new AppError(
    'FORBIDDEN',
    scope
      ? `This API client's token does not hold the scope ${scope}`
      : 'API clients may not call this route: it is for signed-in users only',
    {
      ...(typeof access === 'object' ? { required: access } : {}),
      ...(scope
        ? {
            details: { scope },
            headers: {
              'www-authenticate': `Bearer realm="lading", error="insufficient_scope", scope="${scope}"`,
            },
          }
        : {}),
    },
  );

/**
 * What the auth hook records of an API client's call (decision 025): one audit row per call, written before the
 * answer leaves, so a call that cannot be recorded is not answered with data.
 */
export type ApiClientCallRecorder = (
  principal: Principal,
  call: { method: string; url: string; statusCode: number },
) => Promise<void>;

export type RegisteredRoute = {
  method: string;
  url: string;
  access: Access | undefined;
  /** The API-client scope that opens the route to a company's API client (decision 025), if any. */
  apiClientScope: ApiClientScope | undefined;
  /** Also open to a session that must set up a second factor first (`config.enrolment`, decision 023). */
  enrolment: boolean;
  /** The route's schemas (zod: params, querystring, body, response); the hostile-input property test reads them. */
  schema: FastifySchema | undefined;
};

/**
 * The answers every route with input can give besides its own, documented from the route itself so the OpenAPI
 * document says what the server does: a 400 when it reads a body, query or path parameters (the validator names the
 * field), a 429 when it declares a per-address limit.
 */
function withInputRefusals(route: RouteOptions): Record<string, unknown> {
  const schema = route.schema ?? {};
  const response = { ...(schema.response as Record<string, unknown>) };
  if ((schema.body || schema.querystring || schema.params) && !response[400]) response[400] = ErrorBodySchema;
  if (route.config?.rateLimit && !response[429]) response[429] = ErrorBodySchema;
  return response;
}

/**
 * The one access hook. Every route declares its access; `assertEveryRouteDeclaresAccess` (called at the end of
 * buildApp) refuses to build an app with a route that does not, so a forgotten check cannot ship. The hook runs at
 * onRequest, before the body is read or validated: a caller without the permission learns nothing of the schema.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: {
    verify: AccessTokenVerifier;
    loadPrincipal: PrincipalLoader;
    /** Idle sessions end (SESSION_IDLE_MINUTES); each signed-in call the user makes moves the end on. */
    session?: SessionActivity;
    /** Records each call an API client makes (the audit trail); without it, API-client tokens are refused. */
    recordApiClientCall?: ApiClientCallRecorder;
    /** A session that may only set up a second factor, by its cookie (decision 023). */
    enrolmentSession?: EnrolmentSessionLookup;
  },
): { routes: RegisteredRoute[] } {
  app.decorateRequest('principal', null);
  const options: RouteOptions[] = [];
  let publicByDefault = false;
  app.addHook('onRoute', (route) => {
    if (publicByDefault && route.config?.access === undefined)
      route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    if (access !== undefined && access !== 'public' && route.schema) {
      // Documented in the OpenAPI from the declaration itself; refusals answer the shapes declared here.
      const needs = access === 'signed-in' ? 'any signed-in user' : `permission ${permissionKey(access)}`;
      const clients = route.config?.apiClientScope
        ? ` Company API clients: scope ${route.config.apiClientScope}.`
        : '';
      const enrolment = route.config?.enrolment
        ? ' Also open to a session that must set up a second factor first (its session cookie, no token).'
        : '';
      route.schema = {
        ...route.schema,
        description: [route.schema.description, `Access: ${needs}.${clients}${enrolment}`]
          .filter(Boolean)
          .join(' '),
        security: [{ bearer: [] }],
        ...(route.schema.response
          ? { response: { 401: ErrorBodySchema, ...route.schema.response, 403: ForbiddenBodySchema } }
          : {}),
      };
    }
    if (route.schema?.response) route.schema = { ...route.schema, response: withInputRefusals(route) };
    options.push(route);
  });
  app.decorate('registerPublic', async (register: () => Promise<unknown>) => {
    publicByDefault = true;
    try {
      await register();
    } finally {
      publicByDefault = false;
    }
  });

  const authenticate = async (request: FastifyRequest, reply: FastifyReply): Promise<Principal> => {
    if (request.principal) return request.principal;
    const bearer = bearerTokenOf(request);
    if (!bearer) {
      // A session that may only set up a second factor: the enrolment routes know it by its cookie, the others
      // refuse it with a code of its own (decision 023).
      const enrolment = deps.enrolmentSession ? await deps.enrolmentSession(request) : null;
      if (enrolment) {
        if (request.routeOptions.config?.enrolment !== true) {
          securityEvent(request.log, 'access.refused', {
            userId: enrolment.userId,
            reason: 'MFA_ENROLMENT_REQUIRED',
          });
          throw new AppError('MFA_ENROLMENT_REQUIRED', MFA_ENROLMENT_MESSAGE);
        }
        const data = await deps.loadPrincipal(enrolment.userId);
        if (data) {
          request.principal = createPrincipal(data, {
            requestId: request.id,
            sessionId: enrolment.sessionId,
            enrolmentOnly: true,
          });
          return request.principal;
        }
      }
      throw new AppError('UNAUTHENTICATED', 'Please sign in', {
        headers: { 'www-authenticate': 'Bearer realm="lading"' },
      });
    }
    const token = await deps.verify(bearer);
    const data = !token
      ? null
      : token.principal !== undefined
        ? token.principal
        : await deps.loadPrincipal(token.userId);
    if (!token || !data || (data.apiClient && !deps.recordApiClientCall)) {
      securityEvent(request.log, 'session.refused', { reason: 'invalid_token' });
      throw unauthenticated('The access token is invalid, expired or revoked');
    }
    if (token.session && deps.session) {
      const { session } = token;
      const background =
        request.routeOptions.config?.background === true || request.headers[BACKGROUND_HEADER] === '1';
      const now = Date.now();
      const idleMs = deps.session.idleMinutes * 60_000;
      if (now >= session.endsAt.getTime()) {
        securityEvent(request.log, 'session.refused', { userId: token.userId, reason: 'absolute-end' });
        throw unauthenticated('The session has ended');
      }
      // A token kept by the principal cache knows the activity of when it was read: ask the database before refusing.
      if (now - session.lastActiveAt.getTime() >= idleMs) {
        const fresh = await deps.session.lastActiveOf(session.id);
        if (!fresh || now - fresh.getTime() >= idleMs) {
          securityEvent(request.log, 'session.refused', { userId: token.userId, reason: 'idle' });
          throw unauthenticated('The session has ended');
        }
        session.lastActiveAt = fresh;
      }
      if (!background && now - session.lastActiveAt.getTime() >= TOUCH_EVERY_MS) {
        await deps.session.touch(session.id, request.ip);
        // The verified token may be kept by the principal cache: it now carries the new activity.
        session.lastActiveAt = new Date(now);
      }
      const idleEndsAt = session.lastActiveAt.getTime() + idleMs;
      reply.header(IDLE_REMAINING_HEADER, String(Math.max(0, Math.floor((idleEndsAt - now) / 1000))));
    }
    request.principal = createPrincipal(data, {
      requestId: request.id,
      grantId: token.grantId,
      sessionId: token.session?.id,
    });
    return request.principal;
  };

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    const principal = await authenticate(request, reply);
    if (principal.apiClient) {
      // A company's API client reaches only the reads that declare one of its token's scopes (decision 025).
      const scope = request.routeOptions.config?.apiClientScope;
      if (!scope || !principal.apiClient.scopes.includes(scope)) {
        securityEvent(request.log, 'access.refused', {
          apiClientId: principal.apiClient.id,
          required: scope ?? 'a route open to API clients',
        });
        throw refusedToApiClient(access, scope);
      }
    }
    if (access !== 'signed-in' && !principal.can(access)) {
      securityEvent(request.log, 'access.refused', {
        userId: principal.userId,
        required: permissionKey(access),
      });
      throw forbiddenFor(access);
    }
  });

  // Every call an API client makes is in the audit trail, refusals included; the row is written before the answer
  // leaves. The error answer of a failed write passes here again: the set lets it through.
  const recorded = new WeakSet<FastifyRequest>();
  app.addHook('onSend', async (request, reply) => {
    const principal = request.principal;
    if (!principal?.apiClient || !deps.recordApiClientCall || recorded.has(request)) return;
    recorded.add(request);
    await deps.recordApiClientCall(principal, {
      method: request.method,
      // As the log has it: a secret sent in the query string (a token, a client secret) is not kept.
      url: scrubSecrets(request.url),
      statusCode: reply.statusCode,
    });
  });

  return {
    get routes() {
      return options.map((route) => ({
        method: Array.isArray(route.method) ? route.method.join(',') : String(route.method),
        url: route.url,
        access: route.config?.access,
        apiClientScope: route.config?.apiClientScope,
        enrolment: route.config?.enrolment === true,
        schema: route.schema,
      }));
    },
  };
}

/** Fails when a route has no access declaration, naming every such route. */
export function assertEveryRouteDeclaresAccess(routes: RegisteredRoute[]): void {
  const missing = routes.filter((route) => route.access === undefined);
  if (missing.length) {
    throw new Error(
      `Every route must declare who may call it (config.access); missing on: ${missing
        .map((route) => `${route.method} ${route.url}`)
        .join(', ')}`,
    );
  }
  // An API client reads: a route open to one is a GET (HEAD is Fastify's copy of it) whose permission its scope grants.
  const misdeclared = routes.filter((route) => {
    if (route.apiClientScope === undefined) return false;
    const { access } = route;
    const granted = API_CLIENT_SCOPE_PERMISSIONS[route.apiClientScope] ?? [];
    return (
      !['GET', 'HEAD'].includes(route.method) ||
      typeof access !== 'object' ||
      !granted.some((permission) => permissionKey(permission) === permissionKey(access))
    );
  });
  if (misdeclared.length) {
    throw new Error(
      `Only a GET route whose permission the scope grants may be opened to API clients (config.apiClientScope); not: ${misdeclared
        .map((route) => `${route.method} ${route.url} (${route.apiClientScope})`)
        .join(', ')}`,
    );
  }
}
