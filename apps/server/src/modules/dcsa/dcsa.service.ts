import { BL_MESSAGES, LOCKED_STATUSES, UpdateBillOfLadingBodySchema } from '@lading/contract/bills-of-lading';
import {
  type CreateShippingInstructions,
  type DcsaTransportDocument,
  toShippingInstructions,
} from '@lading/contract/dcsa';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../../lib/principal';
import { assertCurrentVersion, requireExpectedVersion } from '../../lib/versioning';
import type { BillsOfLadingService } from '../bills-of-lading';
import type { BookingsService } from '../bookings';
import { toDcsaBooking } from './booking-document';
import { findBillDcsaFacts, findBookingDcsaFacts, findIdsByCode } from './dcsa.repository';
import { codesOf, toBillUpdate } from './shipping-instructions';
import { toTransportDocument } from './transport-document';

/** The body as validated by the route: the instructions, or the schema's problems by JSON path. */
export type ShippingInstructionsInput =
  | { ok: true; body: CreateShippingInstructions }
  | { ok: false; fields: Record<string, string> };

const invalid = (fields: Record<string, string>) => {
  const [field, message] = Object.entries(fields)[0]!;
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fields });
};

export function createDcsaService(deps: {
  db: Db;
  bills: Pick<BillsOfLadingService, 'getBill' | 'updateBill'>;
  bookings: Pick<BookingsService, 'getBooking'>;
}) {
  const { db, bills, bookings } = deps;
  return {
    /** The bill (within the caller's scope, else 404) as a DCSA eBL 3.0.3 TransportDocument, and its version. */
    async exportBill(caller: Principal, id: number) {
      const bill = await bills.getBill(caller, id);
      const facts = await findBillDcsaFacts(db, id);
      return { document: toTransportDocument(bill, facts), version: bill.version, number: bill.number };
    },

    /**
     * Shipping instructions applied to the bill through the edit screen's save (`bills.updateBill`): same rules,
     * scoping, version check, transaction, history row and status change. Order: 404 outside the caller's scope,
     * 409 when issued, 400 for a body that is not valid shipping instructions, 428/412 for the version, then the
     * mapping's 400s (read-only values changed, another bill's reference) and the save's own, all by JSON path.
     * Instructions that would store nothing new keep the bill as it is (same version, no history row). Answers the
     * bill's transport document.
     */
    async importShippingInstructions(
      caller: Principal,
      id: number,
      input: ShippingInstructionsInput,
      ifMatch: string | undefined,
    ): Promise<{ document: DcsaTransportDocument; version: number }> {
      const bill = await bills.getBill(caller, id);
      if (LOCKED_STATUSES.includes(bill.status))
        throw new AppError('CONFLICT', BL_MESSAGES.locked, { fields: { status: `is ${bill.status}` } });
      if (!input.ok) throw invalid(input.fields);
      const expected = requireExpectedVersion(
        ifMatch,
        undefined,
        'the version you exported (If-Match: its ETag)',
      );
      assertCurrentVersion(bill.version, expected, BL_MESSAGES.stale);

      const si = input.body;
      const baseline = toShippingInstructions(toTransportDocument(bill, await findBillDcsaFacts(db, id)));
      const codes = await findIdsByCode(db, codesOf(si));
      const { body, errors, paths } = toBillUpdate(si, baseline, bill, codes);
      if (Object.keys(errors).length) throw invalid(errors);
      const parsed = UpdateBillOfLadingBodySchema.safeParse(body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const [path, message] = paths.resolve(issue.path.join('.'), issue.message);
          fields[path] ??= message;
        }
        throw invalid(fields);
      }
      try {
        // The save checks the version again under its row lock: a change since our read is a 412, never lost.
        // Instructions that change nothing stored write nothing: the version, status and history stay as they are.
        const updated = await bills.updateBill(caller, id, parsed.data, ifMatch, { keepUnchanged: true });
        const facts = await findBillDcsaFacts(db, id);
        return { document: toTransportDocument(updated, facts), version: updated.version };
      } catch (error) {
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED' && error.fields)
          throw invalid(paths.translate(error.fields));
        throw error;
      }
    },

    /** The booking (within the caller's scope, else 404) as a DCSA Booking 2.0.4 Booking. */
    async exportBooking(caller: Principal, id: number) {
      const booking = await bookings.getBooking(caller, id);
      const facts = await findBookingDcsaFacts(db, id);
      return { document: toDcsaBooking(booking, facts), version: booking.version };
    },
  };
}

export type DcsaService = ReturnType<typeof createDcsaService>;
