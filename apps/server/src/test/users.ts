import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { roles, userRoles } from '../db/schema/access';
import { users } from '../db/schema/users';

/** A user written straight into the tables (for tests whose subject is not sign-up), holding one role. */
export async function insertUserWithRole(
  db: Db,
  values: typeof users.$inferInsert,
  roleCode: string,
): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  await db.execute(
    sql`insert into ${userRoles} (user_id, role_id) select ${row!.id}, id from ${roles} where code = ${roleCode}`,
  );
  return row!.id;
}
