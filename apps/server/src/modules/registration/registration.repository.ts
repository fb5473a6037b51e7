import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emailTokens } from '../../db/schema/identity';
import { users } from '../../db/schema/users';

type Conn = Db | Tx;

/** The accounts holding this e-mail address or username (e-mail compared without letter case). */
export async function findAccountsByEmailOrUsername(db: Conn, email: string, username: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(sql`${users.email} = ${email} or ${users.username} = ${username}`);
}

export async function findUserByEmail(db: Conn, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      emailVerifiedAt: users.emailVerifiedAt,
      firstName: users.firstName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

/** True when this verification link (in any state: used, replaced or expired) belongs to an already verified user. */
export async function isEmailTokenOfVerifiedUser(db: Conn, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, 'verify-email'),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
