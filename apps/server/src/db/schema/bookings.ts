import { date, index, integer, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offices } from './offices';
import { quotations } from './quotations';
import { ports } from './reference-data';
import { users } from './users';
import { voyages } from './voyages';

export const bookingNumbers = pgSequence('booking_numbers', { startWith: 1001 });

/** A confirmed booking (the commercial flow of the roadmap fills these; the demo seed holds a few). */
export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull().unique(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    polId: integer('pol_id').references(() => ports.id),
    podId: integer('pod_id').references(() => ports.id),
    vesselName: text('vessel_name'),
    voyageNumber: text('voyage_number'),
    /** REQUESTED (accepted quotation, awaiting the carrier), CONFIRMED, REJECTED, CANCELLED, COMPLETED. */
    status: text('status').notNull().default('CONFIRMED'),
    /** The accepted quotation it came from (null for bookings made before the portal's commercial flow). */
    quotationId: integer('quotation_id').references(() => quotations.id),
    /** The office of the port of loading: scopes carrier staff, like quotations. */
    officeId: integer('office_id').references(() => offices.id),
    /** The sailing (voyage) the booking is on: chosen with the rate enquiry or by the carrier at confirmation. */
    voyageId: integer('voyage_id').references(() => voyages.id),
    etd: date('etd'),
    eta: date('eta'),
    rejectionReason: text('rejection_reason'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bookings_created_by_idx').on(table.createdById),
    index('bookings_quotation_idx').on(table.quotationId),
    // The carrier's queue and office scope (status per office), and the dashboard search by number.
    index('bookings_office_status_idx').on(table.officeId, table.status),
    index('bookings_voyage_idx').on(table.voyageId),
    index('bookings_number_trgm').using('gin', table.number.op('gin_trgm_ops')),
  ],
);
