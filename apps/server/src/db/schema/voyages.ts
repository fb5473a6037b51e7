import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { ports } from './reference-data';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The carrier's vessels (DCSA Commercial Schedules `vessel`): IMO number with its check digit verified. */
export const vessels = pgTable('vessels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  imoNumber: text('imo_number').notNull().unique(),
  name: text('name').notNull(),
  /** ISO 3166-1 alpha-2 flag state. */
  flag: text('flag').notNull(),
  callSign: text('call_sign'),
  /** SCAC or SMDG code of the vessel's operator. */
  operatorCarrierCode: text('operator_carrier_code').notNull(),
  teuCapacity: integer('teu_capacity').notNull(),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A liner service (DCSA `carrierServiceCode`): its rotation, frequency, voyage suffix and default cut-offs. */
export const carrierServices = pgTable('carrier_services', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Days between two sailings of the service (7: weekly). */
  frequencyDays: smallint('frequency_days').notNull().default(7),
  /** The direction letter closing each voyage number (`2611W`: year 26, ISO week 11, westbound). */
  voyageSuffix: text('voyage_suffix').notNull(),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The ordered port calls of a service's rotation; times are offsets from the first call's arrival. */
export const serviceCalls = pgTable(
  'service_calls',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => carrierServices.id, { onDelete: 'cascade' }),
    sequence: smallint('sequence').notNull(),
    portId: integer('port_id')
      .notNull()
      .references(() => ports.id),
    terminalName: text('terminal_name'),
    /** Days after the first call's arrival that the vessel arrives here. */
    dayOffset: smallint('day_offset').notNull(),
    /** Hours alongside: the departure is this long after the arrival. */
    portStayHours: smallint('port_stay_hours').notNull().default(24),
  },
  (table) => [primaryKey({ columns: [table.serviceId, table.sequence] })],
);

/** The vessels deployed on a service, in the order they take its sailings. */
export const serviceVessels = pgTable(
  'service_vessels',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => carrierServices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    vesselId: integer('vessel_id')
      .notNull()
      .references(() => vessels.id),
  },
  (table) => [primaryKey({ columns: [table.serviceId, table.position] })],
);

/** A service's default cut-offs (DCSA cut-off codes): hours before the call's estimated departure. */
export const serviceCutOffs = pgTable(
  'service_cut_offs',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => carrierServices.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    hoursBeforeDeparture: smallint('hours_before_departure').notNull(),
  },
  (table) => [primaryKey({ columns: [table.serviceId, table.code] })],
);

/** One sailing of a vessel on a service (`carrierVoyageNumber`, unique per service: generation is idempotent). */
export const voyages = pgTable(
  'voyages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => carrierServices.id),
    vesselId: integer('vessel_id')
      .notNull()
      .references(() => vessels.id),
    carrierVoyageNumber: text('carrier_voyage_number').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('voyages_service_number_unique').on(table.serviceId, table.carrierVoyageNumber),
    index('voyages_vessel_idx').on(table.vesselId),
  ],
);

export const TRANSPORT_CALL_STATUS_VALUES = ['SCHEDULED', 'OMITTED', 'ARRIVED', 'DEPARTED'] as const;

/**
 * A voyage's call at a port, in sequence. `planned_*` is the schedule as generated; `eta`/`etd` the carrier's current
 * estimate (the schedule until a delay); `ata`/`atd` what happened. A call belongs to the office serving its port
 * (`offices.port_id`, read at the time of the change), which scopes branch staff.
 */
export const transportCalls = pgTable(
  'transport_calls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    voyageId: integer('voyage_id')
      .notNull()
      .references(() => voyages.id, { onDelete: 'cascade' }),
    sequence: smallint('sequence').notNull(),
    portId: integer('port_id')
      .notNull()
      .references(() => ports.id),
    terminalName: text('terminal_name'),
    plannedArrival: at('planned_arrival').notNull(),
    plannedDeparture: at('planned_departure').notNull(),
    eta: at('eta').notNull(),
    etd: at('etd').notNull(),
    ata: at('ata'),
    atd: at('atd'),
    status: text('status', { enum: TRANSPORT_CALL_STATUS_VALUES }).notNull().default('SCHEDULED'),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    unique('transport_calls_voyage_sequence_unique').on(table.voyageId, table.sequence),
    // The point-to-point search: departures from a port in a window, arrivals at a port.
    index('transport_calls_port_etd_idx').on(table.portId, table.etd),
    index('transport_calls_port_eta_idx').on(table.portId, table.eta),
    check(
      'transport_calls_status_check',
      sql`${table.status} in ('SCHEDULED', 'OMITTED', 'ARRIVED', 'DEPARTED')`,
    ),
  ],
);

/** A call's cut-offs (DCSA `cutOffDateTimeCode`): the service's defaults when generated, changed per voyage by staff. */
export const transportCallCutOffs = pgTable(
  'transport_call_cut_offs',
  {
    transportCallId: integer('transport_call_id')
      .notNull()
      .references(() => transportCalls.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    at: at('at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.transportCallId, table.code] })],
);
