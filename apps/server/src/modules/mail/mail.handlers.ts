import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/users';
import type { EventHandlers } from '../events/event-dispatcher';
import { enqueueMail } from './mail.service';
import { billReturnedMail, membershipDecidedMail } from './mail.templates';

async function findRecipient(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The e-mails fed by domain events: what the other side must hear of, written into the mail outbox. */
export function mailEventHandlers(publicUrl: string): EventHandlers {
  return {
    BL_RETURNED: [
      async (tx, event) => {
        const owner = await findRecipient(tx, event.payload.ownerId);
        if (!owner) return;
        await enqueueMail(tx, {
          to: [owner.email],
          ...billReturnedMail({
            ownerName: `${owner.firstName} ${owner.lastName}`,
            number: event.payload.number,
            comment: event.payload.comment,
            link: `${publicUrl}/bl_view/${event.recordId}`,
          }),
        });
      },
    ],
    COMPANY_MEMBERSHIP_APPROVED: [
      async (tx, event) => {
        const user = await findRecipient(tx, event.payload.userId);
        if (!user) return;
        await enqueueMail(tx, {
          to: [user.email],
          ...membershipDecidedMail({
            firstName: user.firstName,
            companyName: event.payload.companyName,
            approved: true,
            link: `${publicUrl}/app-profile`,
          }),
        });
      },
    ],
    COMPANY_MEMBERSHIP_REFUSED: [
      async (tx, event) => {
        const user = await findRecipient(tx, event.payload.userId);
        if (!user) return;
        await enqueueMail(tx, {
          to: [user.email],
          ...membershipDecidedMail({
            firstName: user.firstName,
            companyName: event.payload.companyName,
            approved: false,
            reason: event.payload.reason,
            link: `${publicUrl}/app-profile`,
          }),
        });
      },
    ],
  };
}
