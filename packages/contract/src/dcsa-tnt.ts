import { z } from 'zod';
import { normalizeContainerNumber } from './bill-of-lading-rules';
import { singleLine } from './single-line';
import {
  EQUIPMENT_EVENT_TYPE_CODES,
  EVENT_TYPES,
  SHIPMENT_EVENT_TYPE_CODES,
  TRANSPORT_EVENT_TYPE_CODES,
} from './tracking';

/**
 * DCSA Track & Trace 3.0.0-Beta-1 (issue 30, decision 029): the events feed customers' systems poll
 * (`GET /dcsa/tnt/v3/events`), one event by its id, and the event subscriptions that push events to a callback URL.
 * Query parameters and bodies in the standard's names (EVENT_DOMAIN 3.1.0); the answers are checked against the
 * official files by the tests, never at run time (decision 003).
 */

/** The version of the standard we answer with, in every answer's `API-Version` header (and each push's). */
export const DCSA_TNT_API_VERSION = '3.0.0-Beta-1';

/** Events per page without `limit` (the standard's default), and the most one page holds. */
export const DCSA_TNT_DEFAULT_LIMIT = 100;
export const DCSA_TNT_MAX_LIMIT = 1000;
/** Subscriptions one owner may hold. */
export const DCSA_TNT_MAX_SUBSCRIPTIONS = 100;

/** Every document type of the standard (`documentTypeCodes`); Lading's shipment events name BKG, SHI and TRD. */
export const DCSA_DOCUMENT_TYPE_CODES = [
  'CBR',
  'BKG',
  'SHI',
  'TRD',
  'DEI',
  'DEO',
  'TRO',
  'CRO',
  'ARN',
  'VGM',
  'CAS',
  'CUC',
  'DGD',
  'OOG',
  'CQU',
  'INV',
  'HCE',
  'PCE',
  'VCE',
  'FCE',
  'ICE',
  'CEA',
  'CEO',
] as const;

/** Our error codes in the standard's error body (ERROR_DOMAIN 2.0.0 leaves them to the implementer: 7000–9999). */
export const DCSA_TNT_ERROR_CODES = {
  /** A parameter or body property is missing or not valid. */
  invalidInput: 7001,
  /** A cursor we did not give, or given with other filters than the page it came from. */
  invalidCursor: 7003,
  /** An `API-Version` header whose major version is not 3. */
  invalidApiVersion: 7004,
  /** Something failed on our side. */
  internalError: 9000,
} as const;

/** The standard's patterns. */
const LOCODE = /^[A-Z]{2}[A-Z2-9]{3}$/;
const TRIMMED = /^\S+(\s+\S+)*$/;

const text = (max: number) =>
  singleLine(
    z
      .string({ message: 'must be a text' })
      .max(max, `must be at most ${max} characters`)
      .regex(TRIMMED, 'must not be empty or start or end with white space'),
  );
const unLocationCode = z
  .string({ message: 'must be a text' })
  .regex(LOCODE, 'must be a UN/LOCODE (2 letters of the country, 3 of the place: NLRTM)');
const imoNumber = z
  .string({ message: 'must be a text' })
  .regex(/^\d{7}$/, 'must be an IMO number (7 digits)');
/** A container number as the standard's `equipmentReference` (11 characters), written with or without spaces. */
const equipmentReference = z
  .string({ message: 'must be a text' })
  .max(20, 'must be at most 11 characters')
  .overwrite(normalizeContainerNumber)
  .pipe(text(11))
  // 1 to 11 characters besides the spaces and dashes the server removes.
  .meta({
    pattern:
      '^[\\s\\-\\u2010-\\u2015]*(?:[^\\s\\-\\u2010-\\u2015\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069][\\s\\-\\u2010-\\u2015]*){1,11}$',
  });

const codes = <T extends string>(all: readonly T[]) => all.join(', ');

/**
 * A comma-separated list of codes in a query string (`eventTypes=SHIPMENT,EQUIPMENT`; the standard's `explode:
 * false`): each one of `all`, at least one.
 */
function codeList<T extends string>(all: readonly [T, ...T[]]) {
  const message = `must be one or more of ${codes(all)}, separated by commas`;
  return z
    .string({ message })
    .max(400, message)
    .transform((value, ctx) => {
      const items = value.split(',').map((item) => item.trim());
      if (items.some((item) => !(all as readonly string[]).includes(item))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(items)] as T[];
    })
    .meta({ pattern: `^\\s*(?:${all.join('|')})\\s*(?:,\\s*(?:${all.join('|')})\\s*)*$` });
}

