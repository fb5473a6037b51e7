import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/users';
import { selectUserRead } from '../users';

type Conn = Db | Tx;

/** The user read with the profile's fields (users module's read fragment). */
export async function findUserById(db: Conn, id: number) {
  const [row] = await selectUserRead(db).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByEmail(db: Conn, email: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}
