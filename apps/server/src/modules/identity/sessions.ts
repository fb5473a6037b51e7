import type { Db } from '../../db/client';
import { hashToken, newSecretToken } from '../../lib/secret-tokens';
import * as repo from './identity.repository';

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** `__Host-` (Secure, Path=/, no Domain) wherever browsers accept Secure cookies: https, or http on localhost. */
export function sessionCookieName(publicUrl: string): string {
  const url = new URL(publicUrl);
  const secureContext =
    url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return secureContext ? '__Host-lading.sid' : 'lading.sid';
}

/** Starts a new portal session (a new id at every login) and returns the raw cookie value. */
export async function createSession(db: Db, userId: number, userAgent: string | undefined): Promise<string> {
  const raw = newSecretToken();
  await repo.insertSession(db, {
    idHash: hashToken(raw),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return raw;
}

/** The live session of a session cookie's value, or null (no cookie, unknown, ended or expired). */
export async function findActiveSession(db: Db, raw: string | undefined) {
  if (!raw) return null;
  return repo.findActiveSession(db, hashToken(raw));
}
