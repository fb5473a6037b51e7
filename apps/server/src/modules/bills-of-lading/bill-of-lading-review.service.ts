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
  type BlStatus,
  diffContent,
  editableContent,
} from '@lading/contract/bills-of-lading';
import type { LateAcceptance, LateAcceptanceBody } from '@lading/contract/voyages';
import type { Db } from '../../db/client';
import { billsOfLading } from '../../db/schema/bills-of-lading';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { DomainEvent } from '../../lib/domain-events';
import type { Principal } from '../../lib/principal';
import { applyTransition, type TransitionSpec } from '../../lib/status-transition';
import { requireExpectedVersion } from '../../lib/versioning';
import {
  BILL_RECORD,
  findApprovedSnapshot,
  findBillHistory,
  findReviewQueue,
  findUserContact,
  issuedColumns,
} from './bill-of-lading-review.repository';
import { findBillById, insertLateAcceptance, reloadBill } from './bills-of-lading.repository';

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
const ACTIONS: Record<ReviewTransition, string> = {
  approve: 'APPROVED',
  return: 'RETURNED',
  issue: 'ISSUED',
};

export function createBillOfLadingReviewService(deps: { db: Db; kickMail: () => void }) {
  const { db, kickMail } = deps;

  /** A review transition through the shared helper: scoped row lock, version, legal status, audit row, events. */
  function transition(
    caller: Principal,
    id: number,
    name: ReviewTransition,
    ifMatch: string | undefined,
    bodyVersion: number | undefined,
    prepare: TransitionSpec<BlStatus, ReviewTransition, BillOfLading>['prepare'],
  ): Promise<BillOfLading> {
    const expected = requireExpectedVersion(ifMatch, bodyVersion, 'the version you reviewed');
    return db.transaction(async (tx) => {
      const { after } = await applyTransition<BlStatus, ReviewTransition, BillOfLading>(tx, caller, {
        table: billsOfLading,
        rules: REVIEW_TRANSITIONS,
        name,
        id,
        expected,
        lock: (conn) => findBillById(conn, caller.scope, id, true),
        reload: (conn) => reloadBill(conn, id),
        noun: 'Bill of lading',
        staleMessage: BL_MESSAGES.stale,
        verb: VERBS[name],
        audit: { module: 'ADMIN', recordType: BILL_RECORD, action: ACTIONS[name] },
        prepare,
      });
      return after;
    });
  }

  const billEvent =
    (type: 'BL_APPROVED' | 'BL_ISSUED'): ((after: BillOfLading) => DomainEvent[]) =>
    (after) => [
      {
        type,
        recordType: BILL_RECORD,
        recordId: after.id,
        payload: { number: after.number, ownerId: after.createdById },
      },
    ];

  return {
    /**
     * Accepts the bill's SI (DCO) or VGM (VCO) after its sailing's cut-off, until `until`, with the reason (audited).
     * The bill must be within the caller's scope and not issued yet; the acceptance must end in the future.
     */
    async grantLateAcceptance(
      caller: Principal,
      id: number,
      body: LateAcceptanceBody,
    ): Promise<LateAcceptance> {
      const until = new Date(body.until);
      if (until.getTime() <= Date.now())
        throw new AppError('VALIDATION_FAILED', 'until: must be in the future', {
          fields: { until: 'must be in the future' },
        });
      return db.transaction(async (tx) => {
        const bill = await findBillById(tx, caller.scope, id, true);
        if (!bill) throw notFound('Bill of lading');
        if (bill.status === 'ISSUED' || bill.status === 'SURRENDERED')
          throw new AppError(
            'CONFLICT',
            `The bill is ${bill.status.toLowerCase()}: nothing is submitted any more`,
            {
              fields: { status: `is ${bill.status}` },
            },
          );
        await insertLateAcceptance(tx, {
          blId: id,
          cutOff: body.cutOff,
          reason: body.reason,
          until,
          grantedById: caller.userId,
        });
        await recordAudit(tx, caller, {
          module: 'ADMIN',
          recordType: BILL_RECORD,
          recordId: id,
          action: 'LATE_ACCEPTANCE_GRANTED',
          version: bill.version,
          comment: `${body.cutOff} until ${until.toISOString()}: ${body.reason}`,
        });
        return {
          cutOff: body.cutOff,
          reason: body.reason,
          until: until.toISOString(),
          grantedBy: caller.email,
          createdAt: new Date().toISOString(),
        };
      });
    },

    findReviewQueue(caller: Principal, query: ReviewQueueQuery): Promise<ReviewQueueResponse> {
      return findReviewQueue(db, query, caller.scope);
    },

    async getReview(caller: Principal, id: number): Promise<BillOfLadingReview> {
      const bill = await findBillById(db, caller.scope, id);
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

    /** History of a bill within the caller's scope (its owner, or staff of its office). */
    async findHistory(caller: Principal, id: number): Promise<BlHistoryEntry[]> {
      const bill = await findBillById(db, caller.scope, id);
      if (!bill) throw notFound('Bill of lading');
      return findBillHistory(db, id);
    },

    /** UPDATE PENDING or DRAFT -> APPROVED; the approved content becomes the reviewer's next baseline. */
    approve(caller: Principal, id: number, ifMatch: string | undefined, version: number | undefined) {
      return transition(caller, id, 'approve', ifMatch, version, async (tx, bill) => {
        const [snapshot, history] = await Promise.all([
          findApprovedSnapshot(tx, id),
          findBillHistory(tx, id),
        ]);
        const { values } = baselineOf(bill, snapshot, history);
        const content = editableContent(bill);
        const changes = compareWithBaseline(values, flattened(content))
          .filter((row) => row.isChanged)
          .map((row) => ({ field: row.field, before: row.approved, after: row.current }));
        return {
          set: { approvedSnapshot: content, reviewComment: null },
          changes,
          events: billEvent('BL_APPROVED'),
        };
      });
    },

    /** UPDATE PENDING or APPROVED -> DRAFT with the reviewer's comment; the owner hears of it (BL_RETURNED). */
    async returnToCustomer(
      caller: Principal,
      id: number,
      comment: string,
      ifMatch: string | undefined,
      version: number | undefined,
    ) {
      const bill = await transition(caller, id, 'return', ifMatch, version, async () => ({
        set: { reviewComment: comment },
        comment,
        events: (after) => [
          {
            type: 'BL_RETURNED',
            recordType: BILL_RECORD,
            recordId: after.id,
            payload: { number: after.number, ownerId: after.createdById, comment },
          },
        ],
      }));
      kickMail();
      return bill;
    },

    /** APPROVED -> ISSUED; issuedBy, issuedOn and shippedOnBoardDate are set if still empty. */
    async issue(caller: Principal, id: number, ifMatch: string | undefined, version: number | undefined) {
      return transition(caller, id, 'issue', ifMatch, version, async (tx) => {
        const actor = await findUserContact(tx, caller.userId);
        const issuedBy = actor?.name ?? 'Lading';
        return {
          set: issuedColumns(issuedBy),
          events: billEvent('BL_ISSUED'),
        };
      });
    },
  };
}

export type BillOfLadingReviewService = ReturnType<typeof createBillOfLadingReviewService>;
