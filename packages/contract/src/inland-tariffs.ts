import { z } from 'zod';
import { idSchema, queryIdSchema, versionSchema } from './ids';
import { listQuerySchema } from './list-query';
import { ChargeAmountSchema, type InlandLeg } from './quotations';
import { tariffListFilters, tariffTerms } from './tariffs';

/**
 * Inland haulage (issue 28 item 5): how a container reaches the port of loading from an inland depot or a door, or
 * leaves the port of discharge for one. RAIL: a railway station or ICD of the reference list (all Indian) to or from a
 * port, per size-type. DOOR: a band of straight-line distance (whole km, from inclusive, to exclusive) between the
 * door's geocoded point and the port, per size-type. One amount per container; the rate is the same both ways.
 */
export const INLAND_MODES = ['RAIL', 'DOOR'] as const;
export type InlandMode = (typeof INLAND_MODES)[number];

export { INLAND_LEGS, type InlandLeg } from './quotations';

/** The longest door band, in km (straight line): further than this is not a door move. */
export const DOOR_KM_MAX = 3000;

/** The country of the railway station list: a rail leg is only offered on the side of the lane in it. */
export const RAIL_COUNTRY = 'IN';

const km = () =>
  z
    .number({ message: 'is required for a door tariff' })
    .int('must be a whole number of km')
    .min(0, `must be 0 to ${DOOR_KM_MAX}`)
    .max(DOOR_KM_MAX, `must be 0 to ${DOOR_KM_MAX}`);

/** POST cp/admin/inland-tariffs/ and PUT cp/admin/inland-tariffs/{id}/ (carrier staff). */
export const InlandTariffBodySchema = z
  .object({
    mode: z.enum(INLAND_MODES, { message: 'must be RAIL or DOOR' }),
    portId: idSchema('Please pick a port'),
    /** RAIL only: the railway station or ICD. */
    stationId: idSchema('Please pick a railway station or ICD').optional(),
    /** DOOR only: the band's distance from the port, from (inclusive) to (exclusive), in whole km. */
    fromKm: km().optional(),
    toKm: km().optional(),
    ...tariffTerms,
    /** Per container, exact (two decimals). */
    amount: ChargeAmountSchema,
    version: versionSchema.optional(),
  })
  // Every cross-field rule at once (`when`), reading each field only once it has the right type.
  .superRefine(
    (body, ctx) => {
      const { mode, stationId, fromKm, toKm, validFrom, validTo } = body as Partial<typeof body>;
      if (mode === 'RAIL') {
        if (stationId === undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['stationId'],
            message: 'Please pick a railway station or ICD',
          });
        if (fromKm !== undefined)
          ctx.addIssue({ code: 'custom', path: ['fromKm'], message: 'is only for a door tariff' });
        if (toKm !== undefined)
          ctx.addIssue({ code: 'custom', path: ['toKm'], message: 'is only for a door tariff' });
      } else if (mode === 'DOOR') {
        if (stationId !== undefined)
          ctx.addIssue({ code: 'custom', path: ['stationId'], message: 'is only for a rail tariff' });
        if (fromKm === undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['fromKm'],
            message: 'Please give where the band starts (km)',
          });
        if (toKm === undefined)
          ctx.addIssue({ code: 'custom', path: ['toKm'], message: 'Please give where the band ends (km)' });
        if (typeof fromKm === 'number' && typeof toKm === 'number' && toKm <= fromKm)
          ctx.addIssue({ code: 'custom', path: ['toKm'], message: 'must be more than the band’s start' });
      }
      if (
        typeof validFrom === 'string' &&
        typeof validTo === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(validFrom) &&
        validTo < validFrom
      )
        ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'must be on or after the start' });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type InlandTariffBody = z.infer<typeof InlandTariffBodySchema>;

const ref = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const InlandTariffSchema = z.object({
  id: z.number().int(),
  mode: z.enum(INLAND_MODES),
  port: ref.extend({ countryCode: z.string() }),
  /** RAIL: the station or ICD; DOOR: null. */
  station: ref.nullable(),
  /** DOOR: the band in km; RAIL: null. */
  fromKm: z.number().int().nullable(),
  toKm: z.number().int().nullable(),
  isoCode: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  currency: z.string(),
  amount: z.string(),
  /** False once deactivated: kept for history, it prices no new enquiry. */
  active: z.boolean(),
  /** How many quotations were priced from it: one that priced a quotation is never deleted (deactivate it instead). */
  quotationCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type InlandTariff = z.infer<typeof InlandTariffSchema>;

/** Empty parameters mean no filter. */
export const InlandTariffListQuerySchema = listQuerySchema({
  mode: z.enum(INLAND_MODES).optional(),
  port_id: queryIdSchema.optional(),
  station_id: queryIdSchema.optional(),
  ...tariffListFilters,
});
export type InlandTariffListQuery = z.infer<typeof InlandTariffListQuerySchema>;

export const InlandTariffListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(InlandTariffSchema),
});

/** An inland leg's charge line: "Inland haulage (rail) TKD -> INNSA", "Inland haulage (door, 42 km) INNSA -> door". */
export function inlandChargeName(
  leg: InlandLeg,
  mode: InlandMode,
  portCode: string,
  place: { stationCode: string } | { km: number },
): string {
  const inland = 'stationCode' in place ? place.stationCode : 'door';
  const how = mode === 'RAIL' ? 'rail' : `door, ${'km' in place ? place.km : 0} km`;
  const [from, to] = leg === 'PICKUP' ? [inland, portCode] : [portCode, inland];
  return `Inland haulage (${how}) ${from} -> ${to}`;
}

/** The charge code of an inland leg's line. */
export const inlandChargeCode = (leg: InlandLeg) =>
  leg === 'PICKUP' ? 'INLAND_PICKUP' : ('INLAND_DELIVERY' as const);
