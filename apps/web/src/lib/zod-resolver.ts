import { type FieldErrors, type FieldValues, get, type Resolver, set } from 'react-hook-form';

type Issue = { path: readonly PropertyKey[]; message: string; code?: string };

/** What the resolver needs of a zod schema; the web takes its schemas from the contract and never imports zod. */
type SafeParser<Output> = {
  safeParse(
    value: unknown,
  ): { success: true; data: Output } | { success: false; error: { issues: readonly Issue[] } };
};

/**
 * A react-hook-form resolver over a contract schema, so a form never re-implements a contract rule by hand: valid
 * values are handed on as the schema parsed them (trimmed), each invalid field gets the schema's first message for it.
 */
export function zodResolver<Values extends FieldValues>(schema: SafeParser<Values>): Resolver<Values> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') || 'root';
      if (get(errors, path) === undefined)
        set(errors, path, { type: issue.code ?? 'validate', message: issue.message });
    }
    return { values: {}, errors };
  };
}
