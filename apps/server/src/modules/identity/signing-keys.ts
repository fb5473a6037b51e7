import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/client';
import { signingKeys } from '../../db/schema/signing-keys';
import { type Sealed, seal, unseal } from '../../lib/sealing';

const KID = 'portal-es256';

const PURPOSE = 'lading-signing-keys';

export function sealJwk(jwk: JWK, secret: string): Sealed {
  return seal(JSON.stringify(jwk), secret, PURPOSE);
}

/** The JWK, or null when it was sealed with another secret (SESSION_SECRET changed). */
export function unsealJwk(sealed: Sealed, secret: string): JWK | null {
  const json = unseal(sealed, secret, PURPOSE);
  return json === null ? null : (JSON.parse(json) as JWK);
}

/**
 * The ID-token signing key, the same for every instance on the database: read it, or create it once (two instances
 * starting together insert with ON CONFLICT DO NOTHING and both read back the winner's). A key sealed with another
 * SESSION_SECRET cannot be opened, so it is replaced (ID tokens signed before are then no longer verifiable; the
 * portal never relies on them).
 */
export async function loadSigningKey(db: Db, secret: string): Promise<JWK> {
  const read = async () => {
    const [row] = await db.select().from(signingKeys).where(eq(signingKeys.kid, KID));
    return row ? unsealJwk(row.sealed, secret) : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: KID, use: 'sig', alg: 'ES256' };
  const sealed = sealJwk(jwk, secret);
  if (existing === null) {
    await db.update(signingKeys).set({ sealed, createdAt: new Date() }).where(eq(signingKeys.kid, KID));
  } else {
    await db.insert(signingKeys).values({ kid: KID, sealed }).onConflictDoNothing();
  }
  const stored = await read();
  if (!stored) throw new Error('the signing key could not be stored');
  return stored;
}
