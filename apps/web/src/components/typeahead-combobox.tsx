import { TYPEAHEAD_DEBOUNCE_MS } from '@lading/contract/app-info';
import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { type Handoff, useTakeFocus } from './on-demand';
import { type TypeaheadProps, typeaheadInputProps } from './typeahead';

const SEARCH_FAILED_MESSAGE = 'Search failed';

/**
 * The typeahead's dropdown and behaviour (components/typeahead.tsx shows a stand-in until the field is first
 * reached, then this takes over with `handoff` and the text typed meanwhile). It waits `debounceMs` (300 ms) after
 * the last key, does not search the same term twice in a row, aborts the request of a term the user has typed past,
 * and shows "No results" when nothing matches. A failed search shows an empty list (and, with `invalidOnError`,
 * marks the field invalid). The first result is highlighted, arrow keys move through the results, Enter picks one,
 * Escape closes the list; leaving the field without picking puts the picked item's label back, so a value always
 * comes from the results.
 */
export function TypeaheadCombobox<T>(
  props: TypeaheadProps<T> & { handoff: Handoff; initialText: string | null },
) {
  const {
    label,
    value,
    onChange,
    search,
    getOptionLabel,
    getOptionKey,
    renderOption,
    minLength = 1,
    debounceMs = TYPEAHEAD_DEBOUNCE_MS,
    invalidOnError = false,
    error,
    onBlur,
    nothingFound = 'No results',
    handoff,
    initialText,
  } = props;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const inputId = useId();
  const [text, setText] = useState(() => initialText ?? (value ? getOptionLabel(value) : ''));
  const [options, setOptions] = useState<readonly T[]>([]);
  const [searched, setSearched] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // Mounted from the first focus (nothing can be searched before): a mounted dropdown, even hidden, has floating-ui
  // measure its position (a forced layout) while the page loads (as SelectField).
  const [reached, setReached] = useState(handoff.focus);
  const inputRef = useTakeFocus<HTMLInputElement>(handoff.focus, handoff.selection);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  const lastTerm = useRef<string | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;

  // A value set from outside (form reset, loaded profile) shows its label; our own changes do not reset the text.
  const valueLabel = value ? getOptionLabel(value) : '';
  const ownLabel = useRef(valueLabel);
  useEffect(() => {
    if (valueLabel === ownLabel.current) return;
    ownLabel.current = valueLabel;
    setText(valueLabel);
  }, [valueLabel]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  const runSearch = async (term: string) => {
    if (term === lastTerm.current) return;
    lastTerm.current = term;
    inFlight.current?.abort();
    if (term.length < minLength) {
      inFlight.current = null;
      setOptions([]);
      setSearched(false);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      const found = await searchRef.current(term, controller.signal);
      if (controller.signal.aborted) return;
      setOptions(found);
      setFailed(false);
    } catch {
      if (controller.signal.aborted) return;
      setOptions([]);
      setFailed(true);
      // A later identical term may succeed; let it search again.
      lastTerm.current = null;
    }
    setSearched(true);
    setLoading(false);
    combobox.openDropdown();
  };

  // Once new results are on screen the first is highlighted, so Enter picks it; the arrows move from there.
  useEffect(() => {
    if (options.length > 0) combobox.selectFirstOption();
  }, [options, combobox.selectFirstOption]);

  const onType = (next: string) => {
    setText(next);
    if (value && next !== valueLabel) {
      ownLabel.current = '';
      onChange(null);
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void runSearch(next.trim()), debounceMs);
  };

  // Text typed into the stand-in before this took over is searched as if typed here (once, on mount).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text handed over at mount, not a later one
  useEffect(() => {
    if (initialText !== null && initialText !== valueLabel) onType(initialText);
  }, []);

  const pick = (key: string) => {
    const item = options.find((option) => getOptionKey(option) === key);
    if (!item) return;
    const itemLabel = getOptionLabel(item);
    ownLabel.current = itemLabel;
    onChange(item);
    setText(itemLabel);
    lastTerm.current = itemLabel.trim();
    combobox.closeDropdown();
  };

  const showInvalid = invalidOnError && failed;
  return (
    <Combobox store={combobox} onOptionSubmit={pick} transitionProps={{ duration: 0 }} keepMounted={reached}>
      <Combobox.Target>
        <TextInput
          ref={inputRef}
          id={inputId}
          {...typeaheadInputProps(props, error ?? (showInvalid ? SEARCH_FAILED_MESSAGE : undefined))}
          value={text}
          rightSection={loading ? <Loader size={16} aria-label="Searching" /> : null}
          onChange={(event) => onType(event.currentTarget.value)}
          onFocus={() => {
            setReached(true);
            if (searched) combobox.openDropdown();
          }}
          onClick={() => {
            if (searched) combobox.openDropdown();
          }}
          onBlur={() => {
            combobox.closeDropdown();
            setText(valueLabel);
            onBlur?.();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searched}>
        <Combobox.Options aria-label={label}>
          {options.map((item) => {
            const key = getOptionKey(item);
            return (
              <Combobox.Option value={key} key={key} active={value ? getOptionKey(value) === key : false}>
                {renderOption ? renderOption(item) : getOptionLabel(item)}
              </Combobox.Option>
            );
          })}
          {options.length === 0 && <Combobox.Empty>{nothingFound}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
