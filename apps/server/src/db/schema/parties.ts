import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { foldedSql } from '../text-search';

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
