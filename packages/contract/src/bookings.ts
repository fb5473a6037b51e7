import { z } from 'zod';
import { ISO_6346_DOC } from './bill-of-lading-rules';
import { isValidContainerNumber, normalizeContainerNumber } from './bills-of-lading';
import { DB_INT_MAX, idSchema, queryIdSchema } from './ids';
import { listQuerySchema } from './list-query';
import { CARGO_TYPES, CustomerRefSchema, EquipmentLineSchema } from './quotations';
import { BOOKING_SORT_FIELDS, BOOKING_STATUSES, type BookingStatus } from './status-codes';
import { reasonSchema } from './voyages';

export { BOOKING_SORT_FIELDS, BOOKING_STATUSES, type BookingSort, type BookingStatus } from './status-codes';

/** What moves a booking on, from which statuses: the customer cancels; carrier staff confirm or reject. */
export const BOOKING_TRANSITIONS = {
  cancel: { from: ['REQUESTED'], to: 'CANCELLED' },
  confirm: { from: ['REQUESTED'], to: 'CONFIRMED' },
  reject: { from: ['REQUESTED'], to: 'REJECTED' },
} as const satisfies Record<string, { from: readonly BookingStatus[]; to: BookingStatus }>;

const portRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const BookingSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(BOOKING_STATUSES),
  createdById: z.number().int(),
  quotationId: z.number().int().nullable(),
  quotationNumber: z.string().nullable(),
  customer: CustomerRefSchema,
  pol: portRef.nullable(),
  pod: portRef.nullable(),
  cargoType: z.enum(CARGO_TYPES).nullable(),
  equipment: z.array(EquipmentLineSchema.extend({ weightPerUnit: z.number() })),
  /** The sailing (voyage) the booking is on; vessel, voyage number, ETD and ETA then follow it (older bookings: null). */
  voyageId: z.number().int().nullable(),
  vesselName: z.string().nullable(),
  voyageNumber: z.string().nullable(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  /** The cut-offs of the sailing at the port of loading (DCSA codes, ISO date-times in UTC). */
  cutOffs: z.array(z.object({ code: z.string(), at: z.string() })),
  billOfLadingId: z.number().int().nullable(),
  rejectionReason: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof BookingSchema>;

/** What a booking list sorts by (newest first unless asked): when booked, number, status, sailing dates. */

/** GET cp/bookings/: the specification's search (booking_number, created_by_id, limit 10) plus status and sort. */
export const BookingListQuerySchema = listQuerySchema({
  booking_number: z.string().trim().max(40).optional(),
  created_by_id: queryIdSchema.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  sort: z.enum(BOOKING_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  skip: z.coerce.number().int().min(0).max(DB_INT_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type BookingListQuery = z.infer<typeof BookingListQuerySchema>;

export const BookingListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(BookingSchema),
});

/**
 * POST cp/bookings/{id}/confirm/ (carrier staff): the sailing — a voyage of the lane loading at the booking's port of
 * loading, picked from its upcoming sailings — and the containers allocated to the booking. The booking's vessel,
 * voyage number, ETD and ETA then come from the voyage.
 */
export const ConfirmBookingBodySchema = z
  .object({
    voyageId: idSchema('Please pick a sailing'),
    containers: z
      .array(
        z.object({
          containerNumber: z
            .string({ message: 'is required' })
            // As written on papers: "MSCU 123456-5" is MSCU1234565.
            .overwrite(normalizeContainerNumber)
            .refine(isValidContainerNumber, 'is not a valid ISO 6346 container number (check digit)')
            .meta(ISO_6346_DOC),
          isoCode: z
            .string({ message: 'is required' })
            .regex(/^[0-9A-Z]{4}$/, 'must be an ISO 6346 size-type code'),
          tareWeight: z
            .number({ message: 'is required' })
            .positive('must be more than 0')
            .max(20_000, 'is too heavy for a tare (kg)'),
        }),
        { message: 'is required' },
      )
      .min(1, 'needs at least one container')
      .max(99),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.containers.forEach((container, i) => {
      if (seen.has(container.containerNumber))
        ctx.addIssue({
          code: 'custom',
          path: ['containers', i, 'containerNumber'],
          message: 'appears twice',
        });
      seen.add(container.containerNumber);
    });
  });
export type ConfirmBookingBody = z.infer<typeof ConfirmBookingBodySchema>;

export const ConfirmBookingResponseSchema = z.object({
  booking: BookingSchema,
  billOfLadingId: z.number().int(),
});

/** POST cp/bookings/{id}/roll-over/ (carrier staff): the booking moves to another sailing of its lane, with a reason. */
export const RollOverBodySchema = z.object({
  voyageId: idSchema('Please pick the new sailing'),
  reason: reasonSchema,
});
export type RollOverBody = z.infer<typeof RollOverBodySchema>;
