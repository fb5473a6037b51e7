import {
  type BillOfLadingReview,
  type BlHistoryEntry,
  REVIEW_TRANSITIONS,
  type ReviewQueueQuery,
  type ReviewQueueResponse,
  type ReviewRow,
  type ReviewTransition,
} from '@lading/contract/bill-of-lading-review';
import {
  type BillOfLading,
  BL_MESSAGES,
  diffContent,
  editableContent,
  type FieldChange,
} from '@lading/contract/bills-of-lading';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { enqueueMail } from '../mail/mail.service';
import {
  findApprovedSnapshot,
  findBillHistory,
  findReviewQueue,
  findUserContact,
  insertHistory,
  updateBillStatus,
} from './bill-of-lading-review.repository';
import { findBillById } from './bills-of-lading.repository';
import { etagOf, expectedVersion } from './bills-of-lading.service';

type Scalar = string | number | boolean | null;

/** Field path -> value, as diffContent flattens it (`containers[1].sealNo`). */
function flattened(content: unknown): Map<string, Scalar> {
  return new Map(diffContent({}, content).map((change) => [change.field, change.after as Scalar]));
}

/**
 * What the reviewer compares against: the approved snapshot, or — for a bill never approved through the workflow —
 * the content before the customer's first recorded change (each UPDATED history row undone, newest first).
 */
function baselineOf(
  current: BillOfLading,
  snapshot: unknown,
  history: BlHistoryEntry[],
): { baseline: 'approved' | 'reconstructed'; values: Map<string, Scalar> } {
  if (snapshot) return { baseline: 'approved', values: flattened(snapshot) };
  const values = flattened(editableContent(current));
  for (const entry of [...history].reverse()) {
    if (entry.action !== 'UPDATED') continue;
    for (const change of entry.changes) {
      if (change.before === null) values.delete(change.field);
      else values.set(change.field, change.before);
    }
  }
  return { baseline: 'reconstructed', values };
}

export function compareWithBaseline(
  approved: Map<string, Scalar>,
  current: Map<string, Scalar>,
): ReviewRow[] {
  const fields = [...current.keys()];
  for (const field of approved.keys()) if (!current.has(field)) fields.push(field);
  return fields.map((field) => {
    const before = approved.get(field) ?? null;
    const after = current.get(field) ?? null;
    return { field, approved: before, current: after, isChanged: before !== after };
  });
}

const VERBS: Record<ReviewTransition, string> = { approve: 'approved', return: 'returned', issue: 'issued' };

