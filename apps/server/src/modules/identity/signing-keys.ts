import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/client';
import { signingKeys } from '../../db/schema/signing-keys';

const KID = 'portal-es256';

function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'lading-signing-keys', 'aes-256-gcm', 32));
}

export function sealJwk(jwk: JWK, secret: string): { iv: string; tag: string; data: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

/** The JWK, or null when it was sealed with another secret (SESSION_SECRET changed). */
export function unsealJwk(sealed: { iv: string; tag: string; data: string }, secret: string): JWK | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), Buffer.from(sealed.iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    const json = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]);
    return JSON.parse(json.toString('utf8')) as JWK;
  } catch {
    return null;
  }
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
