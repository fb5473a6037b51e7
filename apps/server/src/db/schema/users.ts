import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { citext } from './column-types';
import { parties } from './companies';
import { offices } from './offices';

/** A portal user: a customer linked to a company (party), or carrier staff (by role; see user_roles). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: citext('email').notNull().unique(),
    username: citext('username').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The company the user is an approved member of (company_memberships holds pending requests). */
    partyId: integer('party_id').references(() => parties.id),
    /** Carrier staff: the office they work as now (one of user_offices). */
    selectedOfficeId: integer('selected_office_id').references(() => offices.id),
    /** Carrier staff at a container yard (no yards module yet: null for everyone). */
    yardId: integer('yard_id'),
    /** False: cannot sign in (carrier staff deactivated the account). */
    isActive: boolean('is_active').notNull().default(true),
    contactNumber: text('contact_number'),
    address: text('address'),
    country: text('country'),
    profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A company's users: the admin dashboard's search by company name reaches their records through it.
    index('users_party_idx').on(table.partyId),
    // The admin workspace's user search: part of the e-mail address or the name, any case.
    index('users_search_trgm').using(
      'gin',
      sql`lower(${table.email}::text || ' ' || ${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
  ],
);
