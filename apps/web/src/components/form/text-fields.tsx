import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import {
  type Control,
  type FieldPath,
  type FieldValues,
  useController,
  useFormContext,
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

/** The field's controller, from `control` or from the surrounding FormProvider. */
export function useField<T extends FieldValues>(name: FieldPath<T>, control?: Control<T>) {
  const context = useFormContext<T>();
  return useController<T>({ name, control: control ?? context.control });
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
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        field.onChange(normalize ? normalize(value) : value);
      }}
      onBlur={field.onBlur}
      ref={field.ref}
    />
  );
}

type PasswordFieldProps<T extends FieldValues> = Base<T> &
  Omit<PasswordInputProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'required'>;

export function PasswordField<T extends FieldValues>({
  name,
  label,
  control,
  hideLabel,
  required,
  errorDisplay,
  ...rest
}: PasswordFieldProps<T>) {
  const { field, fieldState } = useField(name, control);
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': `Show or hide ${label.toLowerCase()}` }}
      {...rest}
      {...labelProps(label, hideLabel, required)}
      {...errorChrome(fieldState.error?.message, errorDisplay ?? 'line')}
      // Mantine marks an invalid password input with data-invalid only; assistive technology needs aria-invalid.
      aria-invalid={fieldState.error ? true : undefined}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      ref={field.ref}
    />
  );
}
