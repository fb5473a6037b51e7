import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { loginFailures, oidcPayloads, sessions } from '../../db/schema/identity';
import { users } from '../../db/schema/users';
import { selectUserRead } from '../users';

type Conn = Db | Tx;

/** Sign-in takes the username or the e-mail address (both case-insensitive). */
export async function findUserByLogin(db: Conn, login: string) {
  const [row] = await selectUserRead(db)
    .where(sql`${users.username} = ${login} or ${users.email} = ${login}`)
    .limit(1);
  return row ?? null;
}

export async function insertSession(db: Conn, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The live session whose id hashes to `idHash` (not ended, not expired). */
export async function findActiveSession(db: Conn, idHash: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

export async function attachGrantToSession(db: Conn, idHash: string, grantId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ grantIds: sql`array_append(${sessions.grantIds}, ${grantId})` })
    .where(eq(sessions.idHash, idHash));
}

export async function endSession(db: Conn, idHash: string) {
  const [row] = await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(eq(sessions.idHash, idHash))
    .returning({ grantIds: sessions.grantIds });
  return row ?? null;
}

/** Ends every session of a user and revokes everything the authorization server issued to them, except one grant. */
export async function endAllSessions(db: Conn, userId: number, keepGrantId?: string) {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        keepGrantId ? sql`not (${keepGrantId} = any(${sessions.grantIds}))` : undefined,
      ),
    );
  await db
    .delete(oidcPayloads)
    .where(
      and(
        sql`${oidcPayloads.payload}->>'accountId' = ${String(userId)}`,
        keepGrantId
          ? sql`${oidcPayloads.grantId} is distinct from ${keepGrantId} and ${oidcPayloads.id} <> ${keepGrantId}`
          : undefined,
      ),
    );
}

/**
 * Records a password check that is about to happen (as a failure until it succeeds) and answers how many the account
 * has in the window, this one included, and the oldest. Recording and counting run in one short transaction under a
 * per-account advisory lock, so concurrent attempts (on any number of instances) are numbered one after another and
 * exactly the first `limit` of them see a count within it; the password check itself runs outside the lock.
 */
export async function reserveLoginAttempt(db: Db, accountKey: string, windowMinutes: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${accountKey}`}, 0))`);
    const [inserted] = await tx
      .insert(loginFailures)
      .values({ accountKey })
      .returning({ id: loginFailures.id });
    const [row] = await tx
      .select({ n: count(), oldest: sql<string | null>`min(${loginFailures.at})` })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.accountKey, accountKey),
          gt(loginFailures.at, sql`now() - make_interval(mins => ${windowMinutes})`),
        ),
      );
    return { id: inserted!.id, attempts: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  });
}

/** Withdraws a recorded attempt that was refused before any password was checked. */
export async function withdrawLoginAttempt(db: Conn, id: number) {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

export async function clearLoginFailures(db: Conn, accountKey: string) {
  await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
}

/** Housekeeping: sessions and sign-in failures that can no longer matter. */
export async function purgeExpiredAccountData(db: Conn) {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.endedAt, sql`now() - interval '1 day'`)));
  await db.delete(loginFailures).where(lt(loginFailures.at, sql`now() - interval '1 day'`));
}
