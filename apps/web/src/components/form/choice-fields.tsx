import { Checkbox, type CheckboxProps, type SelectProps } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { OnDemandSelect } from '../on-demand-select';
import { Typeahead, type TypeaheadProps } from '../typeahead';
import { errorChrome, labelProps, useFormOptions } from './field-chrome';
import { type Base, useField } from './text-fields';

/** A choice from a fixed list; `numeric` stores the option's value as a number (ids), else as text. */
export function SelectField<T extends FieldValues>({
  name,
  label,
  control,
  hideLabel,
  required,
  errorDisplay,
  numeric = false,
  ...rest
}: Base<T> &
  Omit<SelectProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'required'> & { numeric?: boolean }) {
  const { readOnly } = useFormOptions();
  const { field, fieldState } = useField(name, control);
  const value = field.value as string | number | null | undefined;
  // Mantine keeps a Select's dropdown mounted (hidden) from the start, so every Select on a page renders its options
  // and floating-ui measures its position (getComputedStyle, a forced layout) while the page loads: a large part of
  // bl_view's blocking time (figure 7). The dropdown is mounted from the field's first focus instead, which comes
  // before any click, key or typing reaches it, so the keyboard and the pointer behave as before.
  const [reached, setReached] = useState(false);
  return (
    <OnDemandSelect
      searchable
      limit={50}
      nothingFoundMessage="No results"
      {...rest}
      comboboxProps={{ withinPortal: true, ...rest.comboboxProps, keepMounted: reached }}
      onFocus={(event) => {
        setReached(true);
        rest.onFocus?.(event);
      }}
      {...labelProps(label, hideLabel, required)}
      {...errorChrome(fieldState.error?.message, errorDisplay ?? (hideLabel ? 'hidden' : 'line'))}
      readOnly={readOnly || rest.readOnly}
      name={field.name}
      value={value === null || value === undefined || value === '' ? null : String(value)}
      onChange={(next) =>
        field.onChange(next === null ? (numeric ? null : '') : numeric ? Number(next) : next)
      }
      onBlur={field.onBlur}
      ref={field.ref}
    />
  );
}

export function CheckboxField<T extends FieldValues>({
  name,
  label,
  control,
  errorDisplay,
  ...rest
}: Omit<Base<T>, 'label' | 'hideLabel'> & { label: ReactNode } & Omit<
    CheckboxProps,
    'name' | 'label' | 'checked' | 'onChange' | 'error'
  >) {
  const { readOnly } = useFormOptions();
  const { field, fieldState } = useField(name, control);
  return (
    <Checkbox
      {...rest}
      {...errorChrome(fieldState.error?.message, errorDisplay ?? 'line')}
      label={label}
      disabled={readOnly || rest.disabled}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      ref={field.ref}
    />
  );
}

/** A typeahead whose value is an item picked from the results (never free text). */
export function TypeaheadField<T extends FieldValues, Item>({
  name,
  label,
  control,
  hideLabel,
  required,
  errorDisplay,
  onPick,
  ...rest
}: Base<T> &
  Omit<TypeaheadProps<Item>, 'label' | 'value' | 'onChange' | 'error' | 'required' | 'name' | 'hideLabel'> & {
    /** Called with the new and the previous item after a pick (or null when the text no longer names one). */
    onPick?: (item: Item | null, previous: Item | null) => void;
  }) {
  const { readOnly } = useFormOptions();
  const { field, fieldState } = useField(name, control);
  return (
    <Typeahead<Item>
      {...rest}
      label={label}
      hideLabel={hideLabel}
      required={required}
      disabled={readOnly || rest.disabled}
      name={field.name}
      value={(field.value as Item | null | undefined) ?? null}
      onChange={(item) => {
        const previous = (field.value as Item | null | undefined) ?? null;
        field.onChange(item);
        onPick?.(item, previous);
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      errorDisplay={errorDisplay ?? (hideLabel ? 'hidden' : 'line')}
    />
  );
}
