import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { citext } from './column-types';
import { parties } from './parties';

/** A portal user: a customer linked to a company (party), or a carrier admin (is_admin). */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  email: citext('email').notNull().unique(),
  username: citext('username').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  partyId: integer('party_id').references(() => parties.id),
  contactNumber: text('contact_number'),
  address: text('address'),
  country: text('country'),
  profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
