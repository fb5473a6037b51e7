import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Every message of a nested error tree with its dotted path (`charges.0.unitAmount`). */
function flattenErrors(errors: unknown, prefix = '', into: Record<string, FieldError> = {}) {
  if (!errors || typeof errors !== 'object') return into;
  const node = errors as Record<string, unknown>;
  if (typeof node.message === 'string' && typeof node.type === 'string') {
    into[prefix] ??= { type: node.type, message: node.message } as FieldError;
    return into;
  }
  for (const [key, inner] of Object.entries(node)) {
    if (key === 'ref') continue;
    flattenErrors(inner, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

/**
 * A resolver for a form whose cells differ from the body it sends (typeaheads hold ports, decimals are text): the
 * contract's body schema (zodResolver) checks `toBody(values)`, and each message moves to the cell `toField` names
 * for its body path (the same translation the form uses for the server's 400 `fields`).
 */
export function mappedBodyResolver<Form extends FieldValues, Body>(
  schema: z.ZodType<Body, unknown>,
  toBody: (form: Form) => unknown,
  toField: (bodyPath: string) => string | null,
): Resolver<Form, unknown, Body> {
  const bodyResolver = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, Body>;
  return async (values, context, options) => {
    const result = await bodyResolver(toBody(values) as FieldValues, context, {
      ...options,
      fields: {},
      names: undefined,
    } as never);
    if (Object.keys(result.errors).length === 0) return { values: result.values as Body, errors: {} };
    const placed: Record<string, FieldError> = {};
    for (const [path, error] of Object.entries(flattenErrors(result.errors))) {
      const field = toField(path);
      if (field) placed[field] ??= error;
    }
    return { values: {}, errors: toNestErrors(placed, options) as FieldErrors<Form> };
  };
}
