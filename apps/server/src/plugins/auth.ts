import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/** Who is calling, as established from a bearer access token. */
export type AuthUser = {
  id: number;
  isAdmin: boolean;
  partyId: number | null;
  email: string;
  grantId?: string;
};

/** Looks an access token up; null when it is unknown, expired or revoked. */
export type AccessTokenVerifier = (token: string) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid bearer token came with the request. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 without a token, 403 for a customer. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const unauthenticated = (description: string) =>
  new AppError('UNAUTHENTICATED', 'Please sign in again', {
    headers: {
      'www-authenticate': `Bearer realm="lading", error="invalid_token", error_description="${description}"`,
    },
  });

/** The auth hook every protected route uses. Token lookup is supplied by the accounts module. */
export function registerAuth(app: FastifyInstance, verify: AccessTokenVerifier): void {
  app.decorateRequest('user', null);

  const authenticate = async (request: FastifyRequest) => {
    if (request.user) return request.user;
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header) : null;
    if (!match?.[1]) {
      throw new AppError('UNAUTHENTICATED', 'Please sign in', {
        headers: { 'www-authenticate': 'Bearer realm="lading"' },
      });
    }
    const user = await verify(match[1]);
    if (!user) throw unauthenticated('The access token is invalid, expired or revoked');
    request.user = user;
    return user;
  };

  app.decorate('requireUser', async (request: FastifyRequest) => {
    await authenticate(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await authenticate(request);
    if (!user.isAdmin) throw new AppError('FORBIDDEN', 'Only carrier staff may do this');
  });
}
