import type { AccessTokenVerifier, ApiClientDirectory } from '../../lib/request';
import type { OAuthProvider } from './oauth-provider';
import { withPrincipal } from './oidc-adapter';

/**
 * Bearer tokens are the authorization server's opaque access tokens; revoked or expired ones are not found. The
 * provider checks the token; the adapter reads the principal of its account in the same statement (withPrincipal).
 * A token that is no user's may be a company API client's (client-credentials grant, decision 025): its principal is
 * the client's as `clients` reads it now, so a revoked or expired client's tokens stop at once.
 */
export function createAccessTokenVerifier(
  provider: OAuthProvider,
  clients?: ApiClientDirectory,
): AccessTokenVerifier {
  return async (token) => {
    if (token.length > 200) return null;
    const {
      result: accessToken,
      principal,
      session,
    } = await withPrincipal(() => provider.AccessToken.find(token));
    if (!accessToken) return clients ? verifyClientCredentials(provider, clients, token) : null;
    if (accessToken.isExpired || !accessToken.accountId) return null;
    const userId = Number(accessToken.accountId);
    if (!Number.isSafeInteger(userId)) return null;
    // Only a principal read for this very account is used; otherwise the auth hook loads it.
    return {
      userId,
      grantId: accessToken.grantId,
      ...(typeof accessToken.exp === 'number' ? { expiresAt: accessToken.exp * 1000 } : {}),
      ...(session ? { session } : {}),
      ...(principal === null || principal?.userId === userId ? { principal } : {}),
    };
  };
}

async function verifyClientCredentials(
  provider: OAuthProvider,
  clients: ApiClientDirectory,
  token: string,
): ReturnType<AccessTokenVerifier> {
  const credentials = await provider.ClientCredentials.find(token);
  if (!credentials || credentials.isExpired || !credentials.clientId) return null;
  const principal = await clients.principalOf(credentials.clientId, credentials.scope);
  if (!principal) return null;
  return {
    userId: principal.userId,
    principal,
    ...(typeof credentials.exp === 'number' ? { expiresAt: credentials.exp * 1000 } : {}),
  };
}
