import type { Permission } from '@lading/contract/access';
import type { ApiClientScope } from '@lading/contract/api-clients';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { Principal, PrincipalData } from './principal';

/**
 * Who may call a route, declared in the route's own definition (`config: { access }`):
 * - `'public'`: anyone; no token is read.
 * - `'signed-in'`: any valid access token.
 * - a permission `{ module, resource, operation }`: a valid token whose principal holds it.
 */
export type Access = 'public' | 'signed-in' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The API-client scope that lets a company's API client call this route (decision 025); without one, a client's
     * token is refused here (403) whatever its scopes. Only a GET route whose permission the scope grants
     * (`API_CLIENT_SCOPE_PERMISSIONS`) may declare one: `buildApp` refuses any other.
     */
    apiClientScope?: ApiClientScope;
    /**
     * A call the app makes on its own (the notification stream): it does not count as the user's activity, so it
     * never keeps an idle session alive. Clients mark their own polls with `X-Lading-Background: 1`.
     */
    background?: boolean;
    /**
     * A route that sets up a second factor: also open to a session that must set one up before anything else (its
     * cookie, no token; decision 023). Every other route refuses such a session with 403 MFA_ENROLMENT_REQUIRED.
     */
    enrolment?: boolean;
  }
  interface FastifyRequest {
    /** The caller, set by the auth hook on every route that is not public. */
    principal: Principal | null;
  }
}

/**
 * Looks an access token up: the user and the grant it belongs to, or null when unknown, expired or revoked; with the
 * user's principal data when it was read along (null: no active user), else the hook loads it; and when the token
 * expires (epoch ms), when known.
 */
export type AccessTokenVerifier = (token: string) => Promise<{
  userId: number;
  grantId?: string;
  principal?: PrincipalData | null;
  expiresAt?: number;
  /** The portal session the token's grant was issued under: its public id, last activity and absolute end. */
  session?: { id: string; lastActiveAt: Date; endsAt: Date };
} | null>;

/** What the auth hook needs of the portal sessions: their idle time, and to read and record their activity. */
export type SessionActivity = {
  idleMinutes: number;
  /** Records an API call made for the user on a session (its last activity, and the client's network). */
  touch: (sessionId: string, ip: string) => Promise<void>;
  /** The session's last activity as the database has it now, or null when it is no longer live. */
  lastActiveOf: (sessionId: string) => Promise<Date | null>;
};

/**
 * The session that may only set up a second factor, named by the request's session cookie (decision 023), or null:
 * no such cookie, or a full, ended or expired session.
 */
export type EnrolmentSessionLookup = (
  request: FastifyRequest,
) => Promise<{ userId: number; sessionId: string } | null>;

/** Loads what the principal is made of for an active user, or null (deleted or deactivated). */
export type PrincipalLoader = (userId: number) => Promise<PrincipalData | null>;

/** A company's API client as the authorization server registers it (decision 025). */
export type ApiClientRegistration = {
  clientId: string;
  name: string;
  /** SHA-256 of the secret (lib/secret-tokens.ts `hashToken`): the provider compares the hash of what is sent. */
  secretHash: string;
  scopes: string[];
  expiresAt: Date;
};

/**
 * Where the authorization server and the bearer check find companies' API clients (the api-clients module, handed
 * to identity by app.ts): each reads the client as it is now, so a revoked or expired client is refused at once.
 */
export type ApiClientDirectory = {
  /** The client while it may get tokens (not revoked, not expired, its company active), else undefined. */
  findClient(clientId: string): Promise<ApiClientRegistration | undefined>;
  /**
   * The principal data of a client-credentials token's client while it may call (as `findClient`), with the token's
   * scopes narrowed to those the client holds (a token asked without `scope` carries all of them); else null.
   */
  principalOf(clientId: string, tokenScope: string | undefined): Promise<PrincipalData | null>;
};

/**
 * The access token of the request's `Authorization: Bearer <token>` header (RFC 6750 b64token), or null when there is
 * none. The one parser: the auth hook reads tokens with it, and so does sign-out (a public route, so without a
 * principal) to find the grant to revoke.
 */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return (header ? /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header)?.[1] : undefined) ?? null;
}

/** The caller of a route that is not public (the hook has already refused anonymous calls). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', 'Please sign in');
  return request.principal;
}
