import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { ports, railwayStations } from './reference-data';
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

/**
 * Inland haulage (issue 28 item 5), carrier-wide like the sea tariffs: one amount per container of a size-type.
 * RAIL: a railway station or ICD to or from a port (the station list is Indian, so the port is Indian too). DOOR: a
 * band of straight-line distance in whole km (from inclusive, to exclusive) between a door's geocoded point and the
 * port. The active tariffs of one key (mode, port, station or band, size-type) never overlap in validity (and, for
 * doors, in band): checked under a lock when one is written or reactivated.
 */
export const inlandTariffs = pgTable(
  'inland_tariffs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mode: text('mode').$type<'RAIL' | 'DOOR'>().notNull(),
    portId: integer('port_id')
      .notNull()
      .references(() => ports.id),
    /** RAIL only. */
    stationId: integer('station_id').references(() => railwayStations.id),
    /** DOOR only: the band, whole km. */
    fromKm: integer('from_km'),
    toKm: integer('to_km'),
    isoCode: text('iso_code').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    /** ISO 4217. */
    currency: text('currency').notNull(),
    /** Per container. */
    amount: money('amount').notNull(),
    /** False once deactivated: kept for history and for the quotations priced from it; it prices no new enquiry. */
    active: boolean('active').notNull().default(true),
    createdById: integer('created_by_id').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inland_tariffs_lookup_idx').on(table.portId, table.mode, table.isoCode, table.validFrom),
    check(
      'inland_tariffs_mode_fields',
      sql`(${table.mode} = 'RAIL' and ${table.stationId} is not null and ${table.fromKm} is null and ${table.toKm} is null)
        or (${table.mode} = 'DOOR' and ${table.stationId} is null and ${table.fromKm} >= 0 and ${table.toKm} > ${table.fromKm})`,
    ),
  ],
);
