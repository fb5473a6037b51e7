import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { parties } from './companies';
import { offices } from './offices';
import { hsCodes, packageTypes, ports } from './reference-data';
import { users } from './users';

/** Decimal columns: exact in the database, numbers in the API (2 decimals, specification section 5). */
const decimal = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** Containers known to the carrier: ISO 6346 number, size-type, tare. */
export const containers = pgTable('containers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  number: text('number').notNull().unique(),
  isoCode: text('iso_code').notNull(),
  /** What the BL screen shows as "Type", e.g. 20GP, 40HC. */
  nickname: text('nickname').notNull(),
  tareWeight: decimal('tare_weight').notNull(),
});

export const BL_STATUS_VALUES = ['DRAFT', 'UPDATE PENDING', 'APPROVED', 'ISSUED', 'SURRENDERED'] as const;

export const billsOfLading = pgTable(
  'bills_of_lading',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull().unique(),
    status: text('status', { enum: BL_STATUS_VALUES }).notNull().default('DRAFT'),
    /** The owner: the customer user the bill belongs to (specification section 6: created_by_id). */
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    version: integer('version').notNull().default(1),
    bookingId: integer('booking_id').references(() => bookings.id),
    polId: integer('pol_id').references(() => ports.id),
    podId: integer('pod_id').references(() => ports.id),
    vesselName: text('vessel_name'),
    voyageNumber: text('voyage_number'),
    issuingOfficeId: integer('issuing_office_id').references(() => offices.id),
    blDate: date('bl_date', { mode: 'string' }),
    blType: text('bl_type'),
    loadDischargeTerms: text('load_discharge_terms'),
    loadType: text('load_type'),
    dischargeType: text('discharge_type'),
    paymentMethod: text('payment_method'),
    cargoCategory: text('cargo_category'),
    noOfOriginals: smallint('no_of_originals').notNull().default(3),
    noOfOriginalsPrinted: smallint('no_of_originals_printed').notNull().default(0),
    noOfCopies: smallint('no_of_copies').notNull().default(3),
    noOfCopiesPrinted: smallint('no_of_copies_printed').notNull().default(0),
    noOfDraftPrinted: smallint('no_of_draft_printed').notNull().default(0),
    issuedBy: text('issued_by'),
    issuedOn: timestamp('issued_on', { withTimezone: true }),
    deliveryAgent: text('delivery_agent'),
    releasedAt: text('released_at'),
    isBlSurrendered: boolean('is_bl_surrendered').notNull().default(false),
    surrenderedOn: timestamp('surrendered_on', { withTimezone: true }),
    surrenderedAt: text('surrendered_at'),
    surrenderedBy: text('surrendered_by'),
    surrenderRemark: text('surrender_remark'),
    shippedOnBoardDate: date('shipped_on_board_date', { mode: 'string' }),
    shipperId: integer('shipper_id').references(() => parties.id),
    shipperNameInBl: text('shipper_name_in_bl'),
    shipperPhoneNo: text('shipper_phone_no'),
    consigneeId: integer('consignee_id').references(() => parties.id),
    consigneeNameInBl: text('consignee_name_in_bl'),
    consigneePhoneNo: text('consignee_phone_no'),
    weightUnitInBl: text('weight_unit_in_bl').notNull().default('KG'),
    description: text('description'),
    marksAndNos: text('marks_and_nos'),
    noOfPacks: integer('no_of_packs'),
    totalContainers: integer('total_containers').notNull().default(0),
    netWeight: decimal('net_weight'),
    netWeightUnit: text('net_weight_unit').notNull().default('KG'),
    grossWeight: decimal('gross_weight'),
    grossWeightUnit: text('gross_weight_unit').notNull().default('KG'),
    measurement: decimal('measurement'),
    saidToContain: text('said_to_contain'),
    shipperLoadAndStowCount: boolean('shipper_load_and_stow_count').notNull().default(true),
    oneDoorOpenContainer: boolean('one_door_open_container').notNull().default(false),
    docsStatus: text('docs_status'),
    hideTareWeight: boolean('hide_tare_weight').notNull().default(false),
    hideTotalWeight: boolean('hide_total_weight').notNull().default(false),
    hideCbm: boolean('hide_cbm').notNull().default(false),
    /** The carrier's comment when it returned the bill to the customer. */
    reviewComment: text('review_comment'),
    /** The editable content as last approved (or as first drafted), for the reviewer's side-by-side comparison. */
    approvedSnapshot: jsonb('approved_snapshot'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The lists page along (scope column, sort key, id) without sorting: a customer's own bills, a branch's, all
    // (corporate office), a status (filter and the review queue). Keep in step with listOrder() and the EXPLAIN test.
    index('bills_of_lading_owner_updated_idx').on(table.createdById, table.updatedAt, table.id),
    index('bills_of_lading_office_updated_idx').on(table.issuingOfficeId, table.updatedAt, table.id),
    index('bills_of_lading_status_updated_idx').on(table.status, table.updatedAt, table.id),
    // The capped count of a status across all offices (status filter, review queue): a status alone, deduplicated by
    // the B-tree into posting lists, is counted about a third faster than along (status, updated_at, id).
    index('bills_of_lading_status_idx').on(table.status),
    index('bills_of_lading_updated_idx').on(table.updatedAt, table.id),
    index('bills_of_lading_pol_idx').on(table.polId),
    index('bills_of_lading_pod_idx').on(table.podId),
    index('bills_of_lading_booking_idx').on(table.bookingId),
    // Branch scope (issuing office) with a status: the review queue and counts; the dashboard search by number.
    index('bills_of_lading_office_status_idx').on(table.issuingOfficeId, table.status),
    index('bills_of_lading_number_trgm').using('gin', table.number.op('gin_trgm_ops')),
    // The BL-number search of five characters or more: every five-character piece of lower(number) (the function is
    // migration 0034's), so a term's last five characters find a few candidates where trigrams find hundreds.
    index('bills_of_lading_number_grams').using('gin', sql`bl_number_grams(${table.number})`),
    check('bills_of_lading_version_positive', sql`${table.version} > 0`),
  ],
);

