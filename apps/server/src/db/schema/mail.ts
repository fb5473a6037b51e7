import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type OutboxAttachment = { filename: string; contentType: string; contentBase64: string };

/**
 * Durable outgoing mail. A message is written in the same transaction as the change that causes it, then sent
 * by the mail worker with retries; without SMTP it is kept here (status 'stored') and logged.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').array().notNull(),
    cc: text('cc').array(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    status: text('status', { enum: ['pending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_mails_due_idx').on(table.status, table.nextAttemptAt)],
);
