import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mfaChallenges, recoveryCodes, totpFactors } from '../../db/schema/identity';
import type { Sealed } from '../../lib/sealing';

type Conn = Db | Tx;

export async function findTotpFactor(db: Conn, userId: number) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
  return row ?? null;
}

/** Starts (or restarts) an enrolment: a new unconfirmed secret; a confirmed factor is never replaced here. */
export async function upsertUnconfirmedTotp(
  db: Conn,
  userId: number,
  secretSealed: Sealed,
): Promise<boolean> {
  const rows = await db
    .insert(totpFactors)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretSealed, createdAt: sql`now()`, lastUsedStep: null, lastUsedAt: null },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

/**
 * Accepts a code's 30-second step once: only when it is newer than the last accepted step (no replay, even from two
 * requests at the same moment: the update is the check). `confirm` also marks an enrolment confirmed.
 */
export async function claimTotpStep(db: Conn, userId: number, step: number, confirm: boolean) {
  const rows = await db
    .update(totpFactors)
    .set({
      lastUsedStep: step,
      lastUsedAt: sql`now()`,
      ...(confirm ? { confirmedAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(totpFactors.userId, userId),
        confirm ? isNull(totpFactors.confirmedAt) : sql`${totpFactors.confirmedAt} is not null`,
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

export async function deleteTotp(db: Conn, userId: number): Promise<void> {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

export async function deleteRecoveryCodes(db: Conn, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: Conn, userId: number, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once (concurrent uses of the same code: one wins). */
export async function consumeRecoveryCode(db: Conn, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Conn, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(db: Conn, values: typeof mfaChallenges.$inferInsert): Promise<void> {
  await db.insert(mfaChallenges).values(values);
}

export async function findLiveChallenge(db: Conn, idHash: string) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.idHash, idHash), gt(mfaChallenges.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

/** Ends a challenge: only the request whose delete finds it goes on to start the session. */
export async function takeChallenge(db: Conn, idHash: string): Promise<boolean> {
  const rows = await db
    .delete(mfaChallenges)
    .where(eq(mfaChallenges.idHash, idHash))
    .returning({ userId: mfaChallenges.userId });
  return rows.length > 0;
}

/** Drops the user's half-done sign-ins (their second factor was reset: none can finish). */
export async function deleteChallengesOf(db: Conn, userId: number): Promise<void> {
  await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
}

export async function purgeExpiredChallenges(db: Conn): Promise<void> {
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, sql`now()`));
}
