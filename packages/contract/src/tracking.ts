import { z } from 'zod';
import { ISO_6346_DOC, isValidContainerNumber, normalizeContainerNumber } from './bill-of-lading-rules';
import { DATE_TIME_DOC, DATE_TIME_SHAPE, isRealCalendarDay } from './calendar';
import { singleLine } from './single-line';

/**
 * Track and trace (issue 30), in the names of DCSA Track & Trace 3.0.0-Beta-1 (EVENT_DOMAIN 3.1.0): equipment events
 * per container, transport events per transport call, shipment events per document. Events are append-only; a
 * correction is a new event that retracts the old one (`retractedEventID`). Date-times are ISO 8601 in UTC; screens
 * show them in the place's own time zone with its offset.
 */

/* ---------------------------------------------------------------- code lists (EVENT_DOMAIN 3.1.0) */

export const EVENT_TYPES = ['EQUIPMENT', 'TRANSPORT', 'SHIPMENT'] as const;
export type TrackingEventType = (typeof EVENT_TYPES)[number];

export const EQUIPMENT_EVENT_TYPE_CODES = {
  LOAD: 'Loaded',
  DISC: 'Discharged',
  GTIN: 'Gated in',
  GTOT: 'Gated out',
  STUF: 'Stuffed',
  STRP: 'Stripped',
  PICK: 'Picked up',
  AVPU: 'Available for pick-up',
  DROP: 'Dropped off',
  AVDO: 'Available for drop-off',
  INSP: 'Inspected',
  RSEA: 'Resealed',
  RMVD: 'Removed',
  CUSS: 'Customs selected for scan',
  CUSI: 'Customs selected for inspection',
  CUSR: 'Customs released',
  CROS: 'Crossed',
} as const;
export type EquipmentEventTypeCode = keyof typeof EQUIPMENT_EVENT_TYPE_CODES;
const EQUIPMENT_CODES = Object.keys(EQUIPMENT_EVENT_TYPE_CODES) as [
  EquipmentEventTypeCode,
  ...EquipmentEventTypeCode[],
];

export const TRANSPORT_EVENT_TYPE_CODES = { ARRI: 'Arrived', DEPA: 'Departed' } as const;
export type TransportEventTypeCode = keyof typeof TRANSPORT_EVENT_TYPE_CODES;

export const SHIPMENT_EVENT_TYPE_CODES = {
  RECE: 'Received',
  DRFT: 'Drafted',
  PENA: 'Pending approval',
  PENU: 'Pending update',
  PENC: 'Pending confirmation',
  CONF: 'Confirmed',
  REJE: 'Rejected',
  APPR: 'Approved',
  ISSU: 'Issued',
  SURR: 'Surrendered',
  SUBM: 'Submitted',
  VOID: 'Void',
  REQS: 'Requested',
  CMPL: 'Completed',
  HOLD: 'On hold',
  RELS: 'Released',
  CANC: 'Cancelled',
} as const;
export type ShipmentEventTypeCode = keyof typeof SHIPMENT_EVENT_TYPE_CODES;

/** The documents Lading's shipment events name: the booking, the shipping instructions and the transport document. */
export const DOCUMENT_TYPE_CODES = {
  BKG: 'Booking',
  SHI: 'Shipping instructions',
  TRD: 'Transport document',
} as const;
export type DocumentTypeCode = keyof typeof DOCUMENT_TYPE_CODES;

export const EVENT_CLASSIFIER_CODES = { ACT: 'Actual', EST: 'Estimated', PLN: 'Planned' } as const;
export type EventClassifierCode = keyof typeof EVENT_CLASSIFIER_CODES;
const CLASSIFIERS = Object.keys(EVENT_CLASSIFIER_CODES) as [EventClassifierCode, ...EventClassifierCode[]];

export const EMPTY_INDICATOR_CODES = ['EMPTY', 'LADEN'] as const;
export type EmptyIndicatorCode = (typeof EMPTY_INDICATOR_CODES)[number];

/** DCSA facility type codes of an equipment event's place. */
export const FACILITY_TYPE_CODES = {
  BORD: 'Border',
  CLOC: 'Customer location',
  COFS: 'Container freight station',
  OFFD: 'Off-dock storage',
  DEPO: 'Depot',
  INTE: 'Inland terminal',
  POTE: 'Port terminal',
  RAMP: 'Ramp',
  WAYP: 'Waypoint',
} as const;
export type FacilityTypeCode = keyof typeof FACILITY_TYPE_CODES;
const FACILITY_TYPES = Object.keys(FACILITY_TYPE_CODES) as [FacilityTypeCode, ...FacilityTypeCode[]];

