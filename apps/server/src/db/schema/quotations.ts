import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { money } from './column-types';
import { offices } from './offices';
import { hsCodes, ports } from './reference-data';
import { inlandTariffs, tariffs } from './tariffs';
import { users } from './users';
import { voyages } from './voyages';

export const quotationNumbers = pgSequence('quotation_numbers', { startWith: 1001 });

/**
 * A rate enquiry and its answer. Priced at once from the tariff (QUOTED, with its charges copied: they never change
 * afterwards, whatever happens to the tariff), or REQUESTED when no tariff matches (priced later by carrier staff).
 * EXPIRED is not stored: a QUOTED quotation past valid_until reads as EXPIRED.
 */
export const quotations = pgTable(
  'quotations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull().unique(),
    status: text('status').notNull(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    /** The office of the port of loading (the corporate office when no office serves it): scopes carrier staff. */
    officeId: integer('office_id').references(() => offices.id),
    polId: integer('pol_id')
      .notNull()
      .references(() => ports.id),
    podId: integer('pod_id')
      .notNull()
      .references(() => ports.id),
    cargoType: text('cargo_type').notNull(),
    hazardClass: text('hazard_class'),
    unNumber: text('un_number'),
    hsCodeId: integer('hs_code_id')
      .notNull()
      .references(() => hsCodes.id),
    cargoReadyDate: date('cargo_ready_date').notNull(),
    pickup: jsonb('pickup'),
    delivery: jsonb('delivery'),
    currency: text('currency'),
    totalAmount: money('total_amount'),
    validUntil: date('valid_until'),
    /** The sailing the customer chose on the schedules screen (null: any sailing of the lane). */
    voyageId: integer('voyage_id').references(() => voyages.id),
    rejectionReason: text('rejection_reason'),
    /**
     * The inland legs (PICKUP, DELIVERY) no active inland tariff covered when the enquiry came in: "inland haulage on
     * request", priced by carrier staff.
     */
    inlandOnRequest: text('inland_on_request').array().notNull().default(sql`'{}'::text[]`),
    /** When the "about to expire" notice went out (once per quotation; modules/notifications sweeps for them). */
    expiryNoticeAt: timestamp('expiry_notice_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quotations_created_by_idx').on(table.createdById, table.createdAt),
    index('quotations_office_status_idx').on(table.officeId, table.status),
  ],
);

export const quotationEquipment = pgTable(
  'quotation_equipment',
  {
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    isoCode: text('iso_code').notNull(),
    quantity: smallint('quantity').notNull(),
    weightPerUnit: numeric('weight_per_unit', { precision: 14, scale: 2 }).notNull(),
    weightUnit: text('weight_unit').notNull(),
  },
  (table) => [primaryKey({ columns: [table.quotationId, table.position] })],
);

/** The priced lines, copied from the tariff when the quotation was issued; total_amount is exactly their sum. */
export const quotationCharges = pgTable(
  'quotation_charges',
  {
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    basis: text('basis').notNull(),
    isoCode: text('iso_code'),
    quantity: smallint('quantity').notNull(),
    unitAmount: money('unit_amount').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
  },
  (table) => [primaryKey({ columns: [table.quotationId, table.position] })],
);

/**
 * The tariffs a quotation was priced from (one per size-type of its equipment), recorded when it is priced, so a
 * tariff that priced a quotation is kept (deactivated, never deleted: the foreign key refuses the delete too).
 */
export const quotationTariffs = pgTable(
  'quotation_tariffs',
  {
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id),
  },
  (table) => [
    primaryKey({ columns: [table.quotationId, table.tariffId] }),
    index('quotation_tariffs_tariff_idx').on(table.tariffId),
  ],
);

/** The inland tariffs a quotation was priced from (one per leg and size-type), kept like `quotation_tariffs`. */
export const quotationInlandTariffs = pgTable(
  'quotation_inland_tariffs',
  {
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    inlandTariffId: integer('inland_tariff_id')
      .notNull()
      .references(() => inlandTariffs.id),
  },
  (table) => [
    primaryKey({ columns: [table.quotationId, table.inlandTariffId] }),
    index('quotation_inland_tariffs_tariff_idx').on(table.inlandTariffId),
  ],
);
