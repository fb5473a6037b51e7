import type { BlHistoryEntry, PrintKind, ReviewQueueItem } from '@lading/contract/bill-of-lading-review';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { billsOfLading } from '../../db/schema/bills-of-lading';
import { type Scope, scoped } from '../../lib/scopes';
import { findBillPage, LIST_COLUMNS, listOrder } from './bills-of-lading.repository';

/** The record type of bills in the audit trail. */
export const BILL_RECORD = 'BILL_OF_LADING';

type Conn = Db | Tx;

const REVIEW_ORDER = listOrder('updatedAt', 'asc');

/**
 * Bills awaiting the carrier's review (UPDATE PENDING) within the caller's scope, the longest-waiting first; the
 * count is capped like the BL list's (findBillPage).
 */
export async function findReviewQueue(
  db: Conn,
  page: { skip: number; limit: number },
  scope: Scope,
): Promise<{ count: number; results: ReviewQueueItem[] }> {
  const { count, rows } = await findBillPage<Omit<ReviewQueueItem, 'dcsaStatus'>>(db, {
    where: sql`b.status = 'UPDATE PENDING' and ${scoped('bill', scope)}`,
    order: REVIEW_ORDER,
    skip: page.skip,
    limit: page.limit,
    columns: sql`${LIST_COLUMNS},
      u.first_name || ' ' || u.last_name as "ownerName", u.email::text as "ownerEmail",
      (select op.name from parties op where op.id = u.party_id) as "ownerPartyName"`,
    joins: sql`join users u on u.id = b.created_by_id`,
  });
  return { count, results: rows as ReviewQueueItem[] };
}
/** A bill's history (its rows of the audit trail), oldest first, with the actor's name. */
export async function findBillHistory(db: Conn, blId: number): Promise<BlHistoryEntry[]> {
  const rows = await queryRows<BlHistoryEntry>(
    db,
    sql`
    select h.id, to_char(h.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at",
      h.actor_id as "actorId", case when u.id is null then null else u.first_name || ' ' || u.last_name end as "actorName",
      h.action, h.from_status as "fromStatus", h.to_status as "toStatus", coalesce(h.version, 0) as version, h.changes, h.comment
    from audit_events h
    left join users u on u.id = h.actor_id
    where h.record_type = ${BILL_RECORD} and h.record_id = ${blId}
    order by h.at asc, h.id asc`,
  );
  return rows.map((row) => ({
    ...row,
    changes: typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes,
  }));
}

export async function findApprovedSnapshot(db: Conn, blId: number): Promise<unknown> {
  const [row] = await db
    .select({ snapshot: billsOfLading.approvedSnapshot })
    .from(billsOfLading)
    .where(eq(billsOfLading.id, blId));
  return row?.snapshot ?? null;
}

export type UserContact = { id: number; email: string; name: string };

export async function findUserContact(db: Conn, userId: number): Promise<UserContact | null> {
  const [row] = await queryRows<UserContact>(
    db,
    sql`select id, email::text as email, first_name || ' ' || last_name as name from users where id = ${userId}`,
  );
  return row ?? null;
}

/** Serialises one user's concurrent requests (held until the transaction ends). */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await queryRows(tx, sql`select id from users where id = ${userId} for update`);
}

/** Times a user has e-mailed a bill since `since` and the oldest of those times (for Retry-After). */
export async function countMailsSince(
  db: Conn,
  actorId: number,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await queryRows<{ count: number; oldest: string | null }>(
    db,
    sql`select count(*)::int as count, min(at)::text as oldest from audit_events
        where actor_id = ${actorId} and action = 'MAILED' and record_type = ${BILL_RECORD} and at > ${since.toISOString()}::timestamptz`,
  );
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Adds one to the printed counter of that kind; the version is not changed (printing is not an edit). */
export async function incrementPrintCounter(tx: Tx, blId: number, kind: PrintKind): Promise<void> {
  const set =
    kind === 'draft'
      ? { noOfDraftPrinted: sql`${billsOfLading.noOfDraftPrinted} + 1` }
      : kind === 'original'
        ? { noOfOriginalsPrinted: sql`${billsOfLading.noOfOriginalsPrinted} + 1` }
        : { noOfCopiesPrinted: sql`${billsOfLading.noOfCopiesPrinted} + 1` };
  await tx.update(billsOfLading).set(set).where(eq(billsOfLading.id, blId));
}

/** The columns an issue sets: who issued, when, and the shipped-on-board date, each only if still empty. */
export const issuedColumns = (issuedBy: string) => ({
  issuedBy: sql`coalesce(${billsOfLading.issuedBy}, ${issuedBy})`,
  issuedOn: sql`coalesce(${billsOfLading.issuedOn}, now())`,
  shippedOnBoardDate: sql`coalesce(${billsOfLading.shippedOnBoardDate}, current_date)`,
  docsStatus: 'RELEASED' as const,
});
