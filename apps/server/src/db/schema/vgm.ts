import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { containers } from './bills-of-lading';
import { bookings } from './bookings';
import { users } from './users';

/**
 * A SOLAS VGM declaration (issue 26): one per container of a booking — the container allocated at confirmation
 * (`containers.id`, ISO 6346 number unique there), so a container carried again on a later booking has a
 * declaration per booking. Declared by the booking's customer until the sailing's VGM cut-off; versioned.
 */
export const vgmDeclarations = pgTable(
  'vgm_declarations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    containerId: integer('container_id')
      .notNull()
      .references(() => containers.id),
    /** SM1 (the packed container weighed) or SM2 (contents weighed, tare added). */
    method: text('method').notNull(),
    /** kg, exact: rounded half up to 2 decimals on the decimal sent. */
    verifiedGrossMass: numeric('verified_gross_mass', { precision: 14, scale: 2 }).notNull(),
    weighingDate: date('weighing_date', { mode: 'string' }).notNull(),
    weighingParty: text('weighing_party').notNull(),
    authorisedSignatory: text('authorised_signatory').notNull(),
    declaredById: integer('declared_by_id')
      .notNull()
      .references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('vgm_declarations_booking_container').on(table.bookingId, table.containerId),
    index('vgm_declarations_container_idx').on(table.containerId),
    check('vgm_declarations_method_check', sql`${table.method} in ('SM1', 'SM2')`),
    check('vgm_declarations_mass_positive', sql`${table.verifiedGrossMass} > 0`),
    check('vgm_declarations_version_positive', sql`${table.version} > 0`),
  ],
);
