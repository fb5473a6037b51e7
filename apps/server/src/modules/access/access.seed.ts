import { ROLE_CODES } from '@lading/contract/access';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roleGrants, roles } from '../../db/schema/access';
import { offices } from '../../db/schema/offices';
import { ROLE_DEFINITIONS } from './roles';

/**
 * Brings roles and grants in line with ROLE_DEFINITIONS and makes sure the corporate office exists. Runs on every
 * database the app owns (and every test database), like the reference-data seed; idempotent and safe when two
 * instances start together (upserts, deletes of what the code no longer grants).
 */
export async function seedAccessModel(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(
        ROLE_CODES.map((code) => ({
          code,
          name: ROLE_DEFINITIONS[code].name,
          isStaff: ROLE_DEFINITIONS[code].isStaff,
          // A role granting any ADMIN permission requires a second factor (decision 023).
          requiresSecondFactor: ROLE_DEFINITIONS[code].grants.some((grant) => grant.module === 'ADMIN'),
        })),
      )
      .onConflictDoUpdate({
        target: roles.code,
        // The policy is raised for a role that now grants ADMIN permissions, never lowered: a role an operator made
        // require a second factor keeps requiring it.
        set: {
          name: sql`excluded.name`,
          isStaff: sql`excluded.is_staff`,
          requiresSecondFactor: sql`${roles.requiresSecondFactor} or excluded.requires_second_factor`,
        },
      });
    const roleRows = await tx.select({ id: roles.id, code: roles.code }).from(roles);
    const wanted = roleRows.flatMap((role) =>
      (ROLE_DEFINITIONS[role.code as keyof typeof ROLE_DEFINITIONS]?.grants ?? []).map((g) => ({
        roleId: role.id,
        ...g,
      })),
    );
    await tx.insert(roleGrants).values(wanted).onConflictDoNothing();
    const keep = sql.join(
      wanted.map((g) => sql`(${g.roleId}, ${g.module}, ${g.resource}, ${g.operation})`),
      sql`, `,
    );
    await tx.execute(
      sql`delete from ${roleGrants} where (role_id, module, resource, operation) not in (${keep})`,
    );
    await tx
      .insert(offices)
      .values({ code: 'TSX', name: 'Lading Corporate Office, Mumbai', isCorporate: true })
      .onConflictDoNothing({ target: offices.code });
  });
}