/** A list of codes in a JSON body (a subscription's filters): each one of `all`, at least one. */
const codeArray = <T extends string>(all: readonly [T, ...T[]]) =>
  z
    .array(z.enum(all, { message: `must be one of ${codes(all)}` }), {
      message: `must be a list of ${codes(all)}`,
    })
    .min(1, 'must name at least one code (leave it out to take every one)')
    .max(all.length * 2, 'has too many codes')
    .transform((items) => [...new Set(items)]);

const EQUIPMENT_CODES = Object.keys(EQUIPMENT_EVENT_TYPE_CODES) as [string, ...string[]];
const TRANSPORT_CODES = Object.keys(TRANSPORT_EVENT_TYPE_CODES) as [string, ...string[]];
const SHIPMENT_CODES = Object.keys(SHIPMENT_EVENT_TYPE_CODES) as [string, ...string[]];
const EVENT_TYPE_LIST = [...EVENT_TYPES] as [string, ...string[]];

/* ---------------------------------------------------------------- GET /dcsa/tnt/v3/events */

/** The operators of a date-time filter (`eventCreatedDateTime:gte=…`); none is `eq`. */
export const DCSA_DATE_TIME_OPERATORS = ['gte', 'gt', 'lte', 'lt', 'eq'] as const;
export type DcsaDateTimeOperator = (typeof DCSA_DATE_TIME_OPERATORS)[number];

/**
 * A date-time with its offset, as the standard writes them (`2021-04-01T14:12:56-01:00`, `…Z`), with up to six
 * decimals of a second (the feed's `eventCreatedDateTime` has six, so a poller can send back the last one it saw).
 */
const dateTime = z
  .string({ message: 'must be a date-time' })
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/.test(value),
    'must be a date-time with its offset (2026-04-01T14:12:56Z or 2026-04-01T14:12:56+05:30; a + is written %2B in a URL)',
  )
  .refine((value) => {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return false;
    const year = new Date(at).getUTCFullYear();
    return year >= 1900 && year <= 9999;
  }, 'must be a real date-time between the years 1900 and 9999')
  .meta({
    format: 'date-time',
    pattern:
      '^(?:19\\d\\d|[2-9]\\d{3})-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})$',
  });

const dateTimeParameters = <N extends string>(name: N) =>
  Object.fromEntries([
    [name, dateTime.optional()],
    ...DCSA_DATE_TIME_OPERATORS.map((op) => [`${name}:${op}`, dateTime.optional()]),
  ]) as Record<N | `${N}:${DcsaDateTimeOperator}`, z.ZodOptional<typeof dateTime>>;

/** The filters of the feed (and of a subscription) that take one value. */
const singleFilters = {
  documentReference: text(100).optional(),
  equipmentReference: equipmentReference.optional(),
  transportCallReference: text(100).optional(),
  vesselIMONumber: imoNumber.optional(),
  carrierExportVoyageNumber: text(50).optional(),
  carrierServiceCode: text(11).optional(),
  UNLocationCode: unLocationCode.optional(),
};

/** GET /dcsa/tnt/v3/events: the standard's filters (AND between them, OR within a list), `limit` and our `cursor`. */
export const DcsaTntEventsQuerySchema = z.object({
  eventTypes: codeList(EVENT_TYPE_LIST).optional(),
  shipmentEventTypeCodes: codeList(SHIPMENT_CODES).optional(),
  documentTypeCodes: codeList(DCSA_DOCUMENT_TYPE_CODES).optional(),
  transportEventTypeCodes: codeList(TRANSPORT_CODES).optional(),
  equipmentEventTypeCodes: codeList(EQUIPMENT_CODES).optional(),
  ...singleFilters,
  carrierImportVoyageNumber: text(50).optional(),
  universalServiceReference: text(8).optional(),
  universalExportVoyageReference: text(5).optional(),
  universalImportVoyageReference: text(5).optional(),
  ...dateTimeParameters('eventCreatedDateTime'),
  ...dateTimeParameters('eventDateTime'),
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(DCSA_TNT_MAX_LIMIT, `must be at most ${DCSA_TNT_MAX_LIMIT}`)
    .optional(),
  /** The page after another: the cursor in the `Next-Page` link we answered (opaque). */
  cursor: z
    .string({ message: 'must be the cursor of a Next-Page link' })
    .min(1, 'must not be empty')
    .max(512, 'is not a cursor this API gave')
    .optional(),
});
export type DcsaTntEventsQuery = z.infer<typeof DcsaTntEventsQuerySchema>;

