import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A value sealed with AES-256-GCM under a key derived from SESSION_SECRET: what the database keeps. */
export type Sealed = { iv: string; tag: string; data: string };

/** Each purpose ('lading-signing-keys', 'lading-totp') gets its own key from the one secret (HKDF-SHA256). */
function sealingKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, purpose, 'aes-256-gcm', 32));
}

export function seal(text: string, secret: string, purpose: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret, purpose), iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

/** The text, or null when it was sealed with another secret (SESSION_SECRET changed) or for another purpose. */
export function unseal(sealed: Sealed, secret: string, purpose: string): string | null {
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealingKey(secret, purpose),
      Buffer.from(sealed.iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
