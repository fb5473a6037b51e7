import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldedSql } from '../text-search';
import { users } from './users';

/**
 * A company (party) known to the carrier. Role codes (specification section 6): CO, CHA, N, DDR, CN, OS.
 * Status APPR = approved; anything else is awaiting approval.
 */
export const parties = pgTable(
  'parties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    externalId: text('external_id').unique(),
    name: text('name').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('APPR'),
    isActive: boolean('is_active').notNull().default(true),
    mobile: text('mobile'),
    address: text('address'),
    emailId: text('email_id'),
    countryCode: text('country_code'),
    /** Tax or company registration number (GSTIN, VAT id, …), given when a customer requests a new company. */
    taxId: text('tax_id'),
    /** Bumped by every edit in the admin workspace (If-Match / `version`). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The name folded to lower case without accents, for the party typeaheads (reference-data module). */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs((): SQL => foldedSql(sql`${parties.name}`)),
  },
  (table) => [
    index('parties_name_trgm').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    index('parties_search_name_trgm').using('gin', table.searchName.op('gin_trgm_ops')),
    index('parties_code_prefix').using('btree', table.code.op('text_pattern_ops')),
  ],
);

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
