import { z } from 'zod';
import { dateDoc } from './calendar';
import { scaledToText, toScaledInteger } from './decimal';
import { DB_INT_MAX, idSchema } from './ids';
import { listQuerySchema } from './list-query';
import { singleLine } from './single-line';
import { QUOTATION_STATUSES } from './status-codes';

/** Cargo types and hazard classes (specification section 9; the codes of the cargo-types reference list). */
export const CARGO_TYPES = ['GEN', 'ODO', 'PEF', 'FLX', 'HAZ'] as const;
export const HAZARD_CLASSES = [
  'CLASS1',
  'CLASS2',
  'CLASS3',
  'CLASS4',
  'CLASS5',
  'CLASS6',
  'CLASS7',
  'CLASS8',
  'CLASS9',
] as const;
export { QUOTATION_STATUSES, type QuotationStatus } from './status-codes';
export const CHARGE_BASES = ['PER_CONTAINER', 'PER_BL'] as const;
export const WEIGHT_UNITS = ['kg', 'MT'] as const;
export const EQUIPMENT_LINES_MAX = 5;
/** A quotation priced from the tariff holds for this many days (never beyond the tariff's own validity). */
export const QUOTATION_VALID_DAYS = 7;

/** Money in JSON: a decimal string with exactly two decimals ("1250.00"). */
export const MoneySchema = z.string().regex(/^-?\d{1,12}\.\d{2}$/, 'must be an amount with two decimals');

/**
 * A charge's amount as staff enter it (a tariff line, a unit price): 0.00 to 9,999,999.99. Bounded so that any
 * quotation total (at most 40 lines x 99 containers) stays within the stored numeric(14,2).
 */
export const ChargeAmountSchema = z
  .string({ message: 'is required' })
  .regex(/^\d{1,7}\.\d{2}$/, 'must be an amount from 0.00 to 9999999.99, with two decimals');

/** Adds money amounts exactly (hundredths as BigInt); the result has two decimals. */
export function sumMoney(amounts: readonly string[]): string {
  let total = 0n;
  for (const amount of amounts) total += toScaledInteger(amount, 2) ?? 0n;
  return scaledToText(total, 2);
}

/** An amount times a whole quantity, exactly. */
export function multiplyMoney(amount: string, quantity: number): string {
  return scaledToText((toScaledInteger(amount, 2) ?? 0n) * BigInt(quantity), 2);
}

export const isoDateSchema = z
  .string({ message: 'is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'is not a real date',
  )
  // Years 1900 to 9999: PostgreSQL has no year 0 (JavaScript reads it as 1 BC), and no date of a shipment, a tariff
  // or an audit filter lies outside them.
  .refine((value) => value >= '1900-01-01' && value <= '9999-12-31', 'must be a date from 1900 to 9999')
  .meta(dateDoc(9999));

/** Today's date in UTC, YYYY-MM-DD. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

export const EquipmentLineSchema = z.object({
  isoCode: z
    .string({ message: 'is required' })
    .regex(/^[0-9A-Z]{4}$/, 'must be an ISO 6346 size-type code such as 22G1'),
  quantity: z
    .number({ message: 'is required' })
    .int('must be a whole number')
    .min(1, 'must be 1 to 99')
    .max(99, 'must be 1 to 99'),
  weightPerUnit: z
    .number({ message: 'is required' })
    .positive('must be more than 0')
    .max(1_000_000, 'is too large'),
  weightUnit: z.enum(WEIGHT_UNITS, { message: 'must be kg or MT' }),
});
export type EquipmentLine = z.infer<typeof EquipmentLineSchema>;

/**
 * The two inland legs of an enquiry: the pick-up (to the port of loading) and the delivery (from the port of
 * discharge). Priced from the inland tariffs (`inland-tariffs.ts`); a leg none covers is "inland haulage on request".
 */
export const INLAND_LEGS = ['PICKUP', 'DELIVERY'] as const;
export type InlandLeg = (typeof INLAND_LEGS)[number];

/** Door pick-up/delivery (a geocoded address) or an inland railway station / ICD. */
export const InlandLocationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('DOOR'),
    address: z.string().trim().min(1, 'is required').max(500),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  z.object({ kind: z.literal('RAIL'), stationId: idSchema() }),
]);
export type InlandLocation = z.infer<typeof InlandLocationSchema>;

/** A pick-up or delivery as read back: a station comes with its code and name. */
export const InlandLocationReadSchema = z.discriminatedUnion('kind', [
  InlandLocationSchema.options[0],
  InlandLocationSchema.options[1].extend({
    stationCode: z.string().nullable().default(null),
    stationName: z.string().nullable().default(null),
  }),
]);

/** Who asked for a quotation or a booking: the customer and their company (null until approved). */
export const CustomerRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
});
export type CustomerRef = z.infer<typeof CustomerRefSchema>;

