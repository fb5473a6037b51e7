import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { emailTokens } from '../db/schema/identity';
import { hashToken, newSecretToken } from './secret-tokens';

/**
 * Single-use links sent by e-mail (the `email_tokens` table, written only here): registration's address
 * verification and profile's password reset. The link carries a random token; the table keeps its hash.
 */
export type LinkPurpose = 'verify-email' | 'reset-password';

/** What a link's token looks like (`newSecretToken`: 32 random bytes, base64url); anything else is no link of ours. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The one link-token routine: a new random token for the user's link of this purpose, stored as a hash with its
 * expiry. Older links of the same purpose stop working, unless `keepOlder` (a verification link: every one sent stays
 * good until it expires or the address is verified, so a second sign-up does not break the first mail's link).
 * Returns the raw token, to be put into the link.
 */
export async function issueLinkToken(
  tx: Tx,
  link: { userId: number; purpose: LinkPurpose; ttlMs: number; keepOlder?: boolean },
): Promise<string> {
  const token = newSecretToken();
  if (!link.keepOlder) await voidLinkTokens(tx, link.userId, link.purpose);
  await tx.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId: link.userId,
    purpose: link.purpose,
    expiresAt: new Date(Date.now() + link.ttlMs),
  });
  return token;
}

/** Ends the user's live links of this purpose: a newer one replaces them, or what they were for is done. */
export async function voidLinkTokens(tx: Tx, userId: number, purpose: LinkPurpose): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Marks a live token used and returns its user; null when unknown, used or expired. Single use even under races. */
export async function consumeLinkToken(tx: Tx, token: string, purpose: LinkPurpose): Promise<number | null> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Housekeeping: links that expired more than a day ago. */
export async function purgeExpiredLinkTokens(db: Db): Promise<void> {
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, sql`now() - interval '1 day'`));
}
