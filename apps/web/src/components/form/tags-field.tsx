import { TagsInput, type TagsInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { errorChrome, labelProps, useFormOptions } from './field-chrome';
import { type Base, useField } from './text-fields';

/**
 * Several short values (e-mail addresses): the message shown is the list's own, or the first bad entry's, named by
 * its position and value ("Address 2 (bad@) must be an e-mail address").
 */
export function TagsField<T extends FieldValues>({
  name,
  label,
  control,
  hideLabel,
  required,
  errorDisplay,
  entryName = 'Entry',
  ...rest
}: Base<T> &
  Omit<TagsInputProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'required'> & {
    entryName?: string;
  }) {
  const { readOnly } = useFormOptions();
  const { field, fieldState } = useField(name, control);
  const values = (field.value as string[] | undefined) ?? [];
  const error = fieldState.error as
    | ({ message?: string } & Record<number, { message?: string } | undefined>)
    | undefined;
  let message = error?.message;
  if (!message && error) {
    const index = values.findIndex((_, i) => error[i]?.message);
    if (index >= 0) message = `${entryName} ${index + 1} (${values[index]}) ${error[index]!.message}`;
  }
  return (
    <TagsInput
      {...rest}
      {...labelProps(label, hideLabel, required)}
      {...errorChrome(message, errorDisplay ?? 'line')}
      readOnly={readOnly || rest.readOnly}
      name={field.name}
      value={values}
      onChange={(next) => field.onChange(next)}
      onBlur={field.onBlur}
      ref={field.ref}
    />
  );
}
