import { timingSafeEqual } from 'node:crypto';
import { PORTAL_CLIENT_ID, PORTAL_REDIRECT_PATH } from '@lading/contract/accounts';
import { API_CLIENT_SCOPES } from '@lading/contract/api-clients';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Keygrip from 'keygrip';
import Provider, { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { ApiClientDirectory } from '../../lib/request';
import { hashToken } from '../../lib/secret-tokens';
import { attachGrantToSession } from './identity.repository';
import { createOidcAdapterFactory } from './oidc-adapter';
import { findActiveSession, sessionCookieName, sessionPolicyOf } from './sessions';
import { loadSigningKey } from './signing-keys';

/** Paths of the specification (section 7), trailing slashes included; the rest are ours. */
export const OAUTH_PATHS = {
  authorization: '/authenticate/o/authorize/',
  token: '/authenticate/oauth/token/',
  revocation: '/authenticate/oauth/revoke/',
  jwks: '/authenticate/oauth/jwks/',
  end_session: '/authenticate/oauth/session/end/',
  userinfo: '/authenticate/oauth/userinfo/',
  introspection: '/authenticate/oauth/introspect/',
  interaction: '/authenticate/interaction/',
} as const;

const ACCESS_TOKEN_TTL_S = 15 * 60;
const REFRESH_TOKEN_TTL_S = 14 * 24 * 60 * 60;
/** A company API client's token (client-credentials grant): ten minutes, never past the client's expiry. */
const CLIENT_CREDENTIALS_TTL_S = 10 * 60;

/**
 * The authorization server (oidc-provider): the portal itself, a public client with authorization code + PKCE
 * (S256 only), single-use 60-second codes, rotating refresh tokens. Who the user is comes from the portal
 * session cookie that POST authenticate/oauth/login/ sets; the provider's own session is bound to it.
 * Companies' API clients (`clients`, decision 025) are confidential clients of the client-credentials grant only,
 * with read scopes (`API_CLIENT_SCOPES`); their secrets are compared by hash.
 */
export async function createOAuthProvider(
  env: Env,
  db: Db,
  log: FastifyBaseLogger,
  clients?: ApiClientDirectory,
) {
  const cookieName = sessionCookieName(env.publicUrl);
  const { idleMinutes } = sessionPolicyOf(env);
  // Shared by every instance through the database (sealed with SESSION_SECRET), so any instance verifies any ID token.
  const signingKey = await loadSigningKey(db, env.sessionSecret);

  const policy = interactionPolicy.base();
  // Ask our interaction route to confirm the user whenever the provider's session is not the portal session's user.
  policy.get('login')!.checks.add(
    new interactionPolicy.Check(
      'portal_session',
      'the portal session decides who is signed in',
      async (ctx) => {
        const session = await findActiveSession(db, ctx.cookies.get(cookieName), idleMinutes);
        if (!session) return interactionPolicy.Check.REQUEST_PROMPT;
        return ctx.oidc.session?.accountId === String(session.userId)
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT;
      },
    ),
  );

  const provider = new Provider(env.publicUrl, {
    adapter: createOidcAdapterFactory(db, idleMinutes, clients),
    clients: [
      {
        client_id: PORTAL_CLIENT_ID,
        client_name: 'Lading portal',
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${env.publicUrl}${PORTAL_REDIRECT_PATH}`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        id_token_signed_response_alg: 'ES256',
        // The API clients' scopes are not the portal's to ask for.
        scope: 'openid offline_access',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: {
      // HMAC-SHA256 signatures (Keygrip's default would be SHA-1).
      keys: new Keygrip([env.sessionSecret], 'sha256') as unknown as string[],
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    pkce: { required: () => true },
    routes: {
      authorization: OAUTH_PATHS.authorization,
      token: OAUTH_PATHS.token,
      revocation: OAUTH_PATHS.revocation,
      jwks: OAUTH_PATHS.jwks,
      end_session: OAUTH_PATHS.end_session,
      userinfo: OAUTH_PATHS.userinfo,
      introspection: OAUTH_PATHS.introspection,
    },
    scopes: ['openid', 'offline_access', ...API_CLIENT_SCOPES],
    claims: { openid: ['sub'] },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: ACCESS_TOKEN_TTL_S,
      RefreshToken: REFRESH_TOKEN_TTL_S,
      Grant: REFRESH_TOKEN_TTL_S,
      Session: REFRESH_TOKEN_TTL_S,
      Interaction: 10 * 60,
      IdToken: ACCESS_TOKEN_TTL_S,
      ClientCredentials: (_ctx, _token, client) =>
        Math.max(
          1,
          Math.min(
            CLIENT_CREDENTIALS_TTL_S,
            (client.clientSecretExpiresAt ?? Number.POSITIVE_INFINITY) - Math.floor(Date.now() / 1000),
          ),
        ),
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      clientCredentials: { enabled: Boolean(clients) },
    },
    responseTypes: ['code'],
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    interactions: {
      policy,
      url: (_ctx, interaction) => `${OAUTH_PATHS.interaction}${interaction.uid}/`,
    },
    // The portal is first-party: no consent screen. Every authorization gets its own grant, so signing out on
    // one device revokes that device's tokens only.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: ctx.oidc.client!.clientId });
      const requested = ctx.oidc.params?.scope;
      if (typeof requested === 'string' && requested) grant.addOIDCScope(requested);
      await grant.save();
      const session = await findActiveSession(db, ctx.cookies.get(cookieName), idleMinutes);
      if (session && grant.jti) await attachGrantToSession(db, session.idHash, grant.jti);
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    rotateRefreshToken: () => true,
    allowOmittingSingleRegisteredRedirectUri: false,
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      const safe = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error · Lading</title></head><body><main><h1>Sign-in error</h1><p>${safe(out.error)}: ${safe(out.error_description ?? '')}</p><p><a href="/app-login">Back to sign in</a></p></main></body></html>`;
    },
  });
  // API clients' secrets are stored as their SHA-256 (lib/secret-tokens.ts), which the adapter gives the provider as
  // the client's secret: compare the hash of what the client sent, in constant time. The provider's maintainer points
  // to this method for hashed secrets (panva/node-oidc-provider#631); it also rules out the secret-keyed features
  // (client_secret_jwt, HS* signing), which no client here uses. The portal is a public client: never compared.
  provider.Client.prototype.compareClientSecret = function compareHashed(
    this: { clientSecret?: string },
    actual,
  ) {
    const expected = Buffer.from(this.clientSecret ?? '');
    const given = Buffer.from(hashToken(String(actual)));
    return expected.length > 0 && expected.length === given.length && timingSafeEqual(expected, given);
  };
  // The provider reads the scheme, host and client address from X-Forwarded-* only; `delegate` below always sets them
  // from what Fastify decided under TRUST_PROXY, so a client can never choose them.
  provider.proxy = true;
  // The specification's client sends no scope; the provider grants nothing without one. Default it to openid.
  provider.use(async (ctx, next) => {
    if (ctx.path === OAUTH_PATHS.authorization && ctx.method === 'GET' && !ctx.query.scope) {
      ctx.query = { ...ctx.query, scope: 'openid' };
    }
    await next();
  });

  // A refused token request answers the client with its reason; the log keeps it too (never the code or token).
  provider.on('grant.error', (_ctx, error) =>
    log.warn({ oauthError: error.error, description: error.error_description }, 'token request refused'),
  );
  provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'authorization server error'));

  return { provider, cookieName };
}

