import { z } from 'zod';
import { dateDoc } from './calendar';
import { DB_INT_MAX } from './ids';
import { isoDateSchema } from './quotations';

/**
 * DCSA Commercial Schedules 1.0.3 (issue 26): the three read-only endpoints customers' systems call, their query
 * parameters as the standard names them, and the shapes we answer. The official OpenAPI file is never needed at run
 * time (decision 003): these schemas are ours, written from the standard, and the tests check every answer against
 * the official file. Choices the standard leaves open: decision 014.
 */

/** The version of the standard we answer with, in every answer's `API-Version` header. */
export const DCSA_CS_API_VERSION = '1.0.3';

/** Our page size when `limit` is not given (the standard's default), and the most one page holds. */
export const DCSA_CS_DEFAULT_LIMIT = 100;
export const DCSA_CS_MAX_LIMIT = 1000;

/** The longest departure window of a point-to-point request, as the portal's own search (3 months). */
export const DCSA_CS_MAX_DEPARTURE_DAYS = 92;
/** How far a port schedule reaches from its `date`. */
export const DCSA_CS_PORT_SCHEDULE_DAYS = 28;
/** The longest window of a vessel-schedule request; and its defaults around today (as the standard suggests). */
export const DCSA_CS_MAX_VESSEL_SCHEDULE_DAYS = 366;
export const DCSA_CS_VESSEL_SCHEDULE_DEFAULT = { monthsBefore: 3, monthsAfter: 6 } as const;

/** The standard's patterns. */
const LOCODE = /^[A-Z]{2}[A-Z2-9]{3}$/;
const TRIMMED = /^\S(?:.*\S)?$/;

const unLocationCode = z
  .string({ message: 'is required' })
  .regex(LOCODE, 'must be a UN/LOCODE (2 letters of the country, 3 of the place: NLRTM)');
const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .regex(TRIMMED, 'must not be empty or start or end with white space');
const limit = z.coerce
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(DCSA_CS_MAX_LIMIT, `must be at most ${DCSA_CS_MAX_LIMIT}`)
  .optional();
const cursor = z.string().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters').optional();
/** A day of the standard's `format: date`, within years a schedule can mean (the database holds no year 0). */
const date = isoDateSchema
  .refine((value) => value >= '1900-01-01' && value <= '2999-12-31', 'must be a date from 1900 to 2999')
  .meta(dateDoc(2999));
const serviceType = z.enum(['CY', 'SD', 'CFS'], { message: 'must be CY, SD or CFS' }).optional();

/** GET /dcsa/cs/v1/point-to-point-routes */
export const DcsaPointToPointQuerySchema = z.object({
  placeOfReceipt: unLocationCode,
  placeOfDelivery: unLocationCode,
  departureStartDate: date.optional(),
  departureEndDate: date.optional(),
  arrivalStartDate: date.optional(),
  arrivalEndDate: date.optional(),
  maxTranshipment: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(DB_INT_MAX, 'is too large')
    .optional(),
  receiptTypeAtOrigin: serviceType,
  deliveryTypeAtDestination: serviceType,
  cargoType: z.enum(['DRY', 'REEFER'], { message: 'must be DRY or REEFER' }).optional(),
  limit,
  cursor,
});
export type DcsaPointToPointQuery = z.infer<typeof DcsaPointToPointQuerySchema>;

/** GET /dcsa/cs/v1/port-schedules */
export const DcsaPortScheduleQuerySchema = z.object({
  UNLocationCode: unLocationCode,
  date,
  limit,
  cursor,
});
export type DcsaPortScheduleQuery = z.infer<typeof DcsaPortScheduleQuerySchema>;

/** The vessel-schedule filters; at least one must be given (`startDate` and `endDate` only narrow them). */
export const DCSA_VESSEL_SCHEDULE_FILTERS = [
  'vesselIMONumber',
  'vesselName',
  'carrierServiceCode',
  'universalServiceReference',
  'carrierVoyageNumber',
  'universalVoyageReference',
  'UNLocationCode',
  'facilitySMDGCode',
  'vesselOperatorCarrierCode',
] as const;

/** GET /dcsa/cs/v1/vessel-schedules */
export const DcsaVesselScheduleQuerySchema = z.object({
  vesselIMONumber: z
    .string()
    .regex(/^\d{7,8}$/, 'must be an IMO number (7 digits)')
    .optional(),
  vesselName: text(50).optional(),
  carrierServiceCode: text(11).optional(),
  universalServiceReference: z
    .string()
    .regex(/^SR\d{5}[A-Z]$/, 'must be a universal service reference (SR12345A)')
    .optional(),
  carrierVoyageNumber: text(50).optional(),
  universalVoyageReference: z
    .string()
    .regex(/^\d{2}[0-9A-Z]{2}[NEWSR]$/, 'must be a universal voyage reference (2201N)')
    .optional(),
  UNLocationCode: unLocationCode.optional(),
  facilitySMDGCode: text(6).optional(),
  vesselOperatorCarrierCode: text(10).optional(),
  startDate: date.optional(),
  endDate: date.optional(),
  responseScope: z
    .enum(['FULL_VOYAGE', 'MATCHED_CALLS'], { message: 'must be FULL_VOYAGE or MATCHED_CALLS' })
    .optional(),
  limit,
  cursor,
});
export type DcsaVesselScheduleQuery = z.infer<typeof DcsaVesselScheduleQuerySchema>;

