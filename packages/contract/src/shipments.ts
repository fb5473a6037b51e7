import { z } from 'zod';
import { FieldChangeSchema } from './bill-of-lading-review';
import { CargoDetailSchema, ContainerDetailSchema, NotifyPartyDetailSchema } from './bills-of-lading';
import { BookingSchema } from './bookings';
import { CARGO_TYPES, ChargeSchema, MoneySchema } from './quotations';
import { BL_STATUSES } from './status-codes';
import { RouteStopSchema, TrackedContainerSchema, TrackingEventSchema } from './tracking';
import { BILL_CUT_OFFS, PortRefSchema, TRANSPORT_CALL_STATUSES } from './voyages';

/**
 * The shipment page (issue 26): one booking with everything about its shipment, read in one request
 * (`GET /cp/bookings/{id}/shipment/`), and the deadlines of a bill of lading (`GET /cp/bill-of-ladings/{id}/deadlines/`).
 * Every date-time is ISO 8601 in UTC; a call's times are shown in its port's time zone (`port.timeZone`).
 */

/* ---------------------------------------------------------------- a bill's deadlines */

/**
 * The deadlines the customer meets on a bill of lading: the shipping instructions (the bill's submission) by the
 * documentation cut-off (DCO) and the VGM by the VGM cut-off (VCO) of its booking's voyage at the port of loading.
 * `lateUntil`: the latest late acceptance carrier staff granted for that cut-off (it counts while in the future).
 */
export const BillDeadlineSchema = z.object({
  cutOff: z.enum(BILL_CUT_OFFS),
  /** null: the voyage has no such cut-off at the port of loading. */
  at: z.string().nullable(),
  lateUntil: z.string().nullable(),
});
export type BillDeadline = z.infer<typeof BillDeadlineSchema>;

export const BillDeadlinesSchema = z.object({
  /** null: the bill's booking is on no voyage of the schedule, so no cut-off applies. */
  sailing: z
    .object({
      voyageId: z.number().int(),
      vesselName: z.string(),
      carrierVoyageNumber: z.string(),
      /** The port of loading, with its time zone (the deadlines are shown in its local time). */
      port: PortRefSchema,
      etd: z.string(),
      /** The vessel has left the port of loading: nothing is accepted any more, late acceptance or not. */
      departed: z.boolean(),
      deadlines: z.array(BillDeadlineSchema),
    })
    .nullable(),
});
export type BillDeadlines = z.infer<typeof BillDeadlinesSchema>;

/** A bill in one of these statuses has had its shipping instructions submitted (the SI task is done). */
export const SI_SUBMITTED_STATUSES = ['UPDATE PENDING', 'APPROVED', 'ISSUED', 'SURRENDERED'] as const;

/* ---------------------------------------------------------------- the shipment */

export const ShipmentCallSchema = z.object({
  sequence: z.number().int(),
  port: PortRefSchema,
  terminalName: z.string().nullable(),
  eta: z.string(),
  etd: z.string(),
  ata: z.string().nullable(),
  atd: z.string().nullable(),
  status: z.enum(TRANSPORT_CALL_STATUSES),
});
export type ShipmentCall = z.infer<typeof ShipmentCallSchema>;

/** One vessel's part of the journey: from the call where the cargo loads to the one where it is discharged. */
export const ShipmentLegSchema = z.object({
  voyageId: z.number().int(),
  carrierVoyageNumber: z.string(),
  service: z.object({ code: z.string(), name: z.string() }),
  vessel: z.object({ name: z.string(), imoNumber: z.string(), flag: z.string() }),
  /**
   * false: the booking's own sailing. true: the onward vessel the schedule connects to at the transhipment port (a
   * booking names its first vessel only; the connection is the schedule search's, read again at every load).
   */
  planned: z.boolean(),
  load: ShipmentCallSchema,
  /** null: the vessel does not reach the port of discharge and the schedule has no connection for it. */
  discharge: ShipmentCallSchema.nullable(),
});
export type ShipmentLeg = z.infer<typeof ShipmentLegSchema>;

export const SHIPMENT_TASKS = { SI: 'DCO', VGM: 'VCO' } as const;
export type ShipmentTaskCode = keyof typeof SHIPMENT_TASKS;

