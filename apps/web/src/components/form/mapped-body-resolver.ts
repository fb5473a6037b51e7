import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** How a form's values become the request body, and how the body's messages find their way back to the cells. */
export type BodyMapping<Form> = {
  /** The body the form would send. Nothing is checked here: empty cells become missing fields for the schema. */
  toBody: (form: Form) => unknown;
  /** The form cell that shows a message about a body path (`charges.0.unitAmount`); null when no cell holds it. */
  toField: (bodyPath: string) => string | null;
  /** Rewrites a message for its cell (e.g. prefixes the field's label); the schema's message when left out. */
  toMessage?: (field: string, message: string) => string;
};

/** Every message of a nested error tree, keyed by its dotted path; the first message of a path wins. */
function messagesByPath(tree: unknown, path = '', found: Record<string, FieldError> = {}) {
  if (!tree || typeof tree !== 'object') return found;
  const node = tree as Record<string, unknown>;
  if (typeof node.message === 'string' && typeof node.type === 'string') {
    found[path] ??= { type: node.type, message: node.message } as FieldError;
    return found;
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'ref') messagesByPath(child, path ? `${path}.${key}` : key, found);
  }
  return found;
}

/**
 * The resolver of a form whose cells differ from the body it sends (typeaheads hold the picked record, decimals are
 * text, a door address is a place): the contract's body schema, through zodResolver as everywhere, checks
 * `toBody(values)`, and each message moves to the cell `toField` names for its body path: the same translation the
 * form uses for a server 400's `fields`. One rule set: the form never re-states a rule of the schema.
 */
export function mappedBodyResolver<Form extends FieldValues, Body>(
  schema: z.ZodType<Body, unknown>,
  mapping: BodyMapping<Form>,
): Resolver<Form, unknown, Body> {
  const checkBody = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, Body>;
  return async (values, context, options) => {
    // The body has none of the form's fields, so zodResolver is given no field references to focus or name.
    const result = await checkBody(mapping.toBody(values) as FieldValues, context, {
      ...options,
      fields: {},
      names: undefined,
    } as never);
    if (Object.keys(result.errors).length === 0) return { values: result.values as Body, errors: {} };
    const onCells: Record<string, FieldError> = {};
    for (const [bodyPath, error] of Object.entries(messagesByPath(result.errors))) {
      const field = mapping.toField(bodyPath);
      if (!field) continue;
      onCells[field] ??= mapping.toMessage
        ? { ...error, message: mapping.toMessage(field, error.message ?? '') }
        : error;
    }
    return { values: {}, errors: toNestErrors(onCells, options) as FieldErrors<Form> };
  };
}