/* ---------------------------------------------------------------- what we answer */

export type DcsaCutOffTime = { cutOffDateTimeCode: string; cutOffDateTime: string };
export type DcsaTimestamp = {
  eventTypeCode: 'ARRI' | 'DEPA';
  eventClassifierCode: 'PLN' | 'EST' | 'ACT';
  eventDateTime: string;
};
export type DcsaLocation = { locationName?: string; facilityName?: string; UNLocationCode: string };
export type DcsaVessel = {
  vesselIMONumber: string;
  name: string;
  flag?: string;
  callSign?: string;
  operatorCarrierCode?: string;
};
export type DcsaServicePartner = {
  carrierCode: string;
  carrierCodeListProvider: 'SMDG' | 'NMFTA';
  carrierServiceName: string;
  carrierServiceCode: string;
  carrierImportVoyageNumber: string;
  carrierExportVoyageNumber: string;
};
export type DcsaPlace = {
  transportCallReference?: string;
  facilityTypeCode: 'POTE';
  location: DcsaLocation;
  dateTime: string;
};
export type DcsaLeg = {
  sequenceNumber: number;
  transport: { modeOfTransport: 'VESSEL'; servicePartners: DcsaServicePartner[]; vessel: DcsaVessel };
  departure: DcsaPlace;
  intermediateCalls?: {
    transportCallReference: string;
    facilityTypeCode: 'POTE';
    location: DcsaLocation;
    arrivalDateTime: string;
    departureDateTime: string;
  }[];
  arrival: DcsaPlace;
};
export type DcsaPointToPoint = {
  placeOfReceipt: DcsaPlace;
  placeOfDelivery: DcsaPlace;
  receiptTypeAtOrigin: 'CY';
  deliveryTypeAtDestination: 'CY';
  cutOffTimes: DcsaCutOffTime[];
  solutionNumber: number;
  transitTime: number;
  legs: DcsaLeg[];
};
export type DcsaPortScheduleEntry = {
  servicePartners: DcsaServicePartner[];
  vessel: DcsaVessel;
  isDummyVessel: false;
  timestamps: DcsaTimestamp[];
  cutOffTimes: DcsaCutOffTime[];
};
export type DcsaPortSchedule = { location: DcsaLocation; vesselSchedules: DcsaPortScheduleEntry[] };
export type DcsaTransportCall = {
  transportCallReference: string;
  carrierImportVoyageNumber: string;
  carrierExportVoyageNumber: string;
  location: DcsaLocation;
  timestamps: DcsaTimestamp[];
  cutOffTimes: DcsaCutOffTime[];
};
export type DcsaServiceSchedule = {
  carrierServiceName: string;
  carrierServiceCode: string;
  vesselSchedules: { vessel: DcsaVessel; isDummyVessel: false; transportCalls: DcsaTransportCall[] }[];
};

/** Response schemas for the API reference (the shapes above; the tests hold them to the official file). */
export const DcsaPointToPointListSchema = z.array(
  z.looseObject({
    placeOfReceipt: z.looseObject({}),
    placeOfDelivery: z.looseObject({}),
    legs: z.array(z.looseObject({})),
  }),
);
export const DcsaPortScheduleListSchema = z.array(
  z.looseObject({ location: z.looseObject({}), vesselSchedules: z.array(z.looseObject({})).optional() }),
);
export const DcsaServiceScheduleListSchema = z.array(
  z.looseObject({
    carrierServiceName: z.string(),
    carrierServiceCode: z.string(),
    vesselSchedules: z.array(z.looseObject({})),
  }),
);

/** The standard's `ErrorResponse`: what a refused query answers (400), one `errors` entry per parameter. */
export const DcsaErrorResponseSchema = z.object({
  httpMethod: z.string(),
  requestUri: z.string(),
  statusCode: z.number().int(),
  statusCodeText: z.string(),
  statusCodeMessage: z.string().optional(),
  providerCorrelationReference: z.string().optional(),
  errorDateTime: z.string(),
  errors: z.array(
    z.object({
      errorCode: z.number().int().optional(),
      property: z.string().optional(),
      value: z.string().optional(),
      errorCodeText: z.string(),
      errorCodeMessage: z.string(),
    }),
  ),
});
export type DcsaErrorResponse = z.infer<typeof DcsaErrorResponseSchema>;

/** Our error codes (the standard leaves them to the implementer: 7000 to 9999). */
export const DCSA_CS_ERROR_CODES = {
  /** A query parameter is missing or not valid (a pattern, a date, a range). */
  invalidQuery: 7001,
  /** A UN/LOCODE that is well formed but not a port we know. */
  unknownLocation: 7002,
  /** A cursor we did not give, or given with other filters than the page it came from. */
  invalidCursor: 7003,
  /** An `API-Version` header whose major version is not 1. */
  invalidApiVersion: 7004,
  /** Something failed on our side. */
  internalError: 9000,
} as const;