/**
 * A deadline the customer meets: submit the shipping instructions by the DCO, declare the VGM by the VCO. Whether
 * it is due or overdue depends on the time it is read, so the screen works it out from `at`, `lateUntil` and
 * `departed`; `done` is the server's.
 */
export const ShipmentTaskSchema = z.object({
  code: z.enum(['SI', 'VGM']),
  cutOff: z.enum(BILL_CUT_OFFS),
  at: z.string().nullable(),
  lateUntil: z.string().nullable(),
  /** The port whose local time the deadline is shown in (the port of loading). */
  port: PortRefSchema,
  done: z.boolean(),
  /** When it was done, where known (the bill's last submission). */
  doneAt: z.string().nullable(),
  /** false: nothing to act on yet (the carrier has not confirmed the booking, so there is no bill). */
  open: z.boolean(),
  departed: z.boolean(),
});
export type ShipmentTask = z.infer<typeof ShipmentTaskSchema>;

export const ShipmentBillSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(BL_STATUSES),
  dcsaStatus: z.string(),
  isIssued: z.boolean(),
  reviewComment: z.string().nullable(),
  updatedAt: z.string(),
});
export type ShipmentBill = z.infer<typeof ShipmentBillSchema>;

const partySchema = z.object({
  /** The name printed on the bill (the name in BL, else the company's). */
  name: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const ShipmentPartiesSchema = z.object({
  shipper: partySchema,
  consignee: partySchema,
  notifyParties: z.array(NotifyPartyDetailSchema),
});

export const ShipmentCargoSchema = z.object({
  cargoType: z.enum(CARGO_TYPES).nullable(),
  commodity: z.string().nullable(),
  hsCode: z.string().nullable(),
  hazardClass: z.string().nullable(),
  unNumber: z.string().nullable(),
  cargoReadyDate: z.string().nullable(),
  /** The bill's description of goods and cargo rows, once there is a bill. */
  description: z.string().nullable(),
  rows: z.array(CargoDetailSchema),
});

export const ShipmentPricingSchema = z.object({
  quotationId: z.number().int(),
  quotationNumber: z.string(),
  currency: z.string().nullable(),
  totalAmount: MoneySchema.nullable(),
  charges: z.array(ChargeSchema),
});
export type ShipmentPricing = z.infer<typeof ShipmentPricingSchema>;

export const LOG_ACTORS = ['CUSTOMER', 'CARRIER', 'SYSTEM'] as const;

/**
 * One line of the shipment's log: a row of the audit trail of the booking or its bill. A customer is shown who acted
 * as "you" (the booking's customer), the carrier or the system, never a member of staff's name (decision 014).
 */
export const ShipmentLogEntrySchema = z.object({
  /** The audit row's id. */
  id: z.number().int(),
  at: z.string(),
  record: z.enum(['BOOKING', 'BILL_OF_LADING']),
  recordNumber: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  comment: z.string().nullable(),
  actor: z.enum(LOG_ACTORS),
  /** The actor's name: for carrier staff readers, and for the customer's own rows. */
  actorName: z.string().nullable(),
  changes: z.array(FieldChangeSchema),
});
export type ShipmentLogEntry = z.infer<typeof ShipmentLogEntrySchema>;

export const ShipmentSchema = z.object({
  booking: BookingSchema,
  /** The legs from the port of loading to the port of discharge; empty before the booking is on a voyage. */
  legs: z.array(ShipmentLegSchema),
  tasks: z.array(ShipmentTaskSchema),
  bill: ShipmentBillSchema.nullable(),
  parties: ShipmentPartiesSchema.nullable(),
  cargo: ShipmentCargoSchema,
  containers: z.array(ContainerDetailSchema),
  pricing: ShipmentPricingSchema.nullable(),
  /** Newest first. */
  log: z.array(ShipmentLogEntrySchema),
  /**
   * Track and trace (issue 30): the route strip, each container's timeline and position, and the document events;
   * null for a caller without CP.TRACKING.VIEW.
   */
  tracking: z
    .object({
      route: z.array(RouteStopSchema),
      containers: z.array(TrackedContainerSchema),
      documents: z.array(TrackingEventSchema),
    })
    .nullable(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;