/** At most two notify parties per bill (position 1 or 2). */
export const blNotifyParties = pgTable(
  'bl_notify_parties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blId: integer('bl_id')
      .notNull()
      .references(() => billsOfLading.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    partyId: integer('party_id').references(() => parties.id),
    isNonParty: boolean('is_non_party').notNull().default(false),
    nonParty: text('non_party').notNull().default(''),
    partyNameInBl: text('party_name_in_bl'),
    address: text('address'),
    mobile: text('mobile'),
    email: text('email'),
  },
  (table) => [
    unique('bl_notify_parties_position').on(table.blId, table.position),
    check('bl_notify_parties_position_range', sql`${table.position} in (1, 2)`),
  ],
);

/** A container on a bill, with what the customer declares about its load. */
export const blContainers = pgTable(
  'bl_containers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blId: integer('bl_id')
      .notNull()
      .references(() => billsOfLading.id, { onDelete: 'cascade' }),
    containerId: integer('container_id')
      .notNull()
      .references(() => containers.id),
    position: smallint('position').notNull(),
    sealNo: text('seal_no'),
    packageTypeId: integer('package_type_id').references(() => packageTypes.id),
    noOfPacks: integer('no_of_packs'),
    netWeight: decimal('net_weight'),
    grossWeight: decimal('gross_weight'),
    grossWeightUnit: text('gross_weight_unit').notNull().default('KG'),
    measurement: decimal('measurement'),
    vgm: decimal('vgm'),
    vgmMethod: text('vgm_method'),
    /** The VGM and method come from the booking's SOLAS declaration (vgm_declarations): the bill's save keeps them. */
    vgmDeclared: boolean('vgm_declared').notNull().default(false),
  },
  (table) => [
    unique('bl_containers_container').on(table.blId, table.containerId),
    index('bl_containers_bl_idx').on(table.blId),
  ],
);

export const blCargoDetails = pgTable(
  'bl_cargo_details',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blId: integer('bl_id')
      .notNull()
      .references(() => billsOfLading.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    hsCodeId: integer('hs_code_id').references(() => hsCodes.id),
    hsnCodeAddOn: text('hsn_code_add_on'),
    commodity: text('commodity'),
    packageTypeId: integer('package_type_id').references(() => packageTypes.id),
    packageDetails: text('package_details'),
  },
  (table) => [index('bl_cargo_details_bl_idx').on(table.blId)],
);

/** Bill of lading numbers for drafts created when a booking is confirmed. */
export const billNumbers = pgSequence('bill_numbers', { startWith: 5001 });

/**
 * A late acceptance: carrier staff let the customer submit a bill (DCO) or change its VGM (VCO) after the sailing's
 * cut-off, until a date-time, with a reason (audited). The latest grant per bill and cut-off counts.
 */
export const blLateAcceptances = pgTable(
  'bl_late_acceptances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blId: integer('bl_id')
      .notNull()
      .references(() => billsOfLading.id, { onDelete: 'cascade' }),
    cutOff: text('cut_off').notNull(),
    reason: text('reason').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    grantedById: integer('granted_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bl_late_acceptances_bill_idx').on(table.blId, table.cutOff),
    check('bl_late_acceptances_cut_off_check', sql`${table.cutOff} in ('DCO', 'VCO')`),
  ],
);
