import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type OutboxAttachment, outboxMails } from '../../db/schema/mail';

export type OutgoingMail = {
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
};

/** Writes a message to the outbox, inside the caller's transaction when given one. */
export async function enqueueMail(db: Db | Tx, mail: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(outboxMails)
    .values({
      to: mail.to,
      cc: mail.cc ?? null,
      // A header is one line: a CR/LF smuggled into a subject (a name in it) never adds a header of its own.
      subject: mail.subject.replace(/\p{Cc}+/gu, ' '),
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments ?? null,
    })
    .returning({ id: outboxMails.id });
  return row!.id;
}

/**
 * Claims up to `limit` due messages by pushing their next attempt two minutes forward (so a second instance skips
 * them) and answers them, oldest first.
 */
export function claimDueMails(db: Db, limit: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.status, 'pending'), lte(outboxMails.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outboxMails.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(outboxMails)
        .set({ nextAttemptAt: sql`now() + interval '2 minutes'` })
        .where(
          inArray(
            outboxMails.id,
            rows.map((row) => row.id),
          ),
        );
    }
    return rows;
  });
}

/** Records what became of one delivery attempt. */
export async function markMail(
  db: Db,
  id: number,
  values: Partial<
    Pick<typeof outboxMails.$inferInsert, 'status' | 'attempts' | 'sentAt' | 'lastError' | 'nextAttemptAt'>
  >,
): Promise<void> {
  await db.update(outboxMails).set(values).where(eq(outboxMails.id, id));
}