/** POST cp/quotations/: the rate enquiry. */
export const CreateQuotationBodySchema = z
  .object({
    polId: idSchema('Please pick a port of loading'),
    podId: idSchema('Please pick a port of discharge'),
    cargoType: z.enum(CARGO_TYPES, { message: 'must be one of GEN, ODO, PEF, FLX, HAZ' }),
    hazardClass: z.enum(HAZARD_CLASSES, { message: 'must be CLASS1 to CLASS9' }).optional(),
    unNumber: z
      .string()
      .regex(/^\d{4}$/, 'must be a 4-digit UN number')
      .optional(),
    hsCode: idSchema('Please pick a commodity'),
    equipment: z
      .array(EquipmentLineSchema, { message: 'is required' })
      .min(1, 'needs at least one line')
      .max(EQUIPMENT_LINES_MAX, `has at most ${EQUIPMENT_LINES_MAX} lines`),
    cargoReadyDate: isoDateSchema,
    pickup: InlandLocationSchema.optional(),
    delivery: InlandLocationSchema.optional(),
    /** The sailing chosen on the schedules screen: a voyage loading at the port of loading, before its STA cut-off. */
    voyageId: idSchema().optional(),
  })
  // The cross-field rules run even when other fields are wrong (`when`), so the form shows the hazard and date
  // messages together with the rest at the first submit; they read each field only once it has the right type.
  .superRefine(
    (body, ctx) => {
      const { polId, podId, cargoType, hazardClass, unNumber, cargoReadyDate } = body as Partial<typeof body>;
      if (typeof polId === 'number' && polId === podId)
        ctx.addIssue({ code: 'custom', path: ['podId'], message: 'must differ from the port of loading' });
      if (cargoType === 'HAZ') {
        if (!hazardClass)
          ctx.addIssue({ code: 'custom', path: ['hazardClass'], message: 'is required for HAZ' });
        if (!unNumber) ctx.addIssue({ code: 'custom', path: ['unNumber'], message: 'is required for HAZ' });
      } else if ((CARGO_TYPES as readonly unknown[]).includes(cargoType)) {
        if (hazardClass !== undefined)
          ctx.addIssue({ code: 'custom', path: ['hazardClass'], message: 'is only for HAZ' });
        if (unNumber !== undefined)
          ctx.addIssue({ code: 'custom', path: ['unNumber'], message: 'is only for HAZ' });
      }
      if (
        typeof cargoReadyDate === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(cargoReadyDate) &&
        cargoReadyDate < todayIso()
      )
        ctx.addIssue({ code: 'custom', path: ['cargoReadyDate'], message: 'must be today or later' });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type CreateQuotationBody = z.infer<typeof CreateQuotationBodySchema>;

export const ChargeSchema = z.object({
  code: z.string(),
  name: z.string(),
  basis: z.enum(CHARGE_BASES),
  /** The size-type a per-container charge is for; null for a per-bill charge. */
  isoCode: z.string().nullable(),
  quantity: z.number().int(),
  unitAmount: MoneySchema,
  amount: MoneySchema,
  currency: z.string(),
});
export type Charge = z.infer<typeof ChargeSchema>;

const portRef = { id: z.number().int(), code: z.string(), name: z.string() };

export const QuotationSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(QUOTATION_STATUSES),
  createdById: z.number().int(),
  polId: z.number().int(),
  podId: z.number().int(),
  pol: z.object(portRef),
  pod: z.object(portRef),
  cargoType: z.enum(CARGO_TYPES),
  hazardClass: z.string().nullable(),
  unNumber: z.string().nullable(),
  hsCode: z.number().int(),
  hsCodeValue: z.string(),
  commodity: z.string(),
  equipment: z.array(EquipmentLineSchema.extend({ weightPerUnit: z.number() })),
  cargoReadyDate: z.string(),
  pickup: InlandLocationReadSchema.nullable(),
  delivery: InlandLocationReadSchema.nullable(),
  customer: CustomerRefSchema,
  currency: z.string().nullable(),
  totalAmount: MoneySchema.nullable(),
  validUntil: z.string().nullable(),
  charges: z.array(ChargeSchema),
  /**
   * The inland legs no active inland tariff covered when the enquiry came in ("inland haulage on request"): the
   * quotation then went to carrier staff to price (REQUESTED). Empty when every leg was priced or there was none.
   */
  inlandOnRequest: z.array(z.enum(INLAND_LEGS)),
  bookingId: z.number().int().nullable(),
  /** The sailing chosen with the enquiry, or null. */
  voyageId: z.number().int().nullable(),
  rejectionReason: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Quotation = z.infer<typeof QuotationSchema>;

/** What a quotation list sorts by (newest first unless asked): when asked, number, status, validity. */
export const QUOTATION_SORT_FIELDS = ['createdAt', 'number', 'status', 'validUntil'] as const;
export type QuotationSort = (typeof QUOTATION_SORT_FIELDS)[number];

export const QuotationListQuerySchema = listQuerySchema({
  status: z.enum(QUOTATION_STATUSES).optional(),
  /** true: QUOTED and REQUESTED only (the active quotation list). */
  active: z.enum(['true', 'false']).optional(),
  sort: z.enum(QUOTATION_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  skip: z.coerce.number().int().min(0).max(DB_INT_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type QuotationListQuery = z.infer<typeof QuotationListQuerySchema>;

export const QuotationListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(QuotationSchema),
});

export const RejectBodySchema = z.object({
  reason: singleLine(z.string({ message: 'is required' }).trim().min(1, 'Please give a reason').max(1000)),
});

/** POST cp/quotations/{id}/price/ (carrier staff): the charges of a REQUESTED quotation and how long it holds. */
export const PriceQuotationBodySchema = z.object({
  currency: z.string({ message: 'is required' }).regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code'),
  validUntil: isoDateSchema.refine((value) => value >= todayIso(), 'must be today or later'),
  charges: z
    .array(
      z.object({
        code: z
          .string()
          .trim()
          .regex(/^[A-Z][A-Z0-9_]{1,29}$/, 'must be a charge code such as OCEAN_FREIGHT'),
        name: singleLine(z.string().trim().min(1, 'is required').max(100)),
        basis: z.enum(CHARGE_BASES),
        isoCode: z
          .string()
          .regex(/^[0-9A-Z]{4}$/)
          .nullable()
          .default(null),
        quantity: z.number().int().min(1).max(99),
        unitAmount: ChargeAmountSchema,
      }),
      { message: 'is required' },
    )
    .min(1, 'needs at least one charge')
    .max(40),
});
export type PriceQuotationBody = z.infer<typeof PriceQuotationBodySchema>;
