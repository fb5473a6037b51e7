import {
  CUSTOMER_NOTIFICATION_KINDS,
  type NotificationKind,
  STAFF_NOTIFICATION_KINDS,
} from '@lading/contract/notifications';
import type { Tx } from '../../db/client';
import type { EventHandler, EventHandlers, StoredEvent } from '../events';
import {
  billReturnedMail,
  enqueueMail,
  type MailContent,
  membershipDecidedMail,
  notificationMail,
} from '../mail';
import { NOTICE_CONTENT, type NoticeContent } from './notifications.content';
import {
  findBillOffice,
  findEmailOptOuts,
  findStaffRecipients,
  findUser,
  findVoyageCustomers,
  insertNotifications,
  type Recipient,
  signalUsers,
} from './notifications.repository';

type AnyEvent = StoredEvent & { payload: Record<string, unknown> };

/** Staff kinds: the permission that makes it their work, and the office of the record. */
const STAFF_WORK: Record<
  (typeof STAFF_NOTIFICATION_KINDS)[number],
  {
    permission: { module: 'ADMIN'; resource: string; operation: string };
    office: (tx: Tx, event: AnyEvent) => Promise<number | null>;
  }
> = {
  BL_SUBMITTED: {
    permission: { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'VIEW' },
    office: (tx, event) => findBillOffice(tx, event.recordId),
  },
  QUOTATION_REQUESTED: {
    permission: { module: 'ADMIN', resource: 'QUOTATION', operation: 'PRICE' },
    office: async (_tx, event) => (event.payload.officeId as number | null) ?? null,
  },
  BOOKING_REQUESTED: {
    permission: { module: 'ADMIN', resource: 'BOOKING', operation: 'CONFIRM' },
    office: async (_tx, event) => (event.payload.officeId as number | null) ?? null,
  },
};

async function recipientsOf(tx: Tx, kind: NotificationKind, event: AnyEvent): Promise<Recipient[]> {
  if (kind in STAFF_WORK) {
    const work = STAFF_WORK[kind as keyof typeof STAFF_WORK];
    return findStaffRecipients(tx, work.permission, await work.office(tx, event));
  }
  // A voyage's change goes to every active customer with a live booking on it.
  if (kind === 'VOYAGE_DELAYED') return findVoyageCustomers(tx, event.recordId);
  // Customer kinds go to the record's owner (or the member the decision is about), and to no one else.
  const userId = (event.payload.ownerId ?? event.payload.userId) as number;
  const user = await findUser(tx, userId);
  return user?.isActive ? [user] : [];
}

/** The e-mail copy: the dedicated templates where the portal had them, the notice's own text otherwise. */
function mailOf(
  kind: NotificationKind,
  event: AnyEvent,
  to: Recipient,
  notice: NoticeContent,
  url: string,
): MailContent {
  const payload = event.payload;
  switch (kind) {
    case 'BL_RETURNED':
      return billReturnedMail({
        ownerName: `${to.firstName} ${to.lastName}`,
        number: payload.number as string,
        comment: payload.comment as string,
        link: url,
      });
    case 'COMPANY_MEMBERSHIP_APPROVED':
    case 'COMPANY_MEMBERSHIP_REFUSED':
      return membershipDecidedMail({
        firstName: to.firstName,
        companyName: payload.companyName as string,
        approved: kind === 'COMPANY_MEMBERSHIP_APPROVED',
        reason: payload.reason as string | null | undefined,
        link: url,
      });
    default:
      return notificationMail({ firstName: to.firstName, title: notice.title, body: notice.body, link: url });
  }
}

/**
 * The bell, fed by the domain events: one notification per recipient, its e-mail copy unless the recipient turned
 * that kind off, and a signal to the recipients' open streams — all in the dispatcher's transaction, so an event
 * notifies once (a failed handler rolls all of it back and is retried).
 */
export function notificationEventHandlers(publicUrl: string): EventHandlers {
  const handle: EventHandler = async (tx, stored) => {
    const event = stored as AnyEvent;
    const kind = event.type as NotificationKind;
    const notice = (NOTICE_CONTENT[kind] as (e: unknown) => NoticeContent)(event);
    const recipients = (await recipientsOf(tx, kind, event)).filter((r) => r.id !== event.actorId);
    // A recipient's own link (a voyage's change: their booking) in place of the kind's.
    const noticeFor = (r: Recipient): NoticeContent => (r.link ? { ...notice, link: r.link } : notice);
    await insertNotifications(
      tx,
      recipients.map((r) => ({ userId: r.id, eventId: event.id, kind, ...noticeFor(r) })),
    );
    for (const recipient of recipients) {
      const optOuts = await findEmailOptOuts(tx, recipient.id);
      if (optOuts.has(kind)) continue;
      const own = noticeFor(recipient);
      await enqueueMail(tx, {
        to: [recipient.email],
        ...mailOf(kind, event, recipient, own, `${publicUrl}${own.link}`),
      });
    }
    await signalUsers(
      tx,
      recipients.map((r) => r.id),
    );
  };
  return Object.fromEntries(
    [...CUSTOMER_NOTIFICATION_KINDS, ...STAFF_NOTIFICATION_KINDS].map((kind) => [kind, [handle]]),
  ) as EventHandlers;
}
