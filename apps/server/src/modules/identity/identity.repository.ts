import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { knownDevices, loginFailures, oidcPayloads, sessions } from '../../db/schema/identity';
import { users } from '../../db/schema/users';
import { selectUserRead } from '../users';

type Conn = Db | Tx;

/**
 * The SQL test that a `sessions` row (named `alias` in the statement) is live: not ended, before its absolute end,
 * and used within the idle time. `idleMinutes` is an integer from the validated environment, written in as a number.
 */
export function liveSessionSql(alias: string, idleMinutes: number) {
  const minutes = Math.trunc(idleMinutes);
  return sql.raw(
    `${alias}.ended_at is null and ${alias}.expires_at > now() and ${alias}.last_active_at > now() - interval '${minutes} minutes'`,
  );
}

/** Sign-in takes the username or the e-mail address (both case-insensitive). */
export async function findUserByLogin(db: Conn, login: string) {
  const [row] = await selectUserRead(db)
    .where(sql`${users.username} = ${login} or ${users.email} = ${login}`)
    .limit(1);
  return row ?? null;
}

/** The same user read by id (the second step of a sign-in, the second-factor changes). */
export async function findUserById(db: Conn, id: number) {
  const [row] = await selectUserRead(db).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function insertSession(db: Conn, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The live session whose id hashes to `idHash` (not ended, not expired, not idle past `idleMinutes`): a full one, an
 * enrolment-only one (decision 023), or either (`kind` 'any').
 */
export async function findActiveSession(
  db: Conn,
  idHash: string,
  idleMinutes: number,
  kind: 'full' | 'enrolment' | 'any' = 'full',
) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.idHash, idHash),
        liveSessionSql('"sessions"', idleMinutes),
        kind === 'any' ? undefined : eq(sessions.enrolmentOnly, kind === 'enrolment'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A user's live sessions, the most recently active first. */
export async function listLiveSessions(db: Conn, userId: number, idleMinutes: number) {
  return db
    .select({
      id: sessions.publicId,
      grantIds: sessions.grantIds,
      userAgent: sessions.userAgent,
      ipPrefix: sessions.ipPrefix,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), liveSessionSql('"sessions"', idleMinutes)))
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt));
}

/** Records an API call made for the user on a live session (its last activity and current network). */
export async function touchSession(db: Conn, publicId: string, ipPrefix: string | null): Promise<void> {
  await db
    .update(sessions)
    .set({ lastActiveAt: sql`now()`, ...(ipPrefix ? { ipPrefix } : {}) })
    .where(and(eq(sessions.publicId, publicId), isNull(sessions.endedAt)));
}

/** A live session's last activity, or null when it has ended, passed its absolute end or gone idle. */
export async function lastActiveOf(db: Conn, publicId: string, idleMinutes: number): Promise<Date | null> {
  const [row] = await db
    .select({ lastActiveAt: sessions.lastActiveAt })
    .from(sessions)
    .where(and(eq(sessions.publicId, publicId), liveSessionSql('"sessions"', idleMinutes)));
  return row?.lastActiveAt ?? null;
}

/**
 * Ends the user's live sessions that `which` selects (one by its public id, or all but the one holding `keepGrantId`)
 * and answers their grants, for the caller to revoke in the same transaction.
 */
export async function endSessionsWhere(
  db: Conn,
  userId: number,
  which: { publicId: string } | { exceptGrantId: string | undefined },
  reason: string,
): Promise<{ id: string; grantIds: string[] }[]> {
  return db
    .update(sessions)
    .set({ endedAt: sql`now()`, endedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        'publicId' in which
          ? eq(sessions.publicId, which.publicId)
          : which.exceptGrantId
            ? sql`not (${which.exceptGrantId} = any(${sessions.grantIds}))`
            : undefined,
      ),
    )
    .returning({ id: sessions.publicId, grantIds: sessions.grantIds });
}

/**
 * Remembers a browser for a user: `isNew` when the user had not signed in from it before, `firstDevice` when the
 * user had no browser at all before (the first sign-in after sign-up, which needs no warning).
 */
export async function rememberDevice(db: Conn, userId: number, deviceHash: string) {
  const [row] = await db
    .select({
      known: count(),
      thisOne: sql<boolean>`coalesce(bool_or(${knownDevices.deviceHash} = ${deviceHash}), false)`,
    })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId));
  await db
    .insert(knownDevices)
    .values({ userId, deviceHash })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.deviceHash],
      set: { lastSeenAt: sql`now()` },
    });
  return { isNew: !row?.thisOne, firstDevice: (row?.known ?? 0) === 0 };
}

export async function attachGrantToSession(db: Conn, idHash: string, grantId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ grantIds: sql`array_append(${sessions.grantIds}, ${grantId})` })
    .where(eq(sessions.idHash, idHash));
}

export async function endSession(db: Conn, idHash: string, reason: string) {
  const [row] = await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endedReason: reason })
    .where(eq(sessions.idHash, idHash))
    .returning({ grantIds: sessions.grantIds });
  return row ?? null;
}

/** Ends every session of a user and revokes everything the authorization server issued to them, except one grant. */
export async function endAllSessions(db: Conn, userId: number, reason: string, keepGrantId?: string) {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endedReason: reason })
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
