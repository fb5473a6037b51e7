import type { Tx } from '../db/client';
import { domainEvents } from '../db/schema/events';
import type { Principal } from './principal';

/**
 * What happened, for whoever must hear of it (the bell and its e-mail copies, modules/notifications). Payloads carry ids and the facts a
 * message needs at the time (numbers, comments); never secrets.
 */
export type DomainEvent =
  | {
      type: 'BL_SUBMITTED';
      recordType: 'BILL_OF_LADING';
      recordId: number;
      payload: { number: string; ownerId: number };
    }
  | {
      type: 'BL_APPROVED';
      recordType: 'BILL_OF_LADING';
      recordId: number;
      payload: { number: string; ownerId: number };
    }
  | {
      type: 'BL_RETURNED';
      recordType: 'BILL_OF_LADING';
      recordId: number;
      payload: { number: string; ownerId: number; comment: string };
    }
  | {
      type: 'BL_ISSUED';
      recordType: 'BILL_OF_LADING';
      recordId: number;
      payload: { number: string; ownerId: number };
    }
  | {
      type: 'COMPANY_MEMBERSHIP_REQUESTED';
      recordType: 'COMPANY_MEMBERSHIP';
      recordId: number;
      payload: { userId: number; partyId: number; isNewCompany: boolean };
    }
  | {
      type: 'COMPANY_MEMBERSHIP_APPROVED';
      recordType: 'COMPANY_MEMBERSHIP';
      recordId: number;
      payload: MembershipDecided;
    }
  | {
      type: 'COMPANY_MEMBERSHIP_REFUSED';
      recordType: 'COMPANY_MEMBERSHIP';
      recordId: number;
      payload: MembershipDecided;
    }
  | {
      /** A rate enquiry no tariff could price: carrier staff of the office price it. */
      type: 'QUOTATION_REQUESTED';
      recordType: 'QUOTATION';
      recordId: number;
      payload: { number: string; ownerId: number; officeId: number | null };
    }
  | {
      /** A customer accepted a quotation: the booking awaits the carrier's confirmation. */
      type: 'BOOKING_REQUESTED';
      recordType: 'BOOKING';
      recordId: number;
      payload: { number: string; ownerId: number; officeId: number | null; quotationId: number };
    }
  | {
      type: 'QUOTATION_PRICED';
      recordType: 'QUOTATION';
      recordId: number;
      payload: { number: string; ownerId: number };
    }
  | {
      /** A priced quotation is within 3 days of its validity's end (sent once, by the notifications sweep). */
      type: 'QUOTATION_EXPIRING';
      recordType: 'QUOTATION';
      recordId: number;
      payload: { number: string; ownerId: number; validUntil: string };
    }
  | {
      type: 'BOOKING_CONFIRMED';
      recordType: 'BOOKING';
      recordId: number;
      payload: { number: string; ownerId: number; billOfLadingId: number };
    }
  | {
      type: 'BOOKING_REJECTED';
      recordType: 'BOOKING';
      recordId: number;
      payload: { number: string; ownerId: number; reason: string };
    }
  | {
      /** The customer withdrew a booking before the carrier confirmed it: recorded as a shipment event, no notice. */
      type: 'BOOKING_CANCELLED';
      recordType: 'BOOKING';
      recordId: number;
      payload: { number: string; ownerId: number };
    }
  | {
      /**
       * A shipment reached a milestone (gated in, departed, transhipped, arrived, discharged, available for pick-up,
       * …): the booking's customer hears of it, once per milestone and place (issue 30).
       */
      type: 'SHIPMENT_MILESTONE';
      recordType: 'BOOKING';
      recordId: number;
      payload: {
        number: string;
        ownerId: number;
        milestone: string;
        label: string;
        containerNumber: string | null;
        place: { code: string; name: string } | null;
        at: string;
        eventId: string;
      };
    }
  | {
      /** Carrier staff moved a booking to another sailing (a vessel delayed or full): its customer hears of it. */
      type: 'BOOKING_ROLLED_OVER';
      recordType: 'BOOKING';
      recordId: number;
      payload: { number: string; ownerId: number; from: string; to: string; reason: string };
    }
  | {
      /**
       * A call's estimated arrival or departure moved by more than NOTIFY_DELAY_HOURS: every customer with a
       * booking on the voyage hears of it, once per change.
       */
      type: 'VOYAGE_DELAYED';
      recordType: 'VOYAGE';
      recordId: number;
      payload: {
        carrierVoyageNumber: string;
        vesselName: string;
        port: { code: string; name: string };
        etaBefore: string;
        eta: string;
        etdBefore: string;
        etd: string;
        reason: string;
      };
    }
  | {
      /** Someone asked for a reset link for this address (which may match no account): handled off the request. */
      type: 'PASSWORD_RESET_REQUESTED';
      recordType: 'ACCOUNT';
      recordId: 0;
      payload: { email: string };
    };

type MembershipDecided = { userId: number; partyId: number; companyName: string; reason?: string | null };

export type DomainEventType = DomainEvent['type'];

/** Writes the event into the outbox, in the transaction of the change it reports. */
export async function publishEvent(tx: Tx, actor: Principal | null, event: DomainEvent): Promise<void> {
  await tx.insert(domainEvents).values({
    type: event.type,
    recordType: event.recordType,
    recordId: event.recordId,
    actorId: actor?.userId ?? null,
    payload: event.payload,
  });
}
