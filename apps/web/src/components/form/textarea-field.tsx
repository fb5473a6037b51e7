import { InputBase, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { FieldValues } from 'react-hook-form';
import { errorChrome, labelProps, useFormOptions } from './field-chrome';
import { type Base, stringBinding, useField } from './text-fields';

type TextAreaFieldProps<T extends FieldValues> = Base<T> &
  Omit<
    TextareaProps,
    | 'name'
    | 'label'
    | 'value'
    | 'onChange'
    | 'error'
    | 'required'
    | 'autosize'
    | 'minRows'
    | 'maxRows'
    | 'resize'
    | 'style'
  >;

export function TextAreaField<T extends FieldValues>({
  name,
  label,
  control,
  hideLabel,
  required,
  errorDisplay,
  ...rest
}: TextAreaFieldProps<T>) {
  const { readOnly } = useFormOptions();
  const { field, fieldState } = useField(name, control);
  return (
    // Fixed rows the user can drag taller, not `autosize`: autosize measures the textarea (getComputedStyle, a forced
    // layout of the page) after every render, and the bill form renders often while it loads: over a second of
    // main-thread work on bl_view (Lighthouse figure 7). So Mantine's InputBase as a textarea, which is all its
    // Textarea renders without autosize: the Textarea module would bring its autosize code to bl_view's first load
    // (1.5 KB brotli, issue 28). `--input-resize` is the variable Mantine's input style reads for `resize`.
    <InputBase
      component="textarea"
      multiline
      rows={3}
      {...rest}
      style={{ '--input-resize': 'vertical' } as CSSProperties}
      {...labelProps(label, hideLabel, required)}
      {...errorChrome(fieldState.error?.message, errorDisplay ?? 'line')}
      readOnly={readOnly || rest.readOnly}
      {...stringBinding(field)}
    />
  );
}
