import { z } from 'zod';
import { DATE_TIME_DOC, DATE_TIME_SHAPE, isRealCalendarDay } from './calendar';
import { idSchema, queryIdSchema, versionSchema } from './ids';
import { listQuerySchema } from './list-query';
import { isoDateSchema } from './quotations';
import { singleLine } from './single-line';

/**
 * Vessels, liner services, voyages with their transport calls and cut-offs, and the point-to-point schedule search
 * (issue 26), aligned with DCSA Commercial Schedules 1.0.3. Every date-time is ISO 8601 in UTC; the screens show it in
 * the port's own time zone (`timeZone`, IANA) with its offset.
 */

/* ---------------------------------------------------------------- code lists */

/** DCSA cut-off date-time codes (CutOffDateTimeCodeList-CS_v1.0.0). */
export const CUT_OFF_CODES = {
  DCO: 'Documentation cut-off',
  VCO: 'VGM cut-off',
  FCO: 'FCL delivery cut-off',
  LCO: 'LCL delivery cut-off',
  PCO: 'Port cut-off',
  ECP: 'Empty container pick-up date and time',
  EFC: 'Earliest full-container delivery date',
  RCO: 'Reefer cut-off',
  DGC: 'Dangerous Goods cut-off',
  OBC: 'OOG/BB cut-off',
  TCO: 'Transhipment cut-off',
  STA: 'Standard booking acceptance',
  SPA: 'Special booking acceptance',
  CUA: 'Customs Acceptance',
  AFC: 'Advanced filling cut-off',
} as const;
export type CutOffCode = keyof typeof CUT_OFF_CODES;
export const CUT_OFF_CODE_VALUES = Object.keys(CUT_OFF_CODES) as [CutOffCode, ...CutOffCode[]];

/** Every service has at least these cut-offs (hours before the call's departure), unless staff set others. */
export const DEFAULT_CUT_OFF_HOURS: Partial<Record<CutOffCode, number>> = {
  STA: 72,
  DCO: 48,
  FCO: 48,
  VCO: 30,
  PCO: 24,
};
export const REQUIRED_CUT_OFFS: CutOffCode[] = ['STA', 'DCO', 'VCO', 'FCO', 'PCO'];

export const TRANSPORT_CALL_STATUSES = ['SCHEDULED', 'OMITTED', 'ARRIVED', 'DEPARTED'] as const;
export type TransportCallStatus = (typeof TRANSPORT_CALL_STATUSES)[number];

/* ---------------------------------------------------------------- IMO number */

/**
 * An IMO ship identification number: 7 digits whose last is the check digit — the sum of the first six, each times
 * its weight 7, 6, 5, 4, 3, 2, modulo 10 (IMO resolution A.1117(30)). "IMO 9074729" is valid.
 */
export function isValidImoNumber(value: string): boolean {
  const digits = value.replace(/^IMO\s*/i, '');
  return /^\d{7}$/.test(digits) && imoCheckDigit(digits.slice(0, 6)) === Number(digits[6]);
}

/** The check digit of an IMO number's first six digits. */
export function imoCheckDigit(six: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(six[i]) * (7 - i);
  return sum % 10;
}

const imoNumberSchema = z
  .string({ message: 'is required' })
  .trim()
  .transform((value) => value.replace(/^IMO\s*/i, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{7}$/, 'must be 7 digits')
      .refine(isValidImoNumber, 'is not a valid IMO number (check digit)'),
  )
  .meta({
    description:
      'An IMO ship identification number: 7 digits (optionally after "IMO"), the last its check digit.',
    'x-check-digit': 'imo',
  });

const name = (max: number) =>
  singleLine(z.string({ message: 'is required' }).trim().min(1, 'is required').max(max));

/* ---------------------------------------------------------------- vessels */

