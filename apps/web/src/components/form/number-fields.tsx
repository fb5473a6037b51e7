import { roundDecimalText } from '@lading/contract/decimal';
import type { NumberInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { groupThousands, OnDemandNumberInput } from '../on-demand-number-input';
import { errorChrome, labelProps, useFormOptions } from './field-chrome';
import { type Base as FieldBase, useField } from './text-fields';

type Base<T extends FieldValues> = FieldBase<T> &
  Omit<NumberInputProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'required' | 'decimalScale'>;

/** The typed text when it is a number the field takes (digits, then a decimal part when `decimal`), else null. */
function typedNumber(text: string, decimal: boolean): string | null {
  const digits = text.replace(/,/g, '');
  return (decimal ? /^\d*(?:\.\d*)?$/ : /^\d*$/).test(digits) ? digits : null;
}

// The inputs are Mantine's NumberInput, fetched on the first hover, focus or press of one
// (components/on-demand-number-input.tsx): until then a TextInput of the same look shows the value.

/**
 * An exact decimal (weights, measurement, VGM): the form holds the text as typed (no binary float, no truncation
 * while typing); leaving the field rounds it half up to `decimals` places on that text (12345.675 -> 12,345.68),
 * so the screen shows what the payload sends and the server stores.
 */
export function DecimalField<T extends FieldValues>({
  name,
  label,
  control,
  hideLabel,
  required,
  errorDisplay,
  decimals = 2,
  ...rest
}: Base<T> & { decimals?: number }) {
  const { readOnly } = useFormOptions();
  const { field, fieldState } = useField(name, control);
  const value = (field.value as string | null | undefined) ?? '';
  return (
    <OnDemandNumberInput
      shown={groupThousands(value)}
      onTyped={(text) => {
        const typed = typedNumber(text, true);
        if (typed !== null) field.onChange(typed);
      }}
      hideControls
      allowNegative={false}
      thousandSeparator=","
      inputMode="decimal"
      {...rest}
      {...labelProps(label, hideLabel, required)}
      {...errorChrome(fieldState.error?.message, errorDisplay ?? (hideLabel ? 'hidden' : 'line'))}
      readOnly={readOnly || rest.readOnly}
      name={field.name}
      value={value}
      onValueChange={(payload) => field.onChange(payload.value)}
      onBlur={() => {
        const rounded = value.trim() === '' ? null : roundDecimalText(value, decimals);
        if (rounded !== null && rounded !== value) field.onChange(rounded);
        field.onBlur();
      }}
      ref={field.ref}
    />
  );
}

/** A whole number (a count of packages); the form holds a number or null. */
export function IntegerField<T extends FieldValues>({
  name,
  label,
  control,
  hideLabel,
  required,
  errorDisplay,
  ...rest
}: Base<T>) {
  const { readOnly } = useFormOptions();
  const { field, fieldState } = useField(name, control);
  const value = field.value as number | null | undefined;
  return (
    <OnDemandNumberInput
      shown={value === null || value === undefined ? '' : groupThousands(String(value))}
      onTyped={(text) => {
        const typed = typedNumber(text, false);
        if (typed !== null) field.onChange(typed === '' ? null : Number(typed));
      }}
      hideControls
      allowNegative={false}
      allowDecimal={false}
      thousandSeparator=","
      inputMode="numeric"
      {...rest}
      {...labelProps(label, hideLabel, required)}
      {...errorChrome(fieldState.error?.message, errorDisplay ?? (hideLabel ? 'hidden' : 'line'))}
      readOnly={readOnly || rest.readOnly}
      name={field.name}
      value={value ?? ''}
      onChange={(next) => field.onChange(next === '' ? null : Number(next))}
      onBlur={field.onBlur}
      ref={field.ref}
    />
  );
}
