import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
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
    // The DCSA feed (GET /dcsa/tnt/v3/events, decision 029): each filter's rows in the feed's order, so a page is an
    // index range read whatever the table's size.
    index('tracking_events_feed_equipment_idx').on(table.equipmentReference, table.createdAt, table.id),
    index('tracking_events_feed_document_idx').on(table.documentReference, table.createdAt, table.id),
    index('tracking_events_voyage_idx').on(table.voyageId),
    index('tracking_events_port_idx').on(table.portId),
    check('tracking_events_type_check', sql`${table.eventType} in ('EQUIPMENT', 'TRANSPORT', 'SHIPMENT')`),
    check('tracking_events_classifier_check', sql`${table.classifier} in ('ACT', 'EST', 'PLN')`),
    check(
      'tracking_events_shipment_is_actual',
      sql`${table.eventType} <> 'SHIPMENT' or ${table.classifier} = 'ACT'`,
    ),
  ],
);

/** A sealed secret (lib/sealing.ts): what the database keeps of a subscription's shared secret. */
type SealedSecret = { iv: string; tag: string; data: string };

/**
 * DCSA Track & Trace event subscriptions (decision 029): a callback URL, its shared secret (sealed, never answered)
 * and the standard's filters. A subscription belongs to the scope it was created in (`scope`, the caller's
 * `lib/scopes.ts` scope as JSON): its owner reaches it, and it is pushed only the events that scope may read.
 */
export const trackingSubscriptions = pgTable(
  'tracking_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The standard's `subscriptionID`. */
    subscriptionId: uuid('subscription_id').notNull().unique().defaultRandom(),
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull(),
    createdById: integer('created_by_id').references(() => users.id),
    callbackUrl: text('callback_url').notNull(),
    secretSealed: jsonb('secret_sealed').$type<SealedSecret>().notNull(),
    eventTypes: text('event_types').array(),
    shipmentEventTypeCodes: text('shipment_event_type_codes').array(),
    documentTypeCodes: text('document_type_codes').array(),
    documentReference: text('document_reference'),
    equipmentEventTypeCodes: text('equipment_event_type_codes').array(),
    equipmentReference: text('equipment_reference'),
    transportEventTypeCodes: text('transport_event_type_codes').array(),
    /** As the subscriber wrote it (answered back), and the call it names (matched on). */
    transportCallReference: text('transport_call_reference'),
    /** Null again when the voyage is removed: the reference then matches nothing. */
    transportCallId: integer('transport_call_id').references(() => transportCalls.id, {
      onDelete: 'set null',
    }),
    vesselIMONumber: text('vessel_imo_number'),
    carrierExportVoyageNumber: text('carrier_export_voyage_number'),
    carrierServiceCode: text('carrier_service_code'),
    UNLocationCode: text('un_location_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tracking_subscriptions_scope_idx').on(table.scope)],
);

/**
 * The push outbox (decision 029): one row per event and subscription, written in the transaction that appends the
 * event. The webhook worker claims a due row (FOR UPDATE SKIP LOCKED) and keeps it locked while it POSTs, marking it
 * DELIVERED after a 2xx in the same transaction; a failure schedules the next attempt. A row waits while an earlier
 * one of the same subscription and `ordering_key` (a container, a transport call, a document) is pending.
 */
export const trackingDeliveries = pgTable(
  'tracking_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => trackingSubscriptions.id, { onDelete: 'cascade' }),
    /**
     * The event (`tracking_events.id`). No foreign key: events are never deleted (the append-only trigger), and a key
     * would make a TRUNCATE of the events fail on it before the trigger could say why.
     */
    eventId: integer('event_id').notNull(),
    orderingKey: text('ordering_key').notNull(),
    status: text('status', { enum: ['PENDING', 'DELIVERED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    unique('tracking_deliveries_once').on(table.subscriptionId, table.eventId),
    index('tracking_deliveries_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'PENDING'`),
    index('tracking_deliveries_order_idx')
      .on(table.subscriptionId, table.orderingKey, table.eventId)
      .where(sql`${table.status} = 'PENDING'`),
    check('tracking_deliveries_status_check', sql`${table.status} in ('PENDING', 'DELIVERED', 'FAILED')`),
  ],
);
