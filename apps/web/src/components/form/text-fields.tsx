import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import {
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { type ErrorDisplay, errorChrome, labelProps, useFormOptions } from './field-chrome';

export type Base<T extends FieldValues> = {
  name: FieldPath<T>;
  label: string;
  /** Without it the field uses the surrounding FormProvider. */
  control?: Control<T>;
  hideLabel?: boolean;
  required?: boolean;
  errorDisplay?: ErrorDisplay;
};

/**
 * The field's controller, from `control` or from the surrounding FormProvider. Without `control`, react-hook-form
 * finds the form's control in its own context, whose value never changes: a field then re-renders when its own value
 * or state changes, not whenever the form's state does (as `useFormContext()`'s would: the whole bill form, once
 * more, when react-hook-form marks a new form ready on mount).
 */
export function useField<T extends FieldValues>(name: FieldPath<T>, control?: Control<T>) {
  return useController<T>({ name, control });
}

/**
 * A text-like input's binding to its string field: name, value ('' for none), change (optionally normalised), blur
 * and ref. Shared by the text, password and textarea fields.
 */
export function stringBinding<T extends FieldValues>(
  field: ControllerRenderProps<T, FieldPath<T>>,
  normalize?: (value: string) => string,
) {
  return {
    name: field.name,
    value: (field.value as string | null | undefined) ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      field.onChange(normalize ? normalize(value) : value);
    },
    onBlur: field.onBlur,
    ref: field.ref,
  };
}

type TextFieldProps<T extends FieldValues> = Base<T> &
  Omit<TextInputProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'required'> & {
    /** Rewrites what is typed before it is stored (e.g. a phone keeps digits and one leading +). */
    normalize?: (value: string) => string;
  };

export function TextField<T extends FieldValues>({
  name,
  label,
  control,
  hideLabel,
  required,
  errorDisplay,
  normalize,
  ...rest
}: TextFieldProps<T>) {
  const { readOnly } = useFormOptions();
  const { field, fieldState } = useField(name, control);
  return (
    <TextInput
      {...rest}
      {...labelProps(label, hideLabel, required)}
      {...errorChrome(fieldState.error?.message, errorDisplay ?? (hideLabel ? 'hidden' : 'line'))}
      readOnly={readOnly || rest.readOnly}
      {...stringBinding(field, normalize)}
    />
  );
}