export function createBillOfLadingReviewService(deps: { db: Db; publicUrl: string; kickMail: () => void }) {
  const { db, publicUrl, kickMail } = deps;

  async function getBillForUpdate(tx: Tx, id: number): Promise<BillOfLading> {
    const bill = await findBillById(tx, id, undefined, true);
    if (!bill) throw notFound('Bill of lading');
    return bill;
  }

  /** One transition, in one transaction: version check, legal-status check, update (version + 1), history row. */
  async function transition(
    caller: AuthUser,
    id: number,
    name: ReviewTransition,
    ifMatch: string | undefined,
    bodyVersion: number | undefined,
    apply: (
      tx: Tx,
      bill: BillOfLading,
      expected: number,
    ) => Promise<{ changes?: FieldChange[]; comment?: string }>,
  ): Promise<BillOfLading> {
    const expected = expectedVersion(ifMatch, bodyVersion);
    if (expected === null) {
      throw new AppError(
        'PRECONDITION_REQUIRED',
        'Send the version you reviewed (If-Match header or "version" field)',
        { fields: { version: 'is required' } },
      );
    }
    return db.transaction(async (tx) => {
      const bill = await getBillForUpdate(tx, id);
      if (bill.version !== expected) {
        throw new AppError('PRECONDITION_FAILED', BL_MESSAGES.stale, {
          fields: { version: `is ${bill.version}, not ${expected}` },
          headers: { etag: etagOf(bill.version) },
        });
      }
      const rule = REVIEW_TRANSITIONS[name];
      if (!(rule.from as readonly string[]).includes(bill.status)) {
        throw new AppError(
          'CONFLICT',
          `A bill of lading in status ${bill.status} cannot be ${VERBS[name]}; only one in ${rule.from.join(' or ')} can.`,
          { fields: { status: `is ${bill.status}` } },
        );
      }
      const { changes, comment } = await apply(tx, bill, expected);
      const after = (await findBillById(tx, id))!;
      await insertHistory(tx, {
        blId: id,
        actorId: caller.id,
        action: rule.to === 'DRAFT' ? 'RETURNED' : rule.to,
        fromStatus: bill.status,
        toStatus: after.status,
        version: after.version,
        changes,
        comment,
      });
      return after;
    });
  }

  /** A concurrent writer took the version between the check and the update (cannot happen under the row lock; kept as a guard). */
  const stale = (version: number | null) => {
    if (version === null) throw new AppError('PRECONDITION_FAILED', BL_MESSAGES.stale);
  };

  return {
    findReviewQueue(query: ReviewQueueQuery): Promise<ReviewQueueResponse> {
      return findReviewQueue(db, query);
    },

    async getReview(id: number): Promise<BillOfLadingReview> {
      const bill = await findBillById(db, id);
      if (!bill) throw notFound('Bill of lading');
      const [snapshot, history] = await Promise.all([findApprovedSnapshot(db, id), findBillHistory(db, id)]);
      const { baseline, values } = baselineOf(bill, snapshot, history);
      const rows = compareWithBaseline(values, flattened(editableContent(bill)));
      return {
        bill,
        baseline,
        rows,
        changes: rows
          .filter((row) => row.isChanged)
          .map((row) => ({ field: row.field, before: row.approved, after: row.current })),
        history,
      };
    },

    /** History of a bill its owner or carrier staff may see. */
    async findHistory(caller: AuthUser, id: number): Promise<BlHistoryEntry[]> {
      const bill = await findBillById(db, id, caller.isAdmin ? undefined : caller.id);
      if (!bill) throw notFound('Bill of lading');
      return findBillHistory(db, id);
    },

    /** UPDATE PENDING or DRAFT -> APPROVED; the approved content becomes the reviewer's next baseline. */
    approve(caller: AuthUser, id: number, ifMatch: string | undefined, version: number | undefined) {
      return transition(caller, id, 'approve', ifMatch, version, async (tx, bill, expected) => {
        const [snapshot, history] = await Promise.all([
          findApprovedSnapshot(tx, id),
          findBillHistory(tx, id),
        ]);
        const { values } = baselineOf(bill, snapshot, history);
        const content = editableContent(bill);
        const changes = compareWithBaseline(values, flattened(content))
          .filter((row) => row.isChanged)
          .map((row) => ({ field: row.field, before: row.approved, after: row.current }));
        stale(
          await updateBillStatus(tx, id, expected, {
            status: 'APPROVED',
            approvedSnapshot: content,
            reviewComment: null,
          }),
        );
        return { changes };
      });
    },

    /** UPDATE PENDING or APPROVED -> DRAFT with the reviewer's comment; the owner is e-mailed through the outbox. */
    async returnToCustomer(
      caller: AuthUser,
      id: number,
      comment: string,
      ifMatch: string | undefined,
      version: number | undefined,
    ) {
      const bill = await transition(caller, id, 'return', ifMatch, version, async (tx, current, expected) => {
        stale(await updateBillStatus(tx, id, expected, { status: 'DRAFT', reviewComment: comment }));
        const owner = await findUserContact(tx, current.createdById);
        if (owner) {
          const link = `${publicUrl}/bl_view/${id}`;
          await enqueueMail(tx, {
            to: [owner.email],
            subject: `Bill of lading ${current.number} returned with comment`,
            text: [
              `Dear ${owner.name},`,
              '',
              `Our documentation team has returned bill of lading ${current.number} to you with this comment:`,
              '',
              comment,
              '',
              `Please review it and submit it again: ${link}`,
              '',
              'Lading',
            ].join('\n'),
          });
        }
        return { comment };
      });
      kickMail();
      return bill;
    },

    /** APPROVED -> ISSUED; issuedBy, issuedOn and shippedOnBoardDate are set if still empty. */
    async issue(caller: AuthUser, id: number, ifMatch: string | undefined, version: number | undefined) {
      return transition(caller, id, 'issue', ifMatch, version, async (tx, _bill, expected) => {
        const actor = await findUserContact(tx, caller.id);
        stale(
          await updateBillStatus(tx, id, expected, { status: 'ISSUED', issuedBy: actor?.name ?? 'Lading' }),
        );
        return {};
      });
    },
  };
}

export type BillOfLadingReviewService = ReturnType<typeof createBillOfLadingReviewService>;
