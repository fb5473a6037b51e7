import { z } from 'zod';
import { BL_STATUSES } from './bills-of-lading';
import { BOOKING_STATUSES } from './bookings';
import { listQuerySchema } from './list-query';
import { QUOTATION_STATUSES } from './quotations';
import { ShipmentSummarySchema } from './tracking';

/** How many months the shipment and volume charts cover, the current month included. */
export const DASHBOARD_MONTHS = 12;
/** A priced quotation is flagged on the customer dashboard this many days before it expires. */
export const EXPIRING_WITHIN_DAYS = 3;
/** At most this many "needs you" items are listed; `attentionTotal` says how many there are. */
export const ATTENTION_LIMIT = 20;
/** Recent activity: the latest entries of the audit trail on the caller's own records. */
export const RECENT_LIMIT = 10;
/** Lanes and customers on the admin dashboard: the largest by TEU. */
export const VOLUME_TOP = 8;

const isoDateTime = z.string();

/**
 * What needs the customer, most pressing first: bills the carrier returned with a comment, quotations that expire
 * within EXPIRING_WITHIN_DAYS, draft bills to complete, bookings awaiting the carrier's confirmation.
 */
export const ATTENTION_KINDS = [
  'BL_RETURNED',
  'QUOTATION_EXPIRING',
  'BL_DRAFT',
  'BOOKING_AWAITING_CONFIRMATION',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const AttentionItemSchema = z.object({
  kind: z.enum(ATTENTION_KINDS),
  title: z.string(),
  /** The carrier's comment on a returned bill; the lane of a quotation or booking. */
  detail: z.string().nullable(),
  /** The portal address that opens the record (or the list holding it). */
  link: z.string(),
  /** Since when it has been waiting (the return, the draft, the booking request; the pricing of a quotation). */
  since: isoDateTime,
  /** The date it must be done by (a quotation's last valid day), YYYY-MM-DD. */
  due: z.string().nullable(),
});
export type AttentionItem = z.infer<typeof AttentionItemSchema>;

/** Containers and TEU of the bills of lading sailing in one month (shipped on board, else the booking's ETD, else the BL date). */
export const ShipmentMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  containers: z.number().int(),
  teu: z.number(),
});
export type ShipmentMonth = z.infer<typeof ShipmentMonthSchema>;

export const RECENT_RECORD_TYPES = ['BILL_OF_LADING', 'QUOTATION', 'BOOKING'] as const;

export const RecentActivitySchema = z.object({
  id: z.number().int(),
  at: isoDateTime,
  recordType: z.enum(RECENT_RECORD_TYPES),
  recordId: z.number().int(),
  /** The record's number (LDG…, QTN…, BKG…). */
  number: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  comment: z.string().nullable(),
  /** The caller did it (otherwise the carrier, or the system). */
  byYou: z.boolean(),
  link: z.string(),
});
export type RecentActivity = z.infer<typeof RecentActivitySchema>;

const countsOf = <T extends readonly [string, ...string[]]>(statuses: T) =>
  z.record(z.enum(statuses), z.number().int());

/** GET cp/dashboard/: the customer's home, in one request, over the caller's own records only. */
export const CustomerDashboardSchema = z.object({
  attention: z.array(AttentionItemSchema),
  attentionTotal: z.number().int(),
  /** Every status with its count (0 included), equal to the count of the list filtered by that status. */
  counts: z.object({
    quotations: countsOf(QUOTATION_STATUSES),
    bookings: countsOf(BOOKING_STATUSES),
    bills: countsOf(BL_STATUSES),
  }),
  /** The last DASHBOARD_MONTHS months, oldest first, months without shipments included (zeros). */
  shipmentsByMonth: z.array(ShipmentMonthSchema),
  recent: z.array(RecentActivitySchema),
  /** Track and trace (issue 30): active shipments counted at sea, arrived and delayed, each with its next step. */
  tracking: ShipmentSummarySchema,
});
export type CustomerDashboard = z.infer<typeof CustomerDashboardSchema>;

/** The carrier's work queues, each the exact set its work list shows. */
export const QUEUE_CODES = [
  'BL_REVIEW',
  'QUOTATION_PRICING',
  'BOOKING_CONFIRMATION',
  'COMPANY_APPROVAL',
] as const;
export type QueueCode = (typeof QUEUE_CODES)[number];

export const WorkQueueSchema = z.object({
  code: z.enum(QUEUE_CODES),
  count: z.number().int(),
  /** When the longest-waiting item entered the queue; null when the queue is empty. */
  oldestAt: isoDateTime.nullable(),
});
export type WorkQueue = z.infer<typeof WorkQueueSchema>;

const volume = {
  bills: z.number().int(),
  containers: z.number().int(),
  teu: z.number(),
};

export const LaneVolumeSchema = z.object({
  polCode: z.string().nullable(),
  polName: z.string().nullable(),
  podCode: z.string().nullable(),
  podName: z.string().nullable(),
  ...volume,
});
export type LaneVolume = z.infer<typeof LaneVolumeSchema>;

export const CustomerVolumeSchema = z.object({
  /** The customer's company; null for bills whose owner has no approved company (named by the user then). */
  partyId: z.number().int().nullable(),
  name: z.string(),
  ...volume,
});
export type CustomerVolume = z.infer<typeof CustomerVolumeSchema>;

/** GET cp/dashboard-admin/: the work queues and volumes of the office the staff member works as. */
export const AdminDashboardSchema = z.object({
  office: z.object({ code: z.string(), name: z.string(), isCorporate: z.boolean() }).nullable(),
  /** Only the queues whose work list the caller may open (its VIEW permission). */
  queues: z.array(WorkQueueSchema),
  volumes: z.object({
    byMonth: z.array(ShipmentMonthSchema),
    /** The VOLUME_TOP lanes by TEU over the same months. */
    byLane: z.array(LaneVolumeSchema),
    /** The VOLUME_TOP customers (companies) by TEU over the same months. */
    byCustomer: z.array(CustomerVolumeSchema),
  }),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;

export const SEARCH_MIN_LENGTH = 3;

/** GET cp/dashboard-admin/search/: bills of lading and bookings by number, or by their customer's company name. */
export const AdminSearchQuerySchema = listQuerySchema({
  query: z
    .string({ message: 'is required' })
    .trim()
    .min(SEARCH_MIN_LENGTH, `must be at least ${SEARCH_MIN_LENGTH} characters`)
    .max(80, 'must be at most 80 characters'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type AdminSearchQuery = z.infer<typeof AdminSearchQuerySchema>;

export const SEARCH_RESULT_KINDS = ['BILL_OF_LADING', 'BOOKING'] as const;

export const AdminSearchResultSchema = z.object({
  kind: z.enum(SEARCH_RESULT_KINDS),
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  /** The customer's company (null while the owner has no approved company). */
  customer: z.string().nullable(),
  customerEmail: z.string(),
  polCode: z.string().nullable(),
  podCode: z.string().nullable(),
  /** What the query matched: the record's number or the customer's company name. */
  matchedOn: z.enum(['NUMBER', 'COMPANY']),
  link: z.string(),
});
export type AdminSearchResult = z.infer<typeof AdminSearchResultSchema>;

export const AdminSearchResponseSchema = z.object({ results: z.array(AdminSearchResultSchema) });
