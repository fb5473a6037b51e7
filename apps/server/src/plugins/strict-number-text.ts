import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Def = {
  type: string;
  coerce?: boolean;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: unknown;
};
const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** Whether a field's schema (under optional, default, nullable and preprocess wrappers) coerces text to a number. */
function coercesToNumber(schema: unknown): boolean {
  for (let def = defOf(schema), depth = 0; def && depth < 10; depth++) {
    if (def.type === 'number') return def.coerce === true;
    if (def.type === 'pipe') def = defOf(defOf(def.in)?.type === 'transform' ? def.out : def.in);
    else if (def.innerType) def = defOf(def.innerType);
    else return false;
  }
  return false;
}

/** Decimal notation, as the OpenAPI document's `integer` and `number` read a parameter. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The zod validator, with number parameters read strictly: `z.coerce.number()` would take any text JavaScript's
 * Number() takes (`0x1F`, `1e3`, ` 12 `, `0b11`), which the published document's `integer` does not; such text
 * reaches the schema as NaN, so it is refused with a 400 naming the field. Bodies are JSON and keep their types.
 */
export const strictNumberTextValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'querystring' && route.httpPart !== 'params') return validate;
  const def = defOf(route.schema);
  const shape = def?.type === 'object' ? (def.shape as Record<string, unknown>) : undefined;
  const numeric = shape ? Object.keys(shape).filter((key) => coercesToNumber(shape[key])) : [];
  if (numeric.length === 0) return validate;
  return (data: unknown) => {
    if (!data || typeof data !== 'object') return validate(data);
    let strict: Record<string, unknown> | undefined;
    for (const key of numeric) {
      const value = (data as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '' && !DECIMAL.test(value)) {
        strict ??= { ...(data as Record<string, unknown>) };
        strict[key] = 'NaN';
      }
    }
    return validate(strict ?? data);
  };
};
