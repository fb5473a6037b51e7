import { createContext, type ReactNode, useContext } from 'react';
import classes from './form-field.module.css';

/** Settings every field of one form shares: read-only (a locked bill, a user without the edit permission). */
export const FormOptions = createContext<{ readOnly: boolean }>({ readOnly: false });
export const useFormOptions = () => useContext(FormOptions);

/**
 * Where a field's message goes: `line` reserves one line under the field for it (nothing moves when it appears);
 * `hidden` (table cells, whose column header is the label) shows the error style and keeps the message for screen
 * readers only.
 */
export type ErrorDisplay = 'line' | 'hidden';

export function errorChrome(message: ReactNode, display: ErrorDisplay) {
  return {
    error: message,
    classNames:
      display === 'line'
        ? { root: classes.reserve, wrapper: classes.wrapper, error: classes.line }
        : { wrapper: classes.wrapper, error: classes.hidden },
  };
}

/** Label props: visible, or (hideLabel) only for assistive technology. */
export function labelProps(label: string, hideLabel: boolean | undefined, required: boolean | undefined) {
  return {
    label: hideLabel ? undefined : label,
    'aria-label': hideLabel ? label : undefined,
    withAsterisk: Boolean(required) && !hideLabel,
    'aria-required': required || undefined,
  };
}
