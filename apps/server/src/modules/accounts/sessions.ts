import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sessions } from '../../db/schema/accounts';
import { hashToken, newSecretToken } from '../../lib/secret-tokens';

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** `__Host-` (Secure, Path=/, no Domain) wherever browsers accept Secure cookies: https, or http on localhost. */
export function sessionCookieName(publicUrl: string): string {
  const url = new URL(publicUrl);
  const secureContext =
    url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return secureContext ? '__Host-lading.sid' : 'lading.sid';
}

/** Starts a new portal session (a new id at every login) and returns the raw cookie value. */
export async function createSession(
  db: Db | Tx,
  userId: number,
  userAgent: string | undefined,
): Promise<string> {
  const raw = newSecretToken();
  await db.insert(sessions).values({
    idHash: hashToken(raw),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return raw;
}

export async function findActiveSession(db: Db, raw: string | undefined) {
  if (!raw) return null;
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.idHash, hashToken(raw)), isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`)),
    )
    .limit(1);
  return row ?? null;
}

export async function attachGrantToSession(db: Db, idHash: string, grantId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ grantIds: sql`array_append(${sessions.grantIds}, ${grantId})` })
    .where(eq(sessions.idHash, idHash));
}
