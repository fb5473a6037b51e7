import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export type AuditChange = { field: string; before: unknown; after: unknown };

/**
 * One audit trail for every module: who did what to which record, when, with the status change, the field changes
 * and the comment. Written by `recordAudit()` in the same transaction as the change. A bill's history is a read of
 * this table (record type BILL_OF_LADING).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id),
    module: text('module').notNull(),
    recordType: text('record_type').notNull(),
    recordId: integer('record_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    /** The record's version after the change, for versioned records. */
    version: integer('version'),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default(sql`'[]'::jsonb`),
    comment: text('comment'),
    requestId: uuid('request_id'),
  },
  (table) => [
    index('audit_events_record_idx').on(table.recordType, table.recordId, table.at),
    index('audit_events_actor_idx').on(table.actorId, table.action, table.at),
    index('audit_events_at_idx').on(table.at),
    index('audit_events_action_idx').on(table.action, table.at),
  ],
);
