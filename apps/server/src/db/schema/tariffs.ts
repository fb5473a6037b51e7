import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { money } from './column-types';
import { ports } from './reference-data';
import { users } from './users';

/**
 * The carrier's price list for one lane (POL -> POD) and one ISO 6346 size-type, valid from/to (inclusive dates).
 * Validity periods of the active tariffs of one lane and size-type never overlap (checked under a lock when a tariff
 * is written or reactivated).
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    polId: integer('pol_id')
      .notNull()
      .references(() => ports.id),
    podId: integer('pod_id')
      .notNull()
      .references(() => ports.id),
    isoCode: text('iso_code').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    /** ISO 4217. */
    currency: text('currency').notNull(),
    /**
     * False once deactivated: kept for history and for the quotations priced from it, but it never prices a new
     * enquiry and no longer blocks another tariff's validity on its lane.
     */
    active: boolean('active').notNull().default(true),
    createdById: integer('created_by_id').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tariffs_lane_idx').on(table.polId, table.podId, table.isoCode, table.validFrom)],
);

/** The charges of a tariff: ocean freight and surcharges, each per container or per bill of lading. */
export const tariffCharges = pgTable(
  'tariff_charges',
  {
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    basis: text('basis').$type<'PER_CONTAINER' | 'PER_BL'>().notNull(),
    amount: money('amount').notNull(),
    /** Charged only for hazardous cargo (cargo type HAZ). */
    hazardousOnly: boolean('hazardous_only').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.tariffId, table.position] })],
);
