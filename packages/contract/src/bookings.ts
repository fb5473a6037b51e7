import { z } from 'zod';
import { DB_INT_MAX, queryIdSchema } from './ids';
import { listQuerySchema } from './list-query';
import { CARGO_TYPES, EquipmentLineSchema } from './quotations';

export const BOOKING_STATUSES = ['REQUESTED', 'CONFIRMED', 'REJECTED', 'CANCELLED', 'COMPLETED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What moves a booking on, from which statuses (the carrier's confirm and reject come with the admin workspace). */
export const BOOKING_TRANSITIONS = {
  cancel: { from: ['REQUESTED'], to: 'CANCELLED' },
} as const satisfies Record<string, { from: readonly BookingStatus[]; to: BookingStatus }>;

const portRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const BookingSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(BOOKING_STATUSES),
  createdById: z.number().int(),
  quotationId: z.number().int().nullable(),
  quotationNumber: z.string().nullable(),
  pol: portRef.nullable(),
  pod: portRef.nullable(),
  cargoType: z.enum(CARGO_TYPES).nullable(),
  equipment: z.array(EquipmentLineSchema.extend({ weightPerUnit: z.number() })),
  vesselName: z.string().nullable(),
  voyageNumber: z.string().nullable(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  billOfLadingId: z.number().int().nullable(),
  rejectionReason: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof BookingSchema>;

/** GET cp/bookings/: the specification's search (booking_number, created_by_id, limit 10) plus status. */
export const BookingListQuerySchema = listQuerySchema({
  booking_number: z.string().trim().max(40).optional(),
  created_by_id: queryIdSchema.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  skip: z.coerce.number().int().min(0).max(DB_INT_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type BookingListQuery = z.infer<typeof BookingListQuerySchema>;

export const BookingListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(BookingSchema),
});