/** GET /dcsa/tnt/v3/events/{eventID} */
export const DcsaTntEventParamsSchema = z.object({
  eventID: z.string().min(1, 'is required').max(100, 'must be at most 100 characters'),
});

/* ---------------------------------------------------------------- subscriptions */

const BASE64 =
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}|[A-Za-z0-9+/]{3})?$/;
/** Bytes of a base64 text (standard alphabet, padding optional). */
export const base64Length = (value: string) => Math.floor((value.replace(/=+$/, '').length * 3) / 4);

/**
 * The shared secret (`format: byte`): base64 of 32 to 1024 bytes. The HMAC key of `Notification-Signature` is the
 * decoded bytes.
 */
const secret = z
  .string({ message: 'is required: base64 of 32 to 1024 random bytes' })
  .max(1400, 'must be base64 of at most 1024 bytes')
  .refine((value) => BASE64.test(value), 'must be base64 (A-Z, a-z, 0-9, + and /, = at the end)')
  .refine(
    (value) => !BASE64.test(value) || base64Length(value) >= 32,
    'must be base64 of at least 32 bytes (256 bits)',
  )
  .refine(
    (value) => !BASE64.test(value) || base64Length(value) <= 1024,
    'must be base64 of at most 1024 bytes',
  )
  // Groups of four characters, the last one of two or three padded or not: at least 32 bytes; at most 1024 bytes is
  // at most 1366 characters unpadded (1368 with padding: the document keeps to the shorter).
  .meta({
    pattern:
      '^(?:[A-Za-z0-9+/]{4}){10}(?:(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{3}=?|[A-Za-z0-9+/]{2}(?:==)?)?|[A-Za-z0-9+/]{3}=?|[A-Za-z0-9+/]{4})$',
    maxLength: 1366,
  });

/**
 * The callback URL: an absolute http(s) URL without credentials or a fragment. Whether http is allowed and where it
 * may point (no loopback, private or link-local address in production) is the server's check, at every change and
 * at every delivery.
 */
