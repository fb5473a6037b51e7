import type { FieldValues } from 'react-hook-form';
import { DateInput, type DateInputProps } from '../date-input';
import { useFormOptions } from './field-chrome';
import { type Base, useField } from './text-fields';

type DateFieldProps<T extends FieldValues> = Base<T> &
  Omit<DateInputProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'required' | 'hideLabel' | 'ref'>;

/**
 * A date (or, `withTime`, a date and time) of a react-hook-form form, typed as dd/mm/yyyy with a calendar
 * (components/date-input.tsx). The form holds the ISO value ("2026-05-12", "2026-05-12T18:00"), as the
 * `<input type="date">` and `datetime-local` it replaces did, so the schemas and payloads are unchanged; text that
 * is not a date is held as typed, so the form's check fails on it, and the field shows its own message then.
 */
export function DateField<T extends FieldValues>({
  name,
  label,
  control,
  hideLabel,
  required,
  errorDisplay,
  ...rest
}: DateFieldProps<T>) {
  const { readOnly } = useFormOptions();
  const { field, fieldState } = useField(name, control);
  return (
    <DateInput
      {...rest}
      label={label}
      hideLabel={hideLabel}
      required={required}
      errorDisplay={errorDisplay}
      error={fieldState.error?.message}
      readOnly={readOnly || rest.readOnly}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      ref={field.ref}
    />
  );
}
