import type { AccessTokenVerifier } from '../../plugins/auth';
import type { OAuthProvider } from './oauth-provider';

/** Bearer tokens are the authorization server's opaque access tokens; revoked or expired ones are not found. */
export function createAccessTokenVerifier(provider: OAuthProvider): AccessTokenVerifier {
  return async (token) => {
    if (token.length > 200) return null;
    const accessToken = await provider.AccessToken.find(token);
    if (!accessToken || accessToken.isExpired || !accessToken.accountId) return null;
    const userId = Number(accessToken.accountId);
    return Number.isSafeInteger(userId) ? { userId, grantId: accessToken.grantId } : null;
  };
}
