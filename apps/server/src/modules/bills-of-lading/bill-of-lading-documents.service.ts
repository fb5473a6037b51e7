import {
  BL_MAILS_PER_HOUR,
  BL_REVIEW_MESSAGES,
  type PrintKind,
  type SendBlMailBody,
} from '@lading/contract/bill-of-lading-review';
import type { BillOfLading } from '@lading/contract/bills-of-lading';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../lib/principal';
import { billSentMail, enqueueMail } from '../mail';
import { renderBillOfLadingPdf } from './bill-of-lading.pdf';
import {
  BILL_RECORD,
  countMailsSince,
  findUserContact,
  incrementPrintCounter,
  lockUser,
} from './bill-of-lading-review.repository';
import { findBillById } from './bills-of-lading.repository';

const HOUR_MS = 3_600_000;

export type PrintedBill = { filename: string; pdf: Buffer };

/** `LDG26110003.pdf`; anything but letters, digits, `-` and `_` is dropped from the number. */
export const pdfFilename = (bill: Pick<BillOfLading, 'number'>) =>
  `${bill.number.replace(/[^A-Za-z0-9_-]/g, '') || 'bill-of-lading'}.pdf`;

/** The audit trail's module of a print or mail: the customer portal for whoever edits bills there, else the workspace. */
const auditModuleOf = (caller: Principal) =>
  caller.can({ module: 'CP', resource: 'BL', operation: 'EDIT' }) ? 'CP' : 'ADMIN';

export function createBillOfLadingDocumentsService(deps: { db: Db; kickMail: () => void }) {
  const { db, kickMail } = deps;

  /** Within the caller's scope only; another customer's bill is "not found", never "forbidden". */
  async function getVisibleBill(conn: Db | Tx, caller: Principal, id: number, forUpdate = false) {
    const bill = await findBillById(conn, caller.scope, id, forUpdate);
    if (!bill) throw notFound('Bill of lading');
    return bill;
  }

  return {
    /**
     * Prints a draft (any status), an original or a copy (ISSUED only, never more than the bill's number of them).
     * The counter, the history row and the rendering share one transaction: counted if and only if produced.
     */
    async printBill(caller: Principal, id: number, kind: PrintKind): Promise<PrintedBill> {
      return db.transaction(async (tx) => {
        const bill = await getVisibleBill(tx, caller, id, true);
        let sequence = bill.noOfDraftPrinted + 1;
        if (kind !== 'draft') {
          if (bill.status !== 'ISSUED') {
            throw new AppError(
              'CONFLICT',
              `${kind === 'original' ? 'Originals' : 'Copies'} can be printed only once the bill of lading is issued (it is ${bill.status}).`,
              { fields: { kind: `is ${kind}` } },
            );
          }
          const [printed, allowed] =
            kind === 'original'
              ? [bill.noOfOriginalsPrinted, bill.noOfOriginals]
              : [bill.noOfCopiesPrinted, bill.noOfCopies];
          if (printed >= allowed) {
            throw new AppError(
              'CONFLICT',
              `All ${allowed} ${kind === 'original' ? 'originals' : 'copies'} of this bill of lading have been printed already.`,
              { fields: { kind: `${printed} of ${allowed} printed` } },
            );
          }
          sequence = printed + 1;
        }
        await incrementPrintCounter(tx, id, kind);
        await recordAudit(tx, caller, {
          module: auditModuleOf(caller),
          recordType: BILL_RECORD,
          recordId: id,
          action: 'PRINTED',
          fromStatus: bill.status,
          toStatus: bill.status,
          version: bill.version,
          comment:
            kind === 'draft'
              ? `draft ${sequence}`
              : `${kind} ${sequence} of ${kind === 'original' ? bill.noOfOriginals : bill.noOfCopies}`,
        });
        const pdf = await renderBillOfLadingPdf(bill, { kind, sequence });
        return { filename: pdfFilename(bill), pdf };
      });
    },

    /**
     * E-mails the bill as a PDF (a draft until issued, then a non-negotiable copy) through the outbox, in the same
     * transaction as the MAILED history row. At most BL_MAILS_PER_HOUR per user per hour.
     */
    async sendBillMail(caller: Principal, body: SendBlMailBody): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const bill = await getVisibleBill(tx, caller, body.blId);
        await lockUser(tx, caller.userId);
        const { count, oldest } = await countMailsSince(tx, caller.userId, new Date(Date.now() - HOUR_MS));
        if (count >= BL_MAILS_PER_HOUR) {
          const retryAfter = oldest
            ? Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - Date.now()) / 1000))
            : 3600;
          throw new AppError(
            'RATE_LIMITED',
            `You can e-mail at most ${BL_MAILS_PER_HOUR} bills of lading an hour. Please try again later.`,
            { headers: { 'retry-after': String(retryAfter) } },
          );
        }
        const sender = await findUserContact(tx, caller.userId);
        const pdf = await renderBillOfLadingPdf(bill, { kind: 'draft', sequence: 0 });
        await enqueueMail(tx, {
          to: body.to,
          cc: body.cc?.length ? body.cc : undefined,
          ...billSentMail({
            senderName: sender?.name ?? 'A Lading customer',
            senderEmail: sender?.email ?? caller.email,
            number: bill.number,
            isFinal: bill.status === 'ISSUED' || bill.status === 'SURRENDERED',
            message: body.message,
            vesselName: bill.vesselName,
            voyageNumber: bill.voyageNumber,
            polName: bill.polName,
            podName: bill.podName,
          }),
          attachments: [
            {
              filename: pdfFilename(bill),
              contentType: 'application/pdf',
              contentBase64: pdf.toString('base64'),
            },
          ],
        });
        await recordAudit(tx, caller, {
          module: auditModuleOf(caller),
          recordType: BILL_RECORD,
          recordId: bill.id,
          action: 'MAILED',
          fromStatus: bill.status,
          toStatus: bill.status,
          version: bill.version,
          comment: `to ${body.to.join(', ')}${body.cc?.length ? `; cc ${body.cc.join(', ')}` : ''}`,
        });
      });
      kickMail();
      return { message: BL_REVIEW_MESSAGES.mailQueued };
    },
  };
}

export type BillOfLadingDocumentsService = ReturnType<typeof createBillOfLadingDocumentsService>;
