import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-IP request counters of the rate limiter when no Redis is configured: one row per route and client address,
 * shared by every instance on the database. A row whose window has passed starts again at 1.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
