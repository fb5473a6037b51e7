import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { offices } from './offices';
import { users } from './users';

/** Roles (codes in @lading/contract/access). Seeded on every database; `is_staff` roles make a user carrier staff. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  isStaff: boolean('is_staff').notNull().default(false),
  /**
   * The second-factor policy (decision 023): an account holding any role that requires it must set up a second
   * factor before its session may do anything else. Seeded true for every role granting an ADMIN permission; the seed
   * raises it, never lowers it.
   */
  requiresSecondFactor: boolean('requires_second_factor').notNull().default(false),
});

/** Role -> module -> resource -> operation. */
export const roleGrants = pgTable(
  'role_grants',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    resource: text('resource').notNull(),
    operation: text('operation').notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.module, table.resource, table.operation] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.roleId] }),
    index('user_roles_role_idx').on(table.roleId),
  ],
);

/** The offices a member of carrier staff works for; `users.selected_office_id` is one of them. */
export const userOffices = pgTable(
  'user_offices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.officeId] }),
    index('user_offices_office_idx').on(table.officeId),
  ],
);
