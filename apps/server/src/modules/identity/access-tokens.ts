import type { AccessTokenVerifier } from '../../lib/request';
import type { OAuthProvider } from './oauth-provider';
import { withPrincipal } from './oidc-adapter';

/**
 * Bearer tokens are the authorization server's opaque access tokens; revoked or expired ones are not found. The
 * provider checks the token; the adapter reads the principal of its account in the same statement (withPrincipal).
 */
export function createAccessTokenVerifier(provider: OAuthProvider): AccessTokenVerifier {
  return async (token) => {
    if (token.length > 200) return null;
    const {
      result: accessToken,
      principal,
      session,
    } = await withPrincipal(() => provider.AccessToken.find(token));
    if (!accessToken || accessToken.isExpired || !accessToken.accountId) return null;
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
