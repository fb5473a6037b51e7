import type { Permission } from '@lading/contract/access';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationPreferences,
  type UpdateNotificationPreferencesBody,
} from '@lading/contract/notifications';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { publishEvent } from '../../lib/domain-events';
import type { Principal } from '../../lib/principal';
import {
  claimExpiringQuotations,
  countUnread,
  findEmailOptOuts,
  findNotificationsOfUser,
  markAllNotificationsRead,
  markNotificationRead,
  signalUsers,
  upsertEmailPreferences,
} from './notifications.repository';

/** A priced quotation gets its "about to expire" notice this many days before its validity ends. */
export const EXPIRY_NOTICE_DAYS = 3;

/**
 * The permission that makes each kind of notice useful to its reader: news of a customer's own records goes to those
 * who act on them (edit a bill, accept a quotation, cancel a booking, keep a profile), carrier staff's work to those
 * who do it (review bills, price quotations, confirm bookings). Decided by permission, never by a role.
 */
const KIND_PERMISSIONS: Record<NotificationKind, Permission> = {
  BL_APPROVED: { module: 'CP', resource: 'BL', operation: 'EDIT' },
  BL_RETURNED: { module: 'CP', resource: 'BL', operation: 'EDIT' },
  BL_ISSUED: { module: 'CP', resource: 'BL', operation: 'EDIT' },
  QUOTATION_PRICED: { module: 'CP', resource: 'QUOTATION', operation: 'ACCEPT' },
  QUOTATION_EXPIRING: { module: 'CP', resource: 'QUOTATION', operation: 'ACCEPT' },
  BOOKING_CONFIRMED: { module: 'CP', resource: 'BOOKING', operation: 'CANCEL' },
  BOOKING_REJECTED: { module: 'CP', resource: 'BOOKING', operation: 'CANCEL' },
  COMPANY_MEMBERSHIP_APPROVED: { module: 'CP', resource: 'PROFILE', operation: 'EDIT' },
  COMPANY_MEMBERSHIP_REFUSED: { module: 'CP', resource: 'PROFILE', operation: 'EDIT' },
  VOYAGE_DELAYED: { module: 'CP', resource: 'BOOKING', operation: 'CANCEL' },
  BOOKING_ROLLED_OVER: { module: 'CP', resource: 'BOOKING', operation: 'CANCEL' },
  SHIPMENT_MILESTONE: { module: 'CP', resource: 'BOOKING', operation: 'CANCEL' },
  BL_SUBMITTED: { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'APPROVE' },
  QUOTATION_REQUESTED: { module: 'ADMIN', resource: 'QUOTATION', operation: 'PRICE' },
  BOOKING_REQUESTED: { module: 'ADMIN', resource: 'BOOKING', operation: 'CONFIRM' },
};

/** The kinds that can reach this user, in the contract's order. */
const kindsFor = (principal: Principal): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => principal.can(KIND_PERMISSIONS[kind]));

/**
 * Each user's own notifications: nothing here takes a user id from the request, so another user's notification is
 * simply not found (404).
 */
export function createNotificationsService(deps: { db: Db; kickMail: () => void }) {
  const { db } = deps;
  return {
    findNotifications: (principal: Principal, query: NotificationListQuery) =>
      findNotificationsOfUser(db, principal.userId, {
        unreadOnly: query.unread === 'true' || query.unread === '1',
        skip: query.skip,
        limit: query.limit,
      }),

    async markRead(principal: Principal, id: number) {
      const row = await markNotificationRead(db, principal.userId, id);
      if (!row) throw notFound('Notification');
      // The user's other tabs and devices refresh their bell.
      await signalUsers(db, [principal.userId]);
      return row;
    },

    async markAllRead(principal: Principal) {
      const updated = await markAllNotificationsRead(db, principal.userId);
      if (updated > 0) await signalUsers(db, [principal.userId]);
      return { updated, unreadCount: await countUnread(db, principal.userId) };
    },

    async getPreferences(principal: Principal): Promise<NotificationPreferences> {
      const optOuts = await findEmailOptOuts(db, principal.userId);
      return {
        results: kindsFor(principal).map((kind) => ({
          kind,
          label: NOTIFICATION_KIND_LABELS[kind],
          email: !optOuts.has(kind),
        })),
      };
    },

    async updatePreferences(principal: Principal, body: UpdateNotificationPreferencesBody) {
      const allowed = kindsFor(principal);
      const fields: Record<string, string> = {};
      body.preferences.forEach((p, index) => {
        if (!allowed.includes(p.kind)) fields[`preferences.${index}.kind`] = 'is not a notice you receive';
      });
      if (Object.keys(fields).length > 0) {
        const [first] = Object.entries(fields);
        throw new AppError('VALIDATION_FAILED', `${first![0]}: ${first![1]}`, { fields });
      }
      await db.transaction((tx) => upsertEmailPreferences(tx, principal.userId, body.preferences));
      return this.getPreferences(principal);
    },

    /**
     * Publishes QUOTATION_EXPIRING once for each priced quotation within EXPIRY_NOTICE_DAYS of its end; the claim and
     * the events share one transaction, so a crash loses nothing and a second instance finds nothing left to claim.
     */
    async sweepExpiringQuotations(): Promise<number> {
      const claimed = await db.transaction(async (tx) => {
        const rows = await claimExpiringQuotations(tx, EXPIRY_NOTICE_DAYS);
        for (const row of rows) {
          await publishEvent(tx, null, {
            type: 'QUOTATION_EXPIRING',
            recordType: 'QUOTATION',
            recordId: row.id,
            payload: { number: row.number, ownerId: row.ownerId, validUntil: row.validUntil },
          });
        }
        return rows.length;
      });
      if (claimed > 0) deps.kickMail();
      return claimed;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
