import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { parties } from './parties';
import { users } from './users';

export const MEMBERSHIP_STATUS_VALUES = ['PENDING', 'APPROVED', 'REFUSED'] as const;

/**
 * A customer's membership of a company (party). Picking a company in the profile, or requesting a new one, makes
 * a PENDING row; carrier staff approve (then `users.party_id` is set) or refuse it. One current row per user.
 */
export const companyMemberships = pgTable(
  'company_memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id),
    status: text('status', { enum: MEMBERSHIP_STATUS_VALUES }).notNull().default('PENDING'),
    /** True when the user asked for the company itself to be created (it is PENDING until approved). */
    isNewCompany: boolean('is_new_company').notNull().default(false),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: integer('decided_by_id').references(() => users.id),
    reason: text('reason'),
  },
  (table) => [
    uniqueIndex('company_memberships_user_idx').on(table.userId),
    index('company_memberships_status_idx').on(table.status, table.requestedAt),
  ],
);
