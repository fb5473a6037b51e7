import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { webauthnChallenges, webauthnCredentials } from '../../db/schema/identity';

type Conn = Db | Tx;
export type ChallengePurpose = (typeof webauthnChallenges.$inferInsert)['purpose'];
export type CredentialRow = typeof webauthnCredentials.$inferSelect;

/** The user's passkeys, oldest first. */
export async function listCredentials(db: Conn, userId: number): Promise<CredentialRow[]> {
  return db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id));
}

export async function countCredentials(db: Conn, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId));
  return row?.n ?? 0;
}

/** The passkey with this credential id, whoever's it is (a sign-in without the password names no account). */
export async function findByCredentialId(db: Conn, credentialId: string): Promise<CredentialRow | null> {
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.credentialId, credentialId))
    .limit(1);
  return row ?? null;
}

/** Stores a new passkey; null when its credential id is registered already (to this account or another). */
export async function insertCredential(
  db: Conn,
  values: typeof webauthnCredentials.$inferInsert,
): Promise<CredentialRow | null> {
  const [row] = await db
    .insert(webauthnCredentials)
    .values(values)
    .onConflictDoNothing({ target: webauthnCredentials.credentialId })
    .returning();
  return row ?? null;
}

/**
 * Records a use: the authenticator's new counter, only when it grew (or both are zero: an authenticator without a
 * counter), so that two sign-ins racing with one counter value cannot both pass. False: the counter did not grow.
 */
export async function recordUse(db: Conn, id: number, counter: number, backedUp: boolean): Promise<boolean> {
  const rows = await db
    .update(webauthnCredentials)
    .set({ counter, backedUp, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(webauthnCredentials.id, id),
        or(
          lt(webauthnCredentials.counter, counter),
          and(eq(webauthnCredentials.counter, 0), sql`${counter}::bigint = 0`),
        ),
      ),
    )
    .returning({ id: webauthnCredentials.id });
  return rows.length > 0;
}

export async function renameCredential(
  db: Conn,
  userId: number,
  id: number,
  name: string,
): Promise<CredentialRow | null> {
  const [row] = await db
    .update(webauthnCredentials)
    .set({ name })
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
    .returning();
  return row ?? null;
}

export async function findCredential(db: Conn, userId: number, id: number): Promise<CredentialRow | null> {
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function deleteCredential(db: Conn, userId: number, id: number): Promise<CredentialRow | null> {
  const [row] = await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
    .returning();
  return row ?? null;
}

/** Removes every passkey of the user; answers how many there were. */
export async function deleteAllCredentials(db: Conn, userId: number): Promise<number> {
  const rows = await db
    .delete(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .returning({ id: webauthnCredentials.id });
  return rows.length;
}

/** The binding of a challenge: the signed-in user (registration), or the browser's cookie hash (sign-in). */
type Binding = { purpose: ChallengePurpose; userId?: number | null; browserHash?: string | null };

const bound = (binding: Binding) =>
  and(
    eq(webauthnChallenges.purpose, binding.purpose),
    binding.userId == null
      ? isNull(webauthnChallenges.userId)
      : eq(webauthnChallenges.userId, binding.userId),
    binding.browserHash == null
      ? isNull(webauthnChallenges.browserHash)
      : eq(webauthnChallenges.browserHash, binding.browserHash),
  );

/** Hands out a new challenge: any earlier one of the same binding (a ceremony started again) is dropped. */
export async function replaceChallenge(
  db: Conn,
  binding: Binding,
  challenge: string,
  expiresAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(webauthnChallenges).where(bound(binding));
    await tx.insert(webauthnChallenges).values({
      challenge,
      purpose: binding.purpose,
      userId: binding.userId ?? null,
      browserHash: binding.browserHash ?? null,
      expiresAt,
    });
  });
}

/**
 * Takes the binding's live challenges (deleting them: each is answered once, right or wrong), or only `challenge` when
 * given. Answers the challenges taken; of two requests racing for one, only one gets it.
 */
export async function takeChallenges(db: Conn, binding: Binding, challenge?: string): Promise<string[]> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        bound(binding),
        gt(webauthnChallenges.expiresAt, sql`now()`),
        challenge === undefined ? undefined : eq(webauthnChallenges.challenge, challenge),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return rows.map((row) => row.challenge);
}

export async function purgeExpiredChallenges(db: Conn): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
}
