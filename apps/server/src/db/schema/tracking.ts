import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { billsOfLading, containers } from './bills-of-lading';
import { bookings } from './bookings';
import { ports } from './reference-data';
import { users } from './users';
import { transportCalls, voyages } from './voyages';

/**
 * Track and trace events (issue 30, decision 027): equipment events per container, transport events per
 * transport call and shipment events per document, in DCSA Track & Trace 3.0.0-Beta-1 terms. Append-only — a
 * trigger refuses UPDATE and DELETE; a correction is a new row whose `retracts_id` names the row it replaces.
 * Each row carries what it is about (container, booking, bill, transport call) resolved when it is written, so the
 * reads are index lookups and never reinterpret history.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The standard's `eventID`. */
    eventId: uuid('event_id').notNull().unique().defaultRandom(),
    eventType: text('event_type', { enum: ['EQUIPMENT', 'TRANSPORT', 'SHIPMENT'] }).notNull(),
    /** equipmentEventTypeCode, transportEventTypeCode or shipmentEventTypeCode. */
    code: text('code').notNull(),
    classifier: text('classifier', { enum: ['ACT', 'EST', 'PLN'] }).notNull(),
    eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
    /** `eventCreatedDateTime`: when Lading learnt of it (the API's paging and filters run on it). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A correction: the event this one retracts (the standard's `retractedEventID`). */
    retractsId: integer('retracts_id'),
    containerId: integer('container_id').references(() => containers.id),
    equipmentReference: text('equipment_reference'),
    isoEquipmentCode: text('iso_equipment_code'),
    emptyIndicator: text('empty_indicator', { enum: ['EMPTY', 'LADEN'] }),
    transshipment: boolean('transshipment').notNull().default(false),
    portId: integer('port_id').references(() => ports.id),
    facilityCode: text('facility_code'),
    facilityTypeCode: text('facility_type_code'),
    voyageId: integer('voyage_id').references(() => voyages.id),
    transportCallId: integer('transport_call_id').references(() => transportCalls.id),
    bookingId: integer('booking_id').references(() => bookings.id),
    billId: integer('bill_id').references(() => billsOfLading.id),
    /** Shipment events: the document (BKG, SHI or TRD) and its reference. */
    documentTypeCode: text('document_type_code'),
    documentReference: text('document_reference'),
    reason: text('reason'),
    /** STAFF (one event recorded), IMPORT (a CSV of moves), VOYAGE (a call's estimate or actual), SYSTEM, DEMO. */
    source: text('source', { enum: ['STAFF', 'IMPORT', 'VOYAGE', 'SYSTEM', 'DEMO'] }).notNull(),
    recordedById: integer('recorded_by_id').references(() => users.id),
  },
  (table) => [
    index('tracking_events_container_idx').on(table.equipmentReference, table.eventAt),
    index('tracking_events_booking_idx').on(table.bookingId, table.eventAt),
    index('tracking_events_bill_idx').on(table.billId),
    index('tracking_events_call_idx').on(table.transportCallId),
    index('tracking_events_created_idx').on(table.createdAt, table.id),
    index('tracking_events_retracts_idx').on(table.retractsId),
    check('tracking_events_type_check', sql`${table.eventType} in ('EQUIPMENT', 'TRANSPORT', 'SHIPMENT')`),
    check('tracking_events_classifier_check', sql`${table.classifier} in ('ACT', 'EST', 'PLN')`),
    check(
      'tracking_events_shipment_is_actual',
      sql`${table.eventType} <> 'SHIPMENT' or ${table.classifier} = 'ACT'`,
    ),
  ],
);
