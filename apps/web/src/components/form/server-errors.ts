import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Puts the messages of a server 400 (`error.fields`, named in the API's terms) on the form's cells. `toFormField`
 * translates an API field name to the form's path (or null when the form has no such cell). Returns how many
 * messages found a cell, so the caller can tell the user about the rest.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  fields: Record<string, string>,
  setError: UseFormSetError<T>,
  toFormField: (apiField: string) => string | null,
): number {
  let placed = 0;
  let first = true;
  for (const [apiField, message] of Object.entries(fields)) {
    const formField = toFormField(apiField);
    if (!formField) continue;
    setError(formField as FieldPath<T>, { type: 'server', message }, { shouldFocus: first });
    first = false;
    placed += 1;
  }
  return placed;
}

/** Field -> message for a flat map of names (sign-up's `first_name` -> `firstName`, …). */
export const fieldNameMap =
  (names: Record<string, string>) =>
  (apiField: string): string | null =>
    names[apiField] ?? null;
