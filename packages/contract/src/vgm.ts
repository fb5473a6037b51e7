import { z } from 'zod';
import { ISO_6346_DOC, isValidContainerNumber, VGM_TOLERANCE, vgmOffExpected } from './bill-of-lading-rules';
import { formatAmount2, roundDecimalText, scaledToText, toScaledInteger } from './decimal';
import { DB_INT_MAX } from './ids';
import { isoDateSchema } from './quotations';
import { singleLine } from './single-line';

/**
 * SOLAS chapter VI regulation 2 (issue 26): the verified gross mass (VGM) of each packed container, declared by the
 * shipper before the sailing's VGM cut-off (VCO). Method 1 weighs the packed and sealed container; method 2 weighs
 * the contents and adds the container's tare.
 */
export const VGM_DECLARATION_METHODS = ['SM1', 'SM2'] as const;
export type VgmDeclarationMethod = (typeof VGM_DECLARATION_METHODS)[number];

export const VGM_METHOD_LABELS: Record<VgmDeclarationMethod, string> = {
  SM1: 'SM1: the packed container weighed',
  SM2: 'SM2: the contents weighed, tare added',
};

/** The bill of lading's "VGM Method" column (the specification's "Method 1" / "Method 2") for a declared method. */
export const BILL_VGM_METHOD: Record<VgmDeclarationMethod, 'Method 1' | 'Method 2'> = {
  SM1: 'Method 1',
  SM2: 'Method 2',
};

/** The heaviest VGM taken (kg): above any container's maximum gross mass. */
export const VGM_MAX_KG = 100_000;

/** The VGM warning: more than 5 % away from cargo gross + tare (`vgmMismatch` below). */
export const VgmWarningSchema = z.object({
  code: z.literal('VGM_MISMATCH'),
  /** The VGM, kg. */
  declared: z.number(),
  /** Cargo gross weight (the bill's, for this container) + the container's tare, kg. */
  expected: z.number(),
  /** (declared − expected) ÷ expected, per cent, 2 decimals (half up), negative when below. */
  deviationPercent: z.number(),
  /** The tolerance it exceeds, per cent (5). */
  tolerancePercent: z.number(),
  message: z.string(),
});
export type VgmWarning = z.infer<typeof VgmWarningSchema>;

/**
 * The VGM warning (issue 26): a VGM more than 5 % away from cargo gross + tare, or null (within 5 %, or a weight not
 * known yet). Exact: every value rounded half up to hundredths first (`vgmOffExpected`, bill-of-lading-rules.ts, the
 * bill's edit screen's check); the deviation is (VGM − expected) ÷ expected in per cent, rounded half up (away from
 * zero) to 2 decimals. The same rule serves the VGM screen, the bill's read and the bill's edit screen.
 */
export function vgmMismatch(weights: Parameters<typeof vgmOffExpected>[0]): VgmWarning | null {
  const off = vgmOffExpected(weights);
  if (off === null) return null;
  const { vgm, expected } = off;
  const difference = vgm - expected;
  const magnitude = difference < 0n ? -difference : difference;
  // Hundredths of a per cent: |d| * 10000 / expected, rounded half up.
  const hundredths = (magnitude * 20_000n + expected) / (2n * expected);
  const deviation = difference < 0n ? -hundredths : hundredths;
  const declaredText = scaledToText(vgm);
  const expectedText = scaledToText(expected);
  const deviationText = scaledToText(deviation);
  return {
    code: 'VGM_MISMATCH',
    declared: Number(declaredText),
    expected: Number(expectedText),
    deviationPercent: Number(deviationText),
    tolerancePercent: VGM_TOLERANCE * 100,
    message:
      `The VGM (${formatAmount2(declaredText)} kg) is ${deviationText.replace('-', '')} % ` +
      `${deviation < 0n ? 'below' : 'above'} cargo gross + tare (${formatAmount2(expectedText)} kg): ` +
      'more than 5 % apart. Please check the weights.',
  };
}

/* ---------------------------------------------------------------- read: GET cp/bookings/{id}/vgm/ */

export const VgmDeclarationSchema = z.object({
  method: z.enum(VGM_DECLARATION_METHODS),
  /** kg, 2 decimals. */
  verifiedGrossMass: z.number(),
  weighingDate: z.string(),
  weighingParty: z.string(),
  authorisedSignatory: z.string(),
  /** Who declared it last, and when (ISO date-time, UTC). */
  declaredBy: z.string(),
  declaredAt: z.string(),
});
export type VgmDeclaration = z.infer<typeof VgmDeclarationSchema>;

export const VgmContainerSchema = z.object({
  containerId: z.number().int(),
  containerNumber: z.string(),
  isoCode: z.string(),
  /** What the bill shows as its type: 20GP, 40HC … */
  nickname: z.string(),
  /** kg. */
  tareWeight: z.number(),
  /** The cargo gross weight the bill of lading gives for this container (kg), null until the SI gives it. */
  cargoGrossWeight: z.number().nullable(),
  billOfLadingId: z.number().int(),
  /** The declaration's version: 0 while nothing is declared; a PUT sends the version it read. */
  version: z.number().int(),
  declaration: VgmDeclarationSchema.nullable(),
  warning: VgmWarningSchema.nullable(),
});
export type VgmContainer = z.infer<typeof VgmContainerSchema>;

/** Why declarations cannot be written now. */
export const VGM_CLOSED_REASONS = ['CUT_OFF_PASSED', 'DEPARTED', 'BILL_ISSUED'] as const;