export type OAuthProvider = Awaited<ReturnType<typeof createOAuthProvider>>['provider'];

/** Hands the provider's paths to its Koa app, untouched: no body parsing here, the provider reads the stream itself. */
export async function mountOAuthProvider(app: FastifyInstance, provider: OAuthProvider): Promise<void> {
  const handler = provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const delegate = async (request: FastifyRequest, reply: FastifyReply) => {
      // Whatever the client sent as X-Forwarded-*, the provider sees Fastify's verdict (TRUST_PROXY decides).
      request.raw.headers['x-forwarded-proto'] = request.protocol;
      request.raw.headers['x-forwarded-host'] = request.host;
      request.raw.headers['x-forwarded-for'] = request.ip;
      reply.hijack();
      reply.raw.setHeader('x-request-id', request.id);
      await handler(request.raw, reply.raw);
    };
    // The provider's own endpoints are public: it authenticates clients, codes and tokens itself.
    const hide = { schema: { hide: true }, config: { access: 'public' as const } };
    // GET only: the provider's HTTP POST methods (form-posted authorization requests) are not enabled.
    scope.get(OAUTH_PATHS.authorization, hide, delegate);
    scope.get(`${OAUTH_PATHS.authorization}*`, hide, delegate);
    scope.post(OAUTH_PATHS.token, hide, delegate);
    scope.post(OAUTH_PATHS.revocation, hide, delegate);
    scope.get(OAUTH_PATHS.jwks, hide, delegate);
    scope.route({ method: ['GET', 'POST'], url: `${OAUTH_PATHS.end_session}*`, ...hide, handler: delegate });
    scope.get('/.well-known/openid-configuration', hide, delegate);
  });
}
