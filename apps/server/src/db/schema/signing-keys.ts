import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys the authorization server signs with (ID tokens), shared by every instance on the database. The private JWK
 * is stored encrypted with a key derived from SESSION_SECRET (AES-256-GCM).
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  /** `{ iv, tag, data }`, base64url: the encrypted private JWK. */
  sealed: jsonb('sealed').$type<{ iv: string; tag: string; data: string }>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
