import { Input, type SelectProps, TextInput } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type KeyboardEvent, type Ref, useState } from 'react';
import { useOnDemand } from './on-demand';
import { type Overlays, overlays } from './overlays';

type Item = string | { value: string; label?: string };
type Data = SelectProps['data'];

/** The label of `value` among a Select's options (plain, labelled or grouped). */
export function optionLabel(data: Data, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  for (const entry of (data ?? []) as (Item | { group: string; items: Item[] })[]) {
    const items = typeof entry === 'object' && 'group' in entry ? entry.items : [entry];
    for (const item of items) {
      if (typeof item === 'string') {
        if (item === value) return item;
      } else if (item.value === value) return item.label ?? item.value;
    }
  }
  return '';
}

function Chevron() {
  return (
    <svg
      aria-hidden="true"
      width="15"
      height="15"
      viewBox="0 0 15 15"
      fill="none"
      style={{ color: 'var(--mantine-color-dimmed)' }}
    >
      <path
        d="M4.93 5.43a.45.45 0 0 0 .64.64L7.5 4.14l1.93 1.93a.45.45 0 0 0 .64-.64L7.82 3.18a.45.45 0 0 0-.64 0zm5.14 4.14a.45.45 0 0 0-.64-.64L7.5 10.86 5.57 8.93a.45.45 0 0 0-.64.64l2.25 2.25c.18.18.46.18.64 0z"
        fill="currentColor"
      />
    </svg>
  );
}

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/** The clear button's name ("Clear Status"): an icon button needs one (axe: button-name, critical). */
export function clearLabel(props: SelectProps): string {
  const name = typeof props.label === 'string' ? props.label : props['aria-label'];
  return name ? `Clear ${name}` : 'Clear';
}

/**
 * Mantine's Select, fetched with the other overlays on the first interaction (components/on-demand.ts). Until then
 * its stand-in is an input of the same look (label, value, message, chevron or clear button, combobox role): a
 * press opens the real one at once, the focus moves over, and text typed into a searchable one is kept as its
 * search.
 */
export function OnDemandSelect(props: SelectProps & { ref?: Ref<HTMLInputElement> }) {
  const { real, handoff, request, press, standIn, givingWay } = useOnDemand<Overlays, HTMLInputElement>(
    overlays,
  );
  const [typed, setTyped] = useState<string | null>(null);
  const standInRef = useMergedRef(standIn, props.ref);
  if (real) return <real.RealSelect props={props} handoff={handoff} typed={typed} />;

  const { data, value, searchable, clearable, disabled, readOnly, onChange, onBlur } = props;
  const label = optionLabel(data, value);
  const cleared = Boolean(clearable && label && !disabled && !readOnly);
  return (
    <TextInput
      ref={standInRef}
      label={props.label}
      aria-label={props['aria-label']}
      aria-required={props['aria-required']}
      description={props.description}
      placeholder={props.placeholder}
      error={props.error}
      classNames={props.classNames as never}
      withAsterisk={props.withAsterisk}
      required={props.required}
      size={props.size}
      w={props.w}
      maw={props.maw}
      name={props.name}
      disabled={disabled}
      readOnly={readOnly || !searchable}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      aria-autocomplete={searchable ? 'list' : 'none'}
      autoComplete="off"
      pointer={!searchable && !readOnly}
      value={typed ?? label}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        request(true);
      }}
      onPointerEnter={() => request()}
      onFocus={() => {
        if (!readOnly) request();
      }}
      onPointerDown={() => {
        if (!readOnly && !disabled) press.onPointerDown();
      }}
      onPointerLeave={press.onPointerLeave}
      onClick={() => {
        if (!readOnly && !disabled) request(true);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (!readOnly && OPENING_KEYS.has(event.key)) request(true);
      }}
      onBlur={(event) => {
        if (!givingWay.current) onBlur?.(event);
      }}
      rightSection={
        cleared ? (
          <Input.ClearButton aria-label={clearLabel(props)} onClick={() => onChange?.(null, null as never)} />
        ) : (
          <Chevron />
        )
      }
      rightSectionPointerEvents={cleared ? 'all' : 'none'}
    />
  );
}