/** Vessel moves: recorded at a transport call of a voyage. */
export const VESSEL_MOVES: readonly EquipmentEventTypeCode[] = ['LOAD', 'DISC'];

/* ---------------------------------------------------------------- milestones */

/**
 * The milestones a customer is told of (bell, e-mail copy) and the public page shows: an actual event of one of these
 * kinds. `key` names the notification's milestone; a transhipment's discharge and load are one "transhipped" milestone.
 */
export const MILESTONES = {
  GATED_IN: 'Gated in at origin',
  DEPARTED: 'Departed',
  TRANSHIPPED: 'Transhipped',
  ARRIVED: 'Arrived',
  DISCHARGED: 'Discharged',
  AVAILABLE: 'Available for pick-up',
  DELIVERED: 'Delivered',
  EMPTY_RETURNED: 'Empty container returned',
  EMPTY_PICKED_UP: 'Empty container picked up',
} as const;
export type Milestone = keyof typeof MILESTONES;

/**
 * Which milestone an actual equipment event is, given where the booking loads and discharges (port codes): null for
 * events that are no milestone (an inspection, a planned move).
 */
export function milestoneOf(
  event: {
    eventType: TrackingEventType;
    code: string;
    classifier: EventClassifierCode;
    emptyIndicator: EmptyIndicatorCode | null;
    transshipment: boolean;
    placeCode: string | null;
  },
  route: { pol: string | null; pod: string | null },
): Milestone | null {
  if (event.classifier !== 'ACT' || event.eventType !== 'EQUIPMENT') return null;
  const empty = event.emptyIndicator === 'EMPTY';
  switch (event.code) {
    case 'GTOT':
      return empty ? 'EMPTY_PICKED_UP' : 'DELIVERED';
    case 'GTIN':
      if (empty) return 'EMPTY_RETURNED';
      return event.placeCode !== null && event.placeCode === route.pod ? null : 'GATED_IN';
    case 'LOAD':
      return event.transshipment ? 'TRANSHIPPED' : 'DEPARTED';
    case 'DISC':
      if (event.transshipment) return null;
      return event.placeCode !== null && route.pod !== null && event.placeCode !== route.pod
        ? null
        : 'DISCHARGED';
    case 'AVPU':
      return 'AVAILABLE';
    default:
      return null;
  }
}

/* ---------------------------------------------------------------- references */

/** What a tracking search recognised in what was typed. */
export const TRACK_REFERENCE_KINDS = ['container', 'bill-of-lading', 'booking'] as const;
export type TrackReferenceKind = (typeof TRACK_REFERENCE_KINDS)[number];

export type RecognisedReference =
  | { kind: 'container'; reference: string; valid: true }
  | { kind: 'container'; reference: string; valid: false; message: string }
  | { kind: 'bill-of-lading' | 'booking'; reference: string; valid: true };

const CONTAINER_SHAPE = /^[A-Z]{3}[UJZ]\d{7}$/;

/**
 * What a search box's text is: an ISO 6346 container number (owner code, category U/J/Z, 7 digits; written with
 * spaces or dashes as on papers), a booking number (`BKG…`) or else a bill-of-lading number. A container number whose
 * check digit is wrong is recognised as one, and refused with "check digit does not match".
 */
export function recogniseReference(typed: string): RecognisedReference {
  const compact = normalizeContainerNumber(typed.trim());
  if (CONTAINER_SHAPE.test(compact)) {
    return isValidContainerNumber(compact)
      ? { kind: 'container', reference: compact, valid: true }
      : { kind: 'container', reference: compact, valid: false, message: 'check digit does not match' };
  }
  const reference = typed.trim().toUpperCase();
  if (/^BKG/.test(reference)) return { kind: 'booking', reference, valid: true };
  return { kind: 'bill-of-lading', reference, valid: true };
}

/* ---------------------------------------------------------------- recording */

const isoDateTime = z
  .string({ message: 'is required' })
  .refine(
    (value) => DATE_TIME_SHAPE.test(value),
    'must be an ISO 8601 date-time with its offset (2026-11-28T18:00:00Z)',
  )
  // JavaScript reads 30 February as 2 March: the day must exist.
  .refine((value) => !Number.isNaN(Date.parse(value)) && isRealCalendarDay(value), 'is not a real date-time')
  .meta(DATE_TIME_DOC)
  .refine((value) => {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return true;
    const year = new Date(at).getUTCFullYear();
    return year >= 1900 && year <= 9999;
  }, 'must be between the years 1900 and 9999');

