import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { parties } from './companies';
import { users } from './users';

/**
 * A company's API client (issue 30, decision 025): an OAuth 2 confidential client of the authorization server that
 * gets tokens by the client-credentials grant and reads what the company's members own, within its scopes. The
 * secret is kept only as its SHA-256 (it is shown once, at creation). Never deleted: revoking sets `revoked_at`, so
 * the audit trail keeps naming it.
 */
export const companyApiClients = pgTable(
  'company_api_clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id),
    name: text('name').notNull(),
    /** The OAuth 2 client_id (`lc_` and 22 random characters). */
    clientId: text('client_id').notNull().unique(),
    /** SHA-256 (base64url) of the 256-bit secret. */
    secretHash: text('secret_hash').notNull(),
    /** Of API_CLIENT_SCOPES (tnt:read, ebl:read, schedules:read). */
    scopes: text('scopes').array().notNull(),
    /** The first instant it is refused: the day after its last valid day, 00:00 UTC. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: integer('revoked_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The last call made with one of its tokens. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('company_api_clients_party_idx').on(table.partyId, table.createdAt),
    // One active client of a name per company (case-insensitive): a revoked one frees its name.
    uniqueIndex('company_api_clients_active_name_idx')
      .on(table.partyId, sql`lower(${table.name})`)
      .where(sql`${table.revokedAt} is null`),
  ],
);
