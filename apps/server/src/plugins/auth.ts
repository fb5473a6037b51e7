import { ForbiddenBodySchema, type Permission, permissionKey } from '@lading/contract/access';
import { ErrorBodySchema } from '@lading/contract/errors';
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { AppError } from '../lib/app-error';
import { createPrincipal, type Principal } from '../lib/principal';
import { type Access, type AccessTokenVerifier, bearerTokenOf, type PrincipalLoader } from '../lib/request';

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

export type RegisteredRoute = {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's schemas (zod: params, querystring, body, response); the hostile-input property test reads them. */
  schema: FastifySchema | undefined;
};

/**
 * The one access hook. Every route declares its access; `assertEveryRouteDeclaresAccess` (called at the end of
 * buildApp) refuses to build an app with a route that does not, so a forgotten check cannot ship. The hook runs at
 * onRequest, before the body is read or validated: a caller without the permission learns nothing of the schema.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { verify: AccessTokenVerifier; loadPrincipal: PrincipalLoader },
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
      route.schema = {
        ...route.schema,
        description: [route.schema.description, `Access: ${needs}.`].filter(Boolean).join(' '),
        security: [{ bearer: [] }],
        ...(route.schema.response
          ? { response: { 401: ErrorBodySchema, ...route.schema.response, 403: ForbiddenBodySchema } }
          : {}),
      };
    }
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

  const authenticate = async (request: FastifyRequest): Promise<Principal> => {
    if (request.principal) return request.principal;
    const bearer = bearerTokenOf(request);
    if (!bearer) {
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
    if (!token || !data) throw unauthenticated('The access token is invalid, expired or revoked');
    request.principal = createPrincipal(data, { requestId: request.id, grantId: token.grantId });
    return request.principal;
  };

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    const principal = await authenticate(request);
    if (access !== 'signed-in' && !principal.can(access)) throw forbiddenFor(access);
  });

  return {
    get routes() {
      return options.map((route) => ({
        method: Array.isArray(route.method) ? route.method.join(',') : String(route.method),
        url: route.url,
        access: route.config?.access,
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
}
