// Code lists that the web app's shell needs at once (the router's search parsers), kept free of zod so the first
// load of every page does not carry the schemas. bills-of-lading.ts, bookings.ts and quotations.ts re-export them.

/**
 * Our bill of lading statuses. The specification names only 'UPDATE PENDING' (set by a customer's save); the rest
 * follow the review workflow. Each maps to DCSA eBL 3.0.3 transportDocumentStatus.
 */
export const BL_STATUSES = ['DRAFT', 'UPDATE PENDING', 'APPROVED', 'ISSUED', 'SURRENDERED'] as const;
export type BlStatus = (typeof BL_STATUSES)[number];
export const BL_SORT_FIELDS = ['number', 'blDate', 'status', 'updatedAt'] as const;

export const BOOKING_STATUSES = ['REQUESTED', 'CONFIRMED', 'REJECTED', 'CANCELLED', 'COMPLETED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_SORT_FIELDS = ['createdAt', 'number', 'status', 'etd', 'eta'] as const;
export type BookingSort = (typeof BOOKING_SORT_FIELDS)[number];

export const QUOTATION_STATUSES = ['REQUESTED', 'QUOTED', 'ACCEPTED', 'REJECTED', 'EXPIRED'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
