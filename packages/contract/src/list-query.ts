import { z } from 'zod';

const emptyMeansUnset = new WeakSet<z.ZodType>();

/** A query value the way the specification's client sends an unset filter (`pol_id=&status=`) means no filter. */
export const emptyAsUnset = <T extends z.ZodType>(schema: T) => {
  const field = z.preprocess((value) => (value === '' ? undefined : value), schema);
  emptyMeansUnset.add(field);
  return field;
};

/** Whether a query field takes an empty value as unset (the OpenAPI document then says `''` is accepted). */
export const isEmptyAsUnset = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && emptyMeansUnset.has(schema as z.ZodType);

type UnsetWhenEmpty<Shape extends Record<string, z.ZodType>> = {
  [K in keyof Shape]: ReturnType<typeof emptyAsUnset<Shape[K]>>;
};

/**
 * The query string of a list endpoint: every parameter that arrives empty is treated as absent (its default, or no
 * filter), so `?pol_id=&bl_number=&skip=0&limit=100` lists everything. Used by every list endpoint.
 */
export function listQuerySchema<Shape extends Record<string, z.ZodType>>(shape: Shape) {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, emptyAsUnset(schema as z.ZodType)]),
  ) as UnsetWhenEmpty<Shape>;
  return z.object(fields);
}
