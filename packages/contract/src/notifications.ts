import { z } from 'zod';
import { DB_INT_MAX } from './ids';
import { listQuerySchema } from './list-query';

/**
 * What a notification is about: the domain event that caused it. The first group goes to the customer who owns the
 * record, the second to carrier staff of the record's office (and the corporate office).
 */
export const CUSTOMER_NOTIFICATION_KINDS = [
  'BL_APPROVED',
  'BL_RETURNED',
  'BL_ISSUED',
  'QUOTATION_PRICED',
  'QUOTATION_EXPIRING',
  'BOOKING_CONFIRMED',
  'BOOKING_REJECTED',
  'COMPANY_MEMBERSHIP_APPROVED',
  'COMPANY_MEMBERSHIP_REFUSED',
  'VOYAGE_DELAYED',
  'BOOKING_ROLLED_OVER',
  'SHIPMENT_MILESTONE',
] as const;
export const STAFF_NOTIFICATION_KINDS = ['BL_SUBMITTED', 'QUOTATION_REQUESTED', 'BOOKING_REQUESTED'] as const;
export const NOTIFICATION_KINDS = [...CUSTOMER_NOTIFICATION_KINDS, ...STAFF_NOTIFICATION_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How each kind is named on the profile's e-mail preferences. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  BL_APPROVED: 'Bill of lading approved',
  BL_RETURNED: 'Bill of lading returned with a comment',
  BL_ISSUED: 'Bill of lading issued',
  QUOTATION_PRICED: 'Quotation priced',
  QUOTATION_EXPIRING: 'Quotation about to expire',
  BOOKING_CONFIRMED: 'Booking confirmed',
  BOOKING_REJECTED: 'Booking rejected',
  COMPANY_MEMBERSHIP_APPROVED: 'Company membership approved',
  COMPANY_MEMBERSHIP_REFUSED: 'Company membership refused',
  VOYAGE_DELAYED: 'Sailing of a booking delayed or advanced',
  BOOKING_ROLLED_OVER: 'Booking moved to another sailing',
  SHIPMENT_MILESTONE: 'Shipment milestones (gated in, departed, transhipped, arrived, available for pick-up)',
  BL_SUBMITTED: 'Bill of lading submitted for review',
  QUOTATION_REQUESTED: 'Quotation to price',
  BOOKING_REQUESTED: 'Booking to confirm',
};

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The web route of the record, e.g. `/bl_view/12`. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET cp/notifications/: newest first; `unread=true` lists only unread ones. */
export const NotificationListQuerySchema = listQuerySchema({
  unread: z.enum(['true', 'false', '1', '0']).optional(),
  skip: z.coerce.number().int().min(0).max(DB_INT_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationListResponseSchema = z.object({
  /** How many match the query (all, or unread only). */
  count: z.number().int(),
  unreadCount: z.number().int(),
  results: z.array(NotificationSchema),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponseSchema>;

export const ReadAllResponseSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });

export const NotificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  label: z.string(),
  /** False: no e-mail copy of this kind. The bell always shows it. */
  email: z.boolean(),
});
export const NotificationPreferencesResponseSchema = z.object({
  results: z.array(NotificationPreferenceSchema),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesResponseSchema>;

export const UpdateNotificationPreferencesBodySchema = z.object({
  preferences: z
    .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.boolean() }))
    .min(1, 'must name at least one kind')
    .max(NOTIFICATION_KINDS.length),
});
export type UpdateNotificationPreferencesBody = z.infer<typeof UpdateNotificationPreferencesBodySchema>;