const containerNumber = z
  .string({ message: 'is required' })
  .max(20, 'must be at most 20 characters')
  .overwrite(normalizeContainerNumber)
  .refine((value) => CONTAINER_SHAPE.test(value), 'must be an ISO 6346 container number (ABCU1234567)')
  .refine(
    (value) => !CONTAINER_SHAPE.test(value) || isValidContainerNumber(value),
    'check digit does not match',
  )
  .meta(ISO_6346_DOC);

/** POST /cp/admin/equipment-events/: one equipment event, in the standard's names. */
export const RecordEquipmentEventBodySchema = z.strictObject({
  equipmentReference: containerNumber,
  equipmentEventTypeCode: z.enum(EQUIPMENT_CODES, {
    message: `must be one of ${EQUIPMENT_CODES.join(', ')}`,
  }),
  eventClassifierCode: z.enum(CLASSIFIERS, { message: 'must be ACT, EST or PLN' }),
  eventDateTime: isoDateTime,
  UNLocationCode: z
    .string({ message: 'is required' })
    .overwrite((value) => value.trim().toUpperCase())
    .refine((value) => /^[A-Z]{2}[A-Z2-9]{3}$/.test(value), 'must be a UN/LOCODE (5 characters, e.g. SGSIN)')
    .meta({ pattern: '^\\s*[A-Za-z]{2}[A-Za-z2-9]{3}\\s*$' }),
  facilitySMDGCode: singleLine(z.string().trim().max(6, 'must be at most 6 characters'))
    .refine(
      (value) => value === '' || /^[A-Z0-9]{1,6}$/i.test(value),
      'must be an SMDG terminal code (up to 6 letters or digits)',
    )
    .meta({ pattern: '^\\s*[A-Za-z0-9]{0,6}\\s*$' })
    .optional(),
  facilityTypeCode: z
    .enum(FACILITY_TYPES, { message: `must be one of ${FACILITY_TYPES.join(', ')}` })
    .optional(),
  emptyIndicatorCode: z.enum(EMPTY_INDICATOR_CODES, { message: 'must be EMPTY or LADEN' }),
  carrierExportVoyageNumber: singleLine(
    z.string().trim().max(50, 'must be at most 50 characters'),
  ).optional(),
  isTransshipmentMove: z.boolean({ message: 'must be true or false' }).optional(),
  /** A correction: the event (eventID) this one replaces; the old one stays, marked retracted. */
  retractedEventID: z.uuid({ message: 'must be the eventID of an earlier event' }).optional(),
});
export type RecordEquipmentEventBody = z.infer<typeof RecordEquipmentEventBodySchema>;

/** The columns of a terminal-moves CSV file, in this order, with a header line naming them. */
export const MOVES_CSV_COLUMNS = [
  'containerNumber',
  'eventCode',
  'UNLocationCode',
  'facility',
  'eventDateTime',
  'voyageNumber',
  'emptyIndicator',
] as const;

/** POST /cp/admin/equipment-events/import/: a CSV of terminal moves (actual events), all or nothing. */
export const ImportMovesBodySchema = z.strictObject({
  fileName: singleLine(z.string().trim().max(200, 'must be at most 200 characters')).optional(),
  content: z.string({ message: 'is required' }).min(1, 'is empty').max(2_000_000, 'must be at most 2 MB'),
});
export type ImportMovesBody = z.infer<typeof ImportMovesBodySchema>;

export const ImportErrorSchema = z.object({ line: z.number().int(), field: z.string(), message: z.string() });
export type ImportError = z.infer<typeof ImportErrorSchema>;

/* ---------------------------------------------------------------- reading */

export const TrackingPlaceSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** IANA zone of the place; null: shown in UTC. */
  timeZone: z.string().nullable(),
});

export const TrackingEventSchema = z.object({
  /** The standard's eventID (UUID). */
  eventId: z.string(),
  eventType: z.enum(EVENT_TYPES),
  /** equipmentEventTypeCode, transportEventTypeCode or shipmentEventTypeCode. */
  code: z.string(),
  label: z.string(),
  classifier: z.enum(CLASSIFIERS),
  at: z.string(),
  createdAt: z.string(),
  place: TrackingPlaceSchema.nullable(),
  facility: z.object({ code: z.string().nullable(), typeCode: z.string().nullable() }).nullable(),
  containerNumber: z.string().nullable(),
  emptyIndicator: z.enum(EMPTY_INDICATOR_CODES).nullable(),
  transshipment: z.boolean(),
  vessel: z.object({ name: z.string(), carrierVoyageNumber: z.string() }).nullable(),
  document: z.object({ typeCode: z.enum(['BKG', 'SHI', 'TRD']), reference: z.string() }).nullable(),
  milestone: z.string().nullable(),
  /** This event was corrected by a later one (kept for the record, shown struck through). */
  retracted: z.boolean(),
});
export type TrackingEvent = z.infer<typeof TrackingEventSchema>;