export const VesselSchema = z.object({
  id: z.number().int(),
  imoNumber: z.string(),
  name: z.string(),
  flag: z.string(),
  callSign: z.string().nullable(),
  operatorCarrierCode: z.string(),
  teuCapacity: z.number().int(),
  active: z.boolean(),
  version: z.number().int(),
});
export type Vessel = z.infer<typeof VesselSchema>;

export const VesselBodySchema = z.object({
  imoNumber: imoNumberSchema,
  name: name(60),
  flag: z
    .string({ message: 'is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 country code'),
  callSign: singleLine(z.string().trim().max(10, 'must be at most 10 characters'))
    .regex(/^[A-Za-z0-9]*$/, 'must be letters and digits')
    .transform((value) => value.toUpperCase() || null)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  operatorCarrierCode: z
    .string({ message: 'is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2,4}$/, 'must be a SCAC or SMDG carrier code (2 to 4 letters)'),
  teuCapacity: z
    .number({ message: 'is required' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(30_000, 'must be at most 30000'),
  active: z.boolean().default(true),
});
export type VesselBody = z.infer<typeof VesselBodySchema>;
export const VesselUpdateBodySchema = VesselBodySchema.extend({ version: versionSchema.optional() });
export type VesselUpdateBody = z.infer<typeof VesselUpdateBodySchema>;

export const VesselListQuerySchema = listQuerySchema({
  search: z.string().trim().max(60).optional(),
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type VesselListQuery = z.infer<typeof VesselListQuerySchema>;
export const VesselListResponseSchema = z.object({ count: z.number().int(), results: z.array(VesselSchema) });

/* ---------------------------------------------------------------- services */

export const PortRefSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** IANA time zone of the port (null when unknown: times are then shown in UTC). */
  timeZone: z.string().nullable(),
});
export type PortRef = z.infer<typeof PortRefSchema>;

export const ServiceCallSchema = z.object({
  sequence: z.number().int(),
  port: PortRefSchema,
  terminalName: z.string().nullable(),
  dayOffset: z.number().int(),
  portStayHours: z.number().int(),
});

export const CutOffRuleSchema = z.object({
  code: z.enum(CUT_OFF_CODE_VALUES),
  hoursBeforeDeparture: z.number().int(),
});

export const CarrierServiceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  frequencyDays: z.number().int(),
  voyageSuffix: z.string(),
  active: z.boolean(),
  calls: z.array(ServiceCallSchema),
  vessels: z.array(z.object({ id: z.number().int(), name: z.string(), imoNumber: z.string() })),
  cutOffs: z.array(CutOffRuleSchema),
  version: z.number().int(),
});
export type CarrierService = z.infer<typeof CarrierServiceSchema>;

const carrierServiceFields = z.object({
  code: z
    .string({ message: 'is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,5}$/, 'must be 2 to 5 letters or digits (the carrier service code)'),
  name: name(80),
  frequencyDays: z.literal([7, 14], { message: 'must be 7 (weekly) or 14 (fortnightly)' }),
  voyageSuffix: z
    .string({ message: 'is required' })
    .trim()
    .toUpperCase()
    .regex(/^[NSEW]$/, 'must be N, S, E or W'),
  active: z.boolean().default(true),
  calls: z
    .array(
      z.object({
        portCode: z
          .string({ message: 'is required' })
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'must be a UN/LOCODE'),
        terminalName: singleLine(z.string().trim().max(80, 'must be at most 80 characters'))
          .transform((value) => value || null)
          .nullable()
          .optional()
          .transform((value) => value ?? null),
        dayOffset: z
          .number({ message: 'is required' })
          .int('must be a whole number')
          .min(0, 'must be 0 or more')
          .max(90, 'must be at most 90'),
        portStayHours: z
          .number()
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(240, 'must be at most 240')
          .default(24),
      }),
      { message: 'is required' },
    )
    .min(2, 'A rotation needs at least two port calls')
    .max(30, 'must be at most 30 calls')
    .superRefine((calls, ctx) => {
      if (calls[0] && calls[0].dayOffset !== 0)
        ctx.addIssue({ code: 'custom', path: [0, 'dayOffset'], message: 'The first call is day 0' });
      for (let i = 1; i < calls.length; i++) {
        const before = calls[i - 1]!;
        const arrival = calls[i]!.dayOffset * 24;
        if (arrival < before.dayOffset * 24 + before.portStayHours)
          ctx.addIssue({
            code: 'custom',
            path: [i, 'dayOffset'],
            message: 'must come after the departure from the call before',
          });
      }
    }),
  vesselIds: z
    .array(idSchema())
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a vessel')
    .default([]),
  cutOffs: z
    .array(
      z.object({
        code: z.enum(CUT_OFF_CODE_VALUES, { message: 'must be a DCSA cut-off code' }),
        hoursBeforeDeparture: z
          .number({ message: 'is required' })
          .int('must be a whole number')
          .min(0, 'must be 0 or more')
          .max(720, 'must be at most 720'),
      }),
    )
    .max(CUT_OFF_CODE_VALUES.length)
    .refine((rules) => new Set(rules.map((r) => r.code)).size === rules.length, 'must not repeat a code')
    .optional(),
});

/** Without cut-offs, a service gets the defaults (DEFAULT_CUT_OFF_HOURS). */
const withDefaultCutOffs = <T extends { cutOffs?: { code: CutOffCode; hoursBeforeDeparture: number }[] }>(
  body: T,
) => ({
  ...body,
  cutOffs:
    body.cutOffs ??
    Object.entries(DEFAULT_CUT_OFF_HOURS).map(([code, hours]) => ({
      code: code as CutOffCode,
      hoursBeforeDeparture: hours,
    })),
});

export const CarrierServiceBodySchema = carrierServiceFields.transform(withDefaultCutOffs);
export type CarrierServiceBody = z.infer<typeof CarrierServiceBodySchema>;
export const CarrierServiceUpdateBodySchema = carrierServiceFields
  .extend({ version: versionSchema.optional() })
  .transform(withDefaultCutOffs);
export type CarrierServiceUpdateBody = z.infer<typeof CarrierServiceUpdateBodySchema>;

export const CarrierServiceListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(CarrierServiceSchema),
});

/** POST cp/admin/services/{id}/generate-voyages/: weekly (per the service's frequency) voyages from a date. */
export const GenerateVoyagesBodySchema = z.object({
  from: isoDateSchema,
  weeks: z
    .number({ message: 'is required' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(52, 'must be at most 52'),
});
export type GenerateVoyagesBody = z.infer<typeof GenerateVoyagesBodySchema>;
export const GenerateVoyagesResponseSchema = z.object({
  created: z.number().int(),
  existing: z.number().int(),
  voyageIds: z.array(z.number().int()),
});

/* ---------------------------------------------------------------- voyages */

export const CutOffSchema = z.object({ code: z.enum(CUT_OFF_CODE_VALUES), at: z.string() });
export type CutOff = z.infer<typeof CutOffSchema>;

export const TransportCallSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  port: PortRefSchema,
  terminalName: z.string().nullable(),
  plannedArrival: z.string(),
  plannedDeparture: z.string(),
  eta: z.string(),
  etd: z.string(),
  ata: z.string().nullable(),
  atd: z.string().nullable(),
  status: z.enum(TRANSPORT_CALL_STATUSES),
  cutOffs: z.array(CutOffSchema),
});
export type TransportCall = z.infer<typeof TransportCallSchema>;

export const VoyageSchema = z.object({
  id: z.number().int(),
  carrierVoyageNumber: z.string(),
  service: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  vessel: z.object({ id: z.number().int(), name: z.string(), imoNumber: z.string(), flag: z.string() }),
  calls: z.array(TransportCallSchema),
  version: z.number().int(),
});
export type Voyage = z.infer<typeof VoyageSchema>;

export const VoyageListQuerySchema = listQuerySchema({
  service_id: queryIdSchema.optional(),
  vessel_id: queryIdSchema.optional(),
  /** Voyages calling at this port (UN/LOCODE). */
  port: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'must be a UN/LOCODE')
    .optional(),
  /** Voyages whose first call departs on or after this day. */
  departureFrom: isoDateSchema.optional(),
  departureTo: isoDateSchema.optional(),
  voyage_number: z.string().trim().max(20).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type VoyageListQuery = z.infer<typeof VoyageListQuerySchema>;
export const VoyageListResponseSchema = z.object({ count: z.number().int(), results: z.array(VoyageSchema) });

const isoDateTimeSchema = z
  .string({ message: 'is required' })
  .refine(
    (value) => DATE_TIME_SHAPE.test(value),
    'must be an ISO 8601 date-time with its offset (2026-11-28T18:00:00Z)',
  )
  // JavaScript reads 30 February as 2 March: the day must exist.
  .refine((value) => !Number.isNaN(Date.parse(value)) && isRealCalendarDay(value), 'is not a real date-time')
  .meta(DATE_TIME_DOC)
  // In UTC, between the years 0001 and 9999: PostgreSQL has no year 0, and a later one has no 4-digit ISO form. (Each
  // refinement runs whatever the ones before found, so an unreadable value must not reach toISOString here.)
  .refine((value) => {
    const at = Date.parse(value);
    return (
      Number.isNaN(at) || (/^\d{4}-/.test(new Date(at).toISOString()) && new Date(at).getUTCFullYear() >= 1)
    );
  }, 'must be between the years 0001 and 9999')
  .transform((value) => new Date(value).toISOString());

/** A reason customers or the history are told: one line, 3 to 300 characters. */
export const reasonSchema = singleLine(
  z
    .string({ message: 'is required' })
    .trim()
    .min(3, 'Give a reason')
    .max(300, 'must be at most 300 characters'),
);

/** Delay (or advance) one call: its new estimated arrival and departure, with the reason customers are told. */
export const DelayCallBodySchema = z
  .object({
    version: versionSchema.optional(),
    eta: isoDateTimeSchema,
    etd: isoDateTimeSchema,
    reason: reasonSchema,
  })
  .refine((body) => body.etd > body.eta, { path: ['etd'], message: 'must be after the arrival (eta)' });
export type DelayCallBody = z.infer<typeof DelayCallBodySchema>;

export const OmitCallBodySchema = z.object({ version: versionSchema.optional(), reason: reasonSchema });
export type OmitCallBody = z.infer<typeof OmitCallBodySchema>;

/** What happened: the actual arrival, then the actual departure. */
export const CallActualsBodySchema = z
  .object({
    version: versionSchema.optional(),
    ata: isoDateTimeSchema.optional(),
    atd: isoDateTimeSchema.optional(),
  })
  .refine((body) => body.ata !== undefined || body.atd !== undefined, {
    path: ['ata'],
    message: 'Give the actual arrival or departure',
  })
  .refine((body) => !body.ata || !body.atd || body.atd > body.ata, {
    path: ['atd'],
    message: 'must be after the actual arrival (ata)',
  });
export type CallActualsBody = z.infer<typeof CallActualsBodySchema>;

/** One voyage's cut-offs for one call, replacing what generation set. */
export const SetCutOffsBodySchema = z.object({
  version: versionSchema.optional(),
  cutOffs: z
    .array(
      z.object({
        code: z.enum(CUT_OFF_CODE_VALUES, { message: 'must be a DCSA cut-off code' }),
        at: isoDateTimeSchema,
      }),
    )
    .max(CUT_OFF_CODE_VALUES.length)
    .refine((rules) => new Set(rules.map((r) => r.code)).size === rules.length, 'must not repeat a code'),
});
export type SetCutOffsBody = z.infer<typeof SetCutOffsBodySchema>;

export const CallParamsSchema = z.object({
  id: queryIdSchema,
  sequence: z.coerce.number().int('must be a whole number').min(1).max(100),
});

/** The largest change of an estimate customers are not told of: beyond it they get a bell and an e-mail. */
export const NOTIFY_DELAY_HOURS = 12;

/* ---------------------------------------------------------------- point-to-point schedules */

/** The least time between arriving at the transhipment port and the onward vessel's departure. */
export const MIN_CONNECTION_HOURS = 24;
/** The most time cargo waits there for its onward vessel. */
export const MAX_CONNECTION_DAYS = 14;

export const PointToPointQuerySchema = z
  .object({
    pol: z
      .string({ message: 'is required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'must be a UN/LOCODE'),
    pod: z
      .string({ message: 'is required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'must be a UN/LOCODE'),
    departureFrom: isoDateSchema.optional(),
    departureTo: isoDateSchema.optional(),
    maxTranshipment: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('1').transform(Number),
  })
  .refine((q) => q.pol !== q.pod, { path: ['pod'], message: 'must differ from the port of loading' })
  .refine((q) => !q.departureFrom || !q.departureTo || q.departureTo >= q.departureFrom, {
    path: ['departureTo'],
    message: 'must be on or after departureFrom',
  })
  .refine(
    (q) =>
      !q.departureFrom ||
      !q.departureTo ||
      Date.parse(q.departureTo) - Date.parse(q.departureFrom) <= 92 * 86_400_000,
    { path: ['departureTo'], message: 'The window is at most 3 months' },
  );
export type PointToPointQuery = z.infer<typeof PointToPointQuerySchema>;

export const PointToPointResultSchema = z.object({
  voyageId: z.number().int(),
  vesselName: z.string(),
  vesselImo: z.string(),
  carrierVoyageNumber: z.string(),
  serviceCode: z.string(),
  pol: z.object({ code: z.string(), name: z.string(), timeZone: z.string().nullable() }),
  pod: z.object({ code: z.string(), name: z.string(), timeZone: z.string().nullable() }),
  etd: z.string(),
  eta: z.string(),
  transitDays: z.number().int(),
  transhipment: z
    .object({
      code: z.string(),
      name: z.string(),
      timeZone: z.string().nullable(),
      voyageId: z.number().int(),
      vesselName: z.string(),
      carrierVoyageNumber: z.string(),
      serviceCode: z.string(),
      eta: z.string(),
      etd: z.string(),
    })
    .nullable(),
  cutOffs: z.array(CutOffSchema),
});
export type PointToPointResult = z.infer<typeof PointToPointResultSchema>;
export const PointToPointResponseSchema = z.object({ results: z.array(PointToPointResultSchema) });

/** The default search window: today to four weeks on. */
export const DEFAULT_WINDOW_DAYS = 28;

/* ---------------------------------------------------------------- late acceptance */

/** The cut-offs a bill of lading's customer must meet: the SI (DCO) and the VGM (VCO). */
export const BILL_CUT_OFFS = ['DCO', 'VCO'] as const;

/** POST cp/bill-of-ladings/{id}/late-acceptance/: staff accept the SI or VGM after the cut-off, until a time. */
export const LateAcceptanceBodySchema = z.object({
  cutOff: z.enum(BILL_CUT_OFFS, { message: 'must be DCO or VCO' }),
  reason: reasonSchema,
  until: isoDateTimeSchema,
});
export type LateAcceptanceBody = z.infer<typeof LateAcceptanceBodySchema>;

export const LateAcceptanceSchema = z.object({
  cutOff: z.enum(BILL_CUT_OFFS),
  reason: z.string(),
  until: z.string(),
  grantedBy: z.string(),
  createdAt: z.string(),
});
export type LateAcceptance = z.infer<typeof LateAcceptanceSchema>;
