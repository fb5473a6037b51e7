import { z } from 'zod';
import { DB_INT_MAX, idSchema, queryIdSchema, versionSchema } from './ids';
import { listQuerySchema } from './list-query';
import { CHARGE_BASES, ChargeAmountSchema, isoDateSchema } from './quotations';
import { singleLine } from './single-line';

/** A tariff's charge: ocean freight or a surcharge, per container or per bill of lading. */
export const TariffChargeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{1,29}$/, 'must be a charge code such as OCEAN_FREIGHT'),
  name: singleLine(z.string().trim().min(1, 'is required').max(100)),
  basis: z.enum(CHARGE_BASES, { message: 'must be PER_CONTAINER or PER_BL' }),
  amount: ChargeAmountSchema,
  /** Charged only for hazardous cargo (HAZ). */
  hazardousOnly: z.boolean().default(false),
});

/** What every kind of tariff's body holds besides what it prices (sea and inland): size-type, validity, currency. */
export const tariffTerms = {
  isoCode: z.string({ message: 'is required' }).regex(/^[0-9A-Z]{4}$/, 'must be an ISO 6346 size-type code'),
  validFrom: isoDateSchema,
  validTo: isoDateSchema,
  currency: z.string({ message: 'is required' }).regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code'),
};

/** POST cp/tariffs/ and PUT cp/tariffs/{id}/ (carrier staff). */
export const TariffBodySchema = z
  .object({
    polId: idSchema('Please pick a port of loading'),
    podId: idSchema('Please pick a port of discharge'),
    ...tariffTerms,
    charges: z
      .array(TariffChargeSchema, { message: 'is required' })
      .min(1, 'needs at least one charge')
      .max(20),
    version: versionSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.polId === body.podId)
      ctx.addIssue({ code: 'custom', path: ['podId'], message: 'must differ from the port of loading' });
    if (body.validTo < body.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'must be on or after the start' });
    const codes = new Set<string>();
    body.charges.forEach((charge, i) => {
      if (codes.has(charge.code))
        ctx.addIssue({ code: 'custom', path: ['charges', i, 'code'], message: 'appears twice' });
      codes.add(charge.code);
    });
  });
export type TariffBody = z.infer<typeof TariffBodySchema>;

const portRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const TariffSchema = z.object({
  id: z.number().int(),
  pol: portRef,
  pod: portRef,
  isoCode: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  currency: z.string(),
  charges: z.array(TariffChargeSchema.extend({ hazardousOnly: z.boolean() })),
  /** False once deactivated: kept for history, it prices no new enquiry. */
  active: z.boolean(),
  /** How many quotations were priced from it: a tariff that priced one is never deleted (deactivate it instead). */
  quotationCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Tariff = z.infer<typeof TariffSchema>;

/** The filters and paging every kind of tariff list takes (sea and inland), besides what it prices. */
export const tariffListFilters = {
  iso_code: z
    .string()
    .regex(/^[0-9A-Z]{4}$/)
    .optional(),
  /** Only tariffs valid on this date. */
  valid_on: isoDateSchema.optional(),
  /** Only active (true) or deactivated (false) tariffs; unset: both. */
  is_active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  skip: z.coerce.number().int().min(0).max(DB_INT_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

/** Empty parameters mean no filter (the specification's client sends unset filters empty). */
export const TariffListQuerySchema = listQuerySchema({
  pol_id: queryIdSchema.optional(),
  pod_id: queryIdSchema.optional(),
  ...tariffListFilters,
});
export type TariffListQuery = z.infer<typeof TariffListQuerySchema>;

export const TariffListResponseSchema = z.object({ count: z.number().int(), results: z.array(TariffSchema) });

/**
 * PUT cp/tariffs/{id}/active/: deactivate (kept for history and for the quotations priced from it; it prices no new
 * enquiry) or reactivate, at the version read (If-Match or `version`).
 */
export const SetTariffActiveBodySchema = z.object({
  active: z.boolean({ message: 'is required' }),
  version: versionSchema.optional(),
});
export type SetTariffActiveBody = z.infer<typeof SetTariffActiveBodySchema>;

/** DELETE cp/tariffs/{id}/: the version read, as If-Match or `?version=`. */
export const DeleteTariffQuerySchema = listQuerySchema({
  version: z.coerce.number().int().min(1).max(DB_INT_MAX).optional(),
});
export type DeleteTariffQuery = z.infer<typeof DeleteTariffQuerySchema>;