const callbackUrl = z
  .string({ message: 'is required' })
  .max(2000, 'must be at most 2000 characters')
  .pipe(z.url({ protocol: /^https?$/, message: 'must be an absolute https URL (https://…)' }))
  .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), 'must not carry a user name or password')
  .refine((value) => !value.includes('#'), 'must not have a #fragment')
  .meta({ format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@]+(?:[/?][^#]*)?$' });

/** The standard's filters of a subscription (all must match; a list matches any of its codes). */
const subscriptionFilters = {
  eventTypes: codeArray(EVENT_TYPE_LIST).optional(),
  shipmentEventTypeCodes: codeArray(SHIPMENT_CODES).optional(),
  documentTypeCodes: codeArray(DCSA_DOCUMENT_TYPE_CODES).optional(),
  equipmentEventTypeCodes: codeArray(EQUIPMENT_CODES).optional(),
  transportEventTypeCodes: codeArray(TRANSPORT_CODES).optional(),
  ...singleFilters,
};

/** We publish no universal (VSA) references: a subscription filtering on one would never be sent anything. */
const noUniversal = z
  .unknown()
  .refine((value) => value === undefined, 'is not supported: we publish no universal references')
  .meta({ not: {} })
  .optional();

/** What the standard's subscription bodies may carry besides the filters: ours ignores `subscriptionID` and the times. */
const readOnly = {
  subscriptionCreatedDateTime: z.string().max(40, 'is read-only').optional(),
  subscriptionUpdatedDateTime: z.string().max(40, 'is read-only').optional(),
};

/** POST /dcsa/tnt/v3/event-subscriptions: the standard's `subscriptionBodyWithSecret`. */
export const DcsaTntSubscriptionCreateSchema = z.strictObject({
  callbackUrl,
  secret,
  ...subscriptionFilters,
  universalServiceReference: noUniversal,
  universalExportVoyageReference: noUniversal,
});
export type DcsaTntSubscriptionCreate = z.infer<typeof DcsaTntSubscriptionCreateSchema>;

/**
 * PUT /dcsa/tnt/v3/event-subscriptions/{subscriptionID}: the standard's `subscription` (the whole subscription: a
 * filter left out is removed). `secret` must be left out (PUT …/secret changes it); `subscriptionID`, when sent,
 * must be the path's.
 */
export const DcsaTntSubscriptionUpdateSchema = z.strictObject({
  subscriptionID: z.string().max(100, 'must be this subscription’s id').optional(),
  ...readOnly,
  callbackUrl,
  secret: z
    .unknown()
    .refine((value) => value === undefined, 'must be left out: change it with PUT …/{subscriptionID}/secret')
    .meta({ not: {} })
    .optional(),
  ...subscriptionFilters,
  universalServiceReference: noUniversal,
  universalExportVoyageReference: noUniversal,
});
export type DcsaTntSubscriptionUpdate = z.infer<typeof DcsaTntSubscriptionUpdateSchema>;

/** The filters of a subscription as the server keeps and answers them. */
export type DcsaTntSubscriptionFilters = Omit<
  DcsaTntSubscriptionCreate,
  'callbackUrl' | 'secret' | 'universalServiceReference' | 'universalExportVoyageReference'
>;

/** PUT /dcsa/tnt/v3/event-subscriptions/{subscriptionID}/secret */
export const DcsaTntSecretBodySchema = z.strictObject({ secret });

export const DcsaTntSubscriptionParamsSchema = z.object({
  subscriptionID: z.string().min(1, 'is required').max(100, 'must be at most 100 characters'),
});

/** GET /dcsa/tnt/v3/event-subscriptions */
export const DcsaTntSubscriptionListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(DCSA_TNT_MAX_SUBSCRIPTIONS, `must be at most ${DCSA_TNT_MAX_SUBSCRIPTIONS}`)
    .optional(),
  cursor: z
    .string({ message: 'must be the cursor of a Next-Page link' })
    .min(1, 'must not be empty')
    .max(100, 'is not a cursor this API gave')
    .optional(),
});

/* ---------------------------------------------------------------- what we answer */

/** The standard's `subscription`: never the secret. */
export const DcsaTntSubscriptionSchema = z.object({
  subscriptionID: z.string(),
  subscriptionCreatedDateTime: z.string(),
  subscriptionUpdatedDateTime: z.string(),
  callbackUrl: z.string(),
  eventTypes: z.array(z.string()).optional(),
  shipmentEventTypeCodes: z.array(z.string()).optional(),
  documentTypeCodes: z.array(z.string()).optional(),
  documentReference: z.string().optional(),
  equipmentEventTypeCodes: z.array(z.string()).optional(),
  equipmentReference: z.string().optional(),
  transportEventTypeCodes: z.array(z.string()).optional(),
  transportCallReference: z.string().optional(),
  vesselIMONumber: z.string().optional(),
  carrierExportVoyageNumber: z.string().optional(),
  carrierServiceCode: z.string().optional(),
  UNLocationCode: z.string().optional(),
});
export type DcsaTntSubscription = z.infer<typeof DcsaTntSubscriptionSchema>;

/** The standard's `event`: `metadata`, and `payload` unless the event retracts another. */
export const DcsaTntEventSchema = z.looseObject({
  metadata: z.looseObject({
    eventID: z.string(),
    eventCreatedDateTime: z.string(),
    eventType: z.enum(EVENT_TYPES),
    retractedEventID: z.string().optional(),
    publisher: z.looseObject({}),
    publisherRole: z.string(),
  }),
  payload: z.looseObject({}).optional(),
});
export type DcsaTntEvent = z.infer<typeof DcsaTntEventSchema>;
export const DcsaTntEventListSchema = z.array(DcsaTntEventSchema);

/** ERROR_DOMAIN 2.0.0 `error`: what a refused request answers (400, 5xx), one `errors` entry per field. */
export const DcsaTntErrorSchema = z.object({
  httpMethod: z.string(),
  requestUri: z.string(),
  statusCode: z.number().int(),
  statusCodeText: z.string(),
  errorMessage: z.string().optional(),
  providerCorrelationID: z.string().optional(),
  errorDateTime: z.string(),
  errors: z.array(
    z.object({
      errorCode: z.number().int().optional(),
      field: z.string().optional(),
      value: z.string().optional(),
      reason: z.string(),
      message: z.string(),
    }),
  ),
});
export type DcsaTntError = z.infer<typeof DcsaTntErrorSchema>;
