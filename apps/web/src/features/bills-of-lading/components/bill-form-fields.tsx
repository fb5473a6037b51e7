import type { BillOfLadingForm } from '@lading/contract/bills-of-lading';
import { NumberInput, Select, type SelectProps, Textarea, TextInput } from '@mantine/core';
import { createContext, useContext } from 'react';
import { type FieldPath, useController, useFormContext } from 'react-hook-form';
import type { FormErrors } from './bill-form-rules';

/** What every field needs to know: the current rule failures, whether Submit was pressed, whether the bill is locked. */
export const BillFormState = createContext<{ errors: FormErrors; submitted: boolean; readOnly: boolean }>({
  errors: {},
  submitted: false,
  readOnly: false,
});

type Path = FieldPath<BillOfLadingForm>;

/** Invalid touched cells are highlighted (specification section 2); after Submit every invalid cell is. */
function useFieldError(name: Path, styleOnly = false): string | boolean | undefined {
  const { errors, submitted } = useContext(BillFormState);
  const { getFieldState, formState } = useFormContext<BillOfLadingForm>();
  const { isTouched } = getFieldState(name, formState);
  const message = errors[name];
  if (!message || !(submitted || isTouched)) return undefined;
  // Table cells show the error style only (specification section 2): no message line that shifts the table.
  return styleOnly ? true : message;
}

type Common = { name: Path; label: string; hideLabel?: boolean; required?: boolean; description?: string };

export function TextField({
  name,
  label,
  hideLabel,
  required,
  numericOnly,
  maxLength = 200,
  ...rest
}: Common & {
  numericOnly?: boolean;
  maxLength?: number;
  placeholder?: string;
  type?: string;
  miw?: number;
}) {
  const { readOnly } = useContext(BillFormState);
  const { field } = useController<BillOfLadingForm>({ name });
  const error = useFieldError(name, hideLabel);
  return (
    <TextInput
      {...rest}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      withAsterisk={required && !hideLabel}
      aria-required={required}
      readOnly={readOnly}
      value={(field.value as string) ?? ''}
      maxLength={maxLength}
      inputMode={numericOnly ? 'tel' : undefined}
      onChange={(event) => {
        const value = event.currentTarget.value;
        field.onChange(numericOnly ? value.replace(/(?!^\+)[^0-9]/g, '') : value);
      }}
      onBlur={field.onBlur}
      ref={field.ref}
      error={error}
    />
  );
}

export function TextAreaField({ name, label, required, maxLength = 4000 }: Common & { maxLength?: number }) {
  const { readOnly } = useContext(BillFormState);
  const { field } = useController<BillOfLadingForm>({ name });
  return (
    <Textarea
      label={label}
      withAsterisk={required}
      readOnly={readOnly}
      autosize
      minRows={3}
      maxRows={10}
      maxLength={maxLength}
      value={(field.value as string) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      ref={field.ref}
      error={useFieldError(name)}
    />
  );
}

/** Weights, measurement and VGM: 2 decimals, never negative. */
export function NumberField({
  name,
  label,
  hideLabel,
  required,
  decimals = 2,
  suffix,
}: Common & { decimals?: number; suffix?: string }) {
  const { readOnly } = useContext(BillFormState);
  const { field } = useController<BillOfLadingForm>({ name });
  return (
    <NumberInput
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      aria-required={required}
      readOnly={readOnly}
      hideControls
      allowNegative={false}
      decimalScale={decimals}
      thousandSeparator=","
      suffix={suffix}
      value={(field.value as number | null) ?? ''}
      onChange={(value) =>
        field.onChange(value === '' ? null : typeof value === 'number' ? value : Number(value))
      }
      onBlur={field.onBlur}
      ref={field.ref}
      error={useFieldError(name, hideLabel)}
      miw={110}
    />
  );
}

export function SelectField({
  name,
  label,
  hideLabel,
  required,
  data,
  ...rest
}: Common & { data: SelectProps['data']; placeholder?: string; numeric?: boolean }) {
  const { readOnly } = useContext(BillFormState);
  const { field } = useController<BillOfLadingForm>({ name });
  const numeric = rest.numeric ?? false;
  return (
    <Select
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      aria-required={required}
      placeholder={rest.placeholder}
      readOnly={readOnly}
      searchable
      limit={50}
      data={data}
      value={
        field.value === null || field.value === undefined || field.value === '' ? null : String(field.value)
      }
      onChange={(value) =>
        field.onChange(value === null ? (numeric ? null : '') : numeric ? Number(value) : value)
      }
      onBlur={field.onBlur}
      ref={field.ref}
      error={useFieldError(name, hideLabel)}
      miw={150}
      comboboxProps={{ withinPortal: true }}
      nothingFoundMessage="No results"
    />
  );
}
