import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Domain events (BL_RETURNED, BOOKING_CONFIRMED, …), written in the transaction of the change. The event
 * dispatcher hands each one to the subscribed handlers (mail today, notifications next) in a transaction of its
 * own and marks it dispatched, so each event is handled exactly once, by one instance.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    recordType: text('record_type').notNull(),
    recordId: integer('record_id').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [index('domain_events_pending_idx').on(table.id).where(sql`${table.dispatchedAt} is null`)],
);
