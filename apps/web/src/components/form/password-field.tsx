import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { errorChrome, labelProps } from './field-chrome';
import { type Base, stringBinding, useField } from './text-fields';

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
      {...stringBinding(field)}
    />
  );
}