/** Where a container is now, worked out from its actual events and the transport plan. */
export const TrackingPositionSchema = z.object({
  status: z.enum([
    'NOT_GATED_IN',
    'AT_ORIGIN',
    'AT_SEA',
    'AT_TRANSHIPMENT',
    'ARRIVED',
    'DELIVERED',
    'RETURNED',
  ]),
  /** e.g. "at sea between Colombo and Singapore, ETA 02/12/2026" is the screen's from these parts. */
  at: TrackingPlaceSchema.nullable(),
  from: TrackingPlaceSchema.nullable(),
  to: TrackingPlaceSchema.nullable(),
  eta: z.string().nullable(),
});
export type TrackingPosition = z.infer<typeof TrackingPositionSchema>;

export const TrackedContainerSchema = z.object({
  containerNumber: z.string(),
  isoCode: z.string().nullable(),
  /** Oldest first; actual, estimated and planned events together (the screen tells them apart). */
  events: z.array(TrackingEventSchema),
  position: TrackingPositionSchema,
});
export type TrackedContainer = z.infer<typeof TrackedContainerSchema>;

/** A stop on the route strip: the transport plan's ports in order. */
export const RouteStopSchema = z.object({
  place: TrackingPlaceSchema,
  role: z.enum(['POL', 'TRANSHIPMENT', 'POD']),
  eta: z.string().nullable(),
  etd: z.string().nullable(),
  ata: z.string().nullable(),
  atd: z.string().nullable(),
});
export type RouteStop = z.infer<typeof RouteStopSchema>;

export const TrackQuerySchema = z.strictObject({
  ref: singleLine(
    z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(40, 'must be at most 40 characters'),
  ),
});

/** GET /cp/track/?ref=: what was recognised and, when the caller may see it, the shipment's containers. */
export const TrackResultSchema = z.object({
  reference: z.string(),
  kind: z.enum(TRACK_REFERENCE_KINDS),
  /** Why nothing is shown: "check digit does not match", or no such record within the caller's reach. */
  message: z.string().nullable(),
  booking: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  bill: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  route: z.array(RouteStopSchema),
  containers: z.array(TrackedContainerSchema),
  /** Shipment events (booking, SI, transport document), oldest first. */
  documents: z.array(TrackingEventSchema),
});
export type TrackResult = z.infer<typeof TrackResultSchema>;

/** GET /public/track/?ref=: milestones only — no parties, cargo, weights, prices or booking numbers. */
export const PublicMilestoneSchema = z.object({
  code: z.string(),
  label: z.string(),
  /** With its IANA zone (null: shown in UTC), so the page can show the local time. */
  place: TrackingPlaceSchema,
  at: z.string(),
  classifier: z.enum(CLASSIFIERS),
});
export const PublicTrackSchema = z.object({
  reference: z.string(),
  kind: z.enum(['container', 'bill-of-lading']).nullable(),
  milestones: z.array(PublicMilestoneSchema),
});
export type PublicTrack = z.infer<typeof PublicTrackSchema>;

/* ---------------------------------------------------------------- the customer dashboard */

/** How far a delay must move the ETA at the port of discharge (from the schedule's plan) to count as delayed. */
export const DELAYED_AFTER_HOURS = 24;

/** One active shipment on the customer's dashboard: where it is and what comes next. */
export const ActiveShipmentSchema = z.object({
  bookingId: z.number().int(),
  bookingNumber: z.string(),
  containers: z.number().int(),
  status: TrackingPositionSchema.shape.status,
  /** The ETA at the port of discharge moved more than DELAYED_AFTER_HOURS from the schedule's plan. */
  delayed: z.boolean(),
  eta: z.string().nullable(),
  pod: TrackingPlaceSchema.nullable(),
  /** The next estimated or planned step (label, place, time), or null when nothing is expected. */
  next: z
    .object({
      code: z.string(),
      label: z.string(),
      place: TrackingPlaceSchema.nullable(),
      at: z.string(),
      classifier: z.enum(CLASSIFIERS),
    })
    .nullable(),
});
export type ActiveShipment = z.infer<typeof ActiveShipmentSchema>;

export const ShipmentSummarySchema = z.object({
  atSea: z.number().int(),
  arrived: z.number().int(),
  delayed: z.number().int(),
  /** Confirmed bookings not yet delivered, the soonest next step first (at most 10). */
  shipments: z.array(ActiveShipmentSchema),
});
export type ShipmentSummary = z.infer<typeof ShipmentSummarySchema>;
