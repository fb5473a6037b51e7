import { TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type ErrorDisplay, errorChrome } from './form/field-chrome';
import { useOnDemand } from './on-demand';
import { type Overlays, overlays } from './overlays';

export type TypeaheadSearch<T> = (term: string, signal: AbortSignal) => Promise<readonly T[]>;

export type TypeaheadProps<T> = {
  label: string;
  /** Keep the label for screen readers only (table cells, where the column header shows it). */
  hideLabel?: boolean;
  /** The picked item; the field never holds free text. */
  value: T | null;
  onChange: (item: T | null) => void;
  search: TypeaheadSearch<T>;
  getOptionLabel: (item: T) => string;
  getOptionKey: (item: T) => string;
  renderOption?: (item: T) => ReactNode;
  placeholder?: string;
  /** Terms shorter than this are not searched. */
  minLength?: number;
  debounceMs?: number;
  /** Mark the field invalid when a search fails (the country field, specification section 7). */
  invalidOnError?: boolean;
  /** A validation message from the form. */
  error?: ReactNode;
  /** In a form: keep a line for the message (nothing moves when it appears), or show only the error style. */
  errorDisplay?: ErrorDisplay;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  onBlur?: () => void;
  nothingFound?: string;
};

/** The input's props the stand-in and the real typeahead share (label, name, state and message). */
export function typeaheadInputProps<T>(props: TypeaheadProps<T>, error: ReactNode) {
  const { label, hideLabel = false, name, placeholder, required, disabled, errorDisplay } = props;
  return {
    label: hideLabel ? undefined : label,
    'aria-label': hideLabel ? label : undefined,
    name,
    placeholder,
    required,
    withAsterisk: required && !hideLabel,
    disabled,
    autoComplete: 'off',
    ...(errorDisplay ? errorChrome(error, errorDisplay) : { error }),
  };
}

/**
 * One typeahead for every reference field (Mantine Combobox, components/typeahead-combobox.tsx): waits `debounceMs`
 * (300 ms) after the last key, does not search the same term twice in a row, aborts the request of a term the user
 * has typed past, and shows "No results" when nothing matches. Until the user first reaches for it, the field is a
 * plain input of the same look, and the dropdown's code (with floating-ui) is not fetched (components/on-demand.ts):
 * what is typed meanwhile is kept and searched.
 */
export function Typeahead<T>(props: TypeaheadProps<T>) {
  const { real, handoff, request, standIn, givingWay } = useOnDemand<Overlays, HTMLInputElement>(overlays);
  const [typed, setTyped] = useState<string | null>(null);
  if (real) return <real.TypeaheadCombobox<T> {...props} handoff={handoff} initialText={typed} />;
  return (
    <TextInput
      ref={standIn}
      {...typeaheadInputProps(props, props.error)}
      value={typed ?? (props.value ? props.getOptionLabel(props.value) : '')}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        request();
      }}
      onFocus={() => request()}
      onPointerEnter={() => request()}
      onBlur={() => {
        if (!givingWay.current) props.onBlur?.();
      }}
    />
  );
}