export const VgmDeclarationsSchema = z.object({
  bookingId: z.number().int(),
  bookingNumber: z.string(),
  /** The port of loading, with its IANA time zone to show the deadline in (null: UTC). */
  pol: z.object({ code: z.string(), name: z.string(), timeZone: z.string().nullable() }).nullable(),
  /**
   * The VGM cut-off of the booking's sailing at the port of loading; null when the booking is on no voyage (no
   * deadline). `lateAcceptanceUntil`: carrier staff accepted declarations after it, until then.
   */
  deadline: z
    .object({
      cutOff: z.literal('VCO'),
      at: z.string().nullable(),
      lateAcceptanceUntil: z.string().nullable(),
      vesselName: z.string(),
      carrierVoyageNumber: z.string(),
    })
    .nullable(),
  /** Whether declarations may be written now; if not, why (`closed`). */
  editable: z.boolean(),
  closed: z.object({ reason: z.enum(VGM_CLOSED_REASONS), message: z.string() }).nullable(),
  /** The booking's containers (allocated at confirmation), in the bill's order; none before confirmation. */
  containers: z.array(VgmContainerSchema),
});
export type VgmDeclarations = z.infer<typeof VgmDeclarationsSchema>;

/* ---------------------------------------------------------------- write: PUT cp/bookings/{id}/vgm/ */

const text = (max: number) =>
  singleLine(
    z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(max, `must be at most ${max} characters`),
  );

/**
 * A mass in kg, as a JSON number or decimal text: rounded half up to 2 decimals on its decimal digits (12345.675 ->
 * 12345.68, never the binary float's 12345.67), more than 0 and at most VGM_MAX_KG once rounded. Answers the text.
 */
export const verifiedGrossMassSchema = z
  .union([z.number({ message: 'must be a mass in kg' }), z.string().max(40, 'must be a mass in kg')], {
    message: 'must be a mass in kg',
  })
  .transform((value, ctx) => {
    const rounded = roundDecimalText(value, 2);
    if (rounded === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a mass in kg (a number, at most 2 decimals kept)' });
      return z.NEVER;
    }
    const units = toScaledInteger(rounded, 2) ?? 0n;
    if (units <= 0n) {
      ctx.addIssue({ code: 'custom', message: 'must be more than 0 kg' });
      return z.NEVER;
    }
    if (units > BigInt(VGM_MAX_KG) * 100n) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${VGM_MAX_KG.toLocaleString('en')} kg` });
      return z.NEVER;
    }
    return rounded;
  })
  // The document states the masses this reads for sure: a number from 0.01 kg, or its decimal text (2 decimals).
  .meta({
    anyOf: [
      { type: 'number', minimum: 0.01, maximum: VGM_MAX_KG },
      { type: 'string', pattern: '^[1-9]\\d{0,5}(?:\\.\\d{1,2})?$' },
    ],
  });

/** The latest calendar day anywhere on Earth now (UTC+14): a weighing dated after it is in the future. */
export const latestWeighingDate = (now = Date.now()) =>
  new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);

export const VgmDeclarationBodySchema = z.object({
  /** The container, by its ISO 6346 number: one allocated to the booking. */
  containerNumber: z
    .string({ message: 'is required' })
    .trim()
    .toUpperCase()
    .refine(isValidContainerNumber, 'is not a valid ISO 6346 container number (check digit)')
    .meta({ ...ISO_6346_DOC, pattern: '^\\s*[A-Za-z]{4}\\d{7}\\s*$' }),
  /** The version read (0: nothing declared yet). */
  version: z
    .number({ message: 'must be the version you read (0 for a first declaration)' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(DB_INT_MAX, 'is not a valid version')
    .optional(),
  method: z.enum(VGM_DECLARATION_METHODS, { message: 'must be SM1 or SM2' }),
  verifiedGrossMass: verifiedGrossMassSchema,
  weighingDate: isoDateSchema
    .refine((value) => value >= '2016-07-01', 'must be on or after 2016-07-01 (SOLAS VGM in force)')
    .refine((value) => value <= latestWeighingDate(), 'must not be in the future')
    .meta({
      format: 'date',
      pattern: '^(?:2016-(?:0[7-9]|1[0-2])|(?:201[7-9]|20[2-9]\\d|2[1-9]\\d\\d|[3-9]\\d{3})-\\d{2})-\\d{2}$',
      description:
        'The day the container was weighed: from 2016-07-01 (SOLAS VGM in force), not in the future.',
    }),
  weighingParty: text(200),
  authorisedSignatory: text(120),
});
export type VgmDeclarationBody = z.infer<typeof VgmDeclarationBodySchema>;

/** PUT cp/bookings/{id}/vgm/: one or more declarations, each at the version read, written together or not at all. */
export const PutVgmDeclarationsBodySchema = z
  .object({
    declarations: z
      .array(VgmDeclarationBodySchema, { message: 'is required' })
      .min(1, 'needs at least one declaration')
      .max(99, 'at most 99 declarations'),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.declarations.forEach((declaration, i) => {
      if (seen.has(declaration.containerNumber))
        ctx.addIssue({
          code: 'custom',
          path: ['declarations', i, 'containerNumber'],
          message: 'appears twice',
        });
      seen.add(declaration.containerNumber);
    });
  });
export type PutVgmDeclarationsBody = z.infer<typeof PutVgmDeclarationsBodySchema>;
