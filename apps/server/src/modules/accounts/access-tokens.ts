import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import type { AccessTokenVerifier } from '../../plugins/auth';
import type { OAuthProvider } from './oauth-provider';

/** Bearer tokens are the authorization server's opaque access tokens; revoked or expired ones are not found. */
export function createAccessTokenVerifier(provider: OAuthProvider, db: Db): AccessTokenVerifier {
  return async (token) => {
    if (token.length > 200) return null;
    const accessToken = await provider.AccessToken.find(token);
    if (!accessToken || accessToken.isExpired || !accessToken.accountId) return null;
    const [user] = await db
      .select({ id: users.id, isAdmin: users.isAdmin, partyId: users.partyId, email: users.email })
      .from(users)
      .where(eq(users.id, Number(accessToken.accountId)));
    return user ? { ...user, grantId: accessToken.grantId } : null;
  };
}
