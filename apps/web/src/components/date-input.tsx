import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type Ref, useLayoutEffect, useRef, useState } from 'react';
import { type DateCalendar, dateCalendar } from './date-calendar';
import { formatDateText, parseDateText, valueOfDateText } from './form/date-text';
import { type ErrorDisplay, errorChrome, labelProps } from './form/field-chrome';
import { type Handoff, openerProps, useOnDemand, useTakeFocus } from './on-demand';

export type DateInputProps = Omit<
  TextInputProps,
  'value' | 'onChange' | 'type' | 'min' | 'max' | 'label' | 'error' | 'required' | 'defaultValue'
> & {
  label: string;
  /** The field's name in its messages when the label says more ("Accept until" for "Accept until (port time, …)"). */
  fieldName?: string;
  hideLabel?: boolean;
  required?: boolean;
  /** "2026-05-12" ("2026-05-12T18:00" `withTime`), '' for none; other text is shown as it is (typed, not a date). */
  value: string;
  /**
   * Called as the text changes, with its value: the ISO value, '' when emptied, or the text itself when it is not a
   * date (`isDateValue` tells them apart; a filter keeps its last date meanwhile, a form stores the text and so
   * cannot submit the date shown before).
   */
  onChange: (value: string) => void;
  /** A date and a time (24 h), "dd/mm/yyyy hh:mm"; the calendar picks the day and keeps the time typed. */
  withTime?: boolean;
  /** ISO dates: the calendar's first and last days (checking a typed date against them is the form's). */
  min?: string;
  max?: string;
  error?: string;
  errorDisplay?: ErrorDisplay;
  ref?: Ref<HTMLInputElement>;
};

/** "Cargo ready date must be a date, as dd/mm/yyyy". */
export function notADateMessage(name: string, withTime = false): string {
  return withTime
    ? `${name} must be a date and time, as dd/mm/yyyy hh:mm`
    : `${name} must be a date, as dd/mm/yyyy`;
}

/**
 * Every date input of the portal: the text is typed as dd/mm/yyyy (the app's format, whatever the browser's locale:
 * a native `<input type="date">` follows it, mm/dd/yyyy under en-US), and the value is ISO, as the API takes it.
 *
 * - Typing: read strictly with dayjs' customParseFormat (components/form/date-text.ts): 12/05/2026 is 12 May,
 *   31/02/2026 is no date; 12.05.2026 and a pasted 2026-05-12 are read too. Text that is not a date keeps its place,
 *   and once the field is left (or the form's check fails) the error names the field.
 * - The calendar: the button beside the text ("Choose <field> from the calendar") opens Mantine's DatePicker in a
 *   popover that holds the focus: the day shown focused, arrows move between days (Ctrl+arrows between years), Enter
 *   or a click picks it, Escape closes. The picked day goes into the text and the focus back to it.
 * - Lazy: @mantine/dates and its styles come with the first hover, focus or press of a calendar button
 *   (components/date-calendar.ts, as the overlays: until then the button is a stand-in of the same look). dayjs and its
 *   parser come with the screens that have a date input (they are none of the first loads).
 *
 * `DateField` (components/form/date-fields.tsx) is the same input bound to a react-hook-form field.
 */
export function DateInput({
  label,
  fieldName,
  hideLabel,
  required,
  value,
  onChange,
  withTime = false,
  min,
  max,
  error,
  errorDisplay,
  ref,
  readOnly,
  disabled,
  onBlur,
  ...rest
}: DateInputProps) {
  const [text, setText] = useState(() => formatDateText(value, withTime));
  // The value the text was last set from: a new value from outside (a reset, another field's change) is shown,
  // unless it is what the text already means.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== valueOfDateText(text, withTime)) setText(formatDateText(value, withTime));
  }
  // The "not a date" message waits for the field to be left: a date half typed is not a mistake yet.
  const [left, setLeft] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(inputRef, ref);
  const name = fieldName ?? label;
  const notADate = parseDateText(text, withTime) === null;
  const message = notADate && (left || error) ? notADateMessage(name, withTime) : error;

  const type = (next: string) => {
    setText(next);
    setLeft(false);
    onChange(valueOfDateText(next, withTime));
  };
  const pick = (day: string) => {
    const time = withTime ? (parseDateText(text, true) ?? '').slice(11) : '';
    const date = formatDateText(day);
    // A picked day keeps the time typed; without one, the text waits for it (and says so once left).
    type(withTime ? `${date} ${time}` : date);
    caretToEnd.current = true;
    inputRef.current?.focus();
  };
  // After a pick the caret goes after the text (where a missing time is typed).
  const caretToEnd = useRef(false);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!caretToEnd.current || !input) return;
    caretToEnd.current = false;
    input.setSelectionRange(input.value.length, input.value.length);
  });
  const current = parseDateText(text, withTime) || (isoDay(value) ?? '');
  const calendar =
    readOnly || disabled ? undefined : (
      <CalendarButton
        name={name}
        day={current ? current.slice(0, 10) : null}
        min={min}
        max={max}
        onPick={pick}
      />
    );
  return (
    <TextInput
      placeholder={withTime ? 'dd/mm/yyyy hh:mm' : 'dd/mm/yyyy'}
      // The text keyboard on a phone: a numeric one (inputmode) has no slash on iOS.
      autoComplete="off"
      {...rest}
      {...labelProps(label, hideLabel, required)}
      {...errorChrome(message, errorDisplay ?? (hideLabel ? 'hidden' : 'line'))}
      ref={mergedRef}
      readOnly={readOnly}
      disabled={disabled}
      value={text}
      onChange={(event) => type(event.currentTarget.value)}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
      rightSection={calendar}
      rightSectionPointerEvents="all"
    />
  );
}

function isoDay(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor">
      <rect x="2" y="3" width="12" height="11" rx="1.5" strokeWidth="1.3" />
      <path d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3" strokeWidth="1.3" strokeLinecap="round" />
    </svg>
  );
}

type CalendarProps = {
  name: string;
  /** The day shown selected and focused when the calendar opens (null: today, or the first day allowed). */
  day: string | null;
  min: string | undefined;
  max: string | undefined;
  onPick: (day: string) => void;
};

const buttonLabel = (name: string) => `Choose ${name} from the calendar`;

/** The calendar's button: a stand-in until the calendar is in, then the popover's target (components/on-demand.ts). */
function CalendarButton(props: CalendarProps) {
  const part = useOnDemand<DateCalendar, HTMLButtonElement>(dateCalendar);
  if (part.real) return <RealCalendar parts={part.real} handoff={part.handoff} {...props} />;
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={buttonLabel(props.name)}
      {...openerProps(part, 'dialog')}
    >
      <CalendarIcon />
    </ActionIcon>
  );
}

function RealCalendar({
  parts: { Popover, DatePicker },
  handoff,
  name,
  day,
  min,
  max,
  onPick,
}: CalendarProps & { parts: DateCalendar; handoff: Handoff }) {
  const buttonRef = useTakeFocus<HTMLButtonElement>(handoff.focus);
  const dropdownRef = useRef<HTMLDivElement>(null);
  // Opened just after mounting when the stand-in was pressed: the popover then records where the focus was.
  const [opened, setOpened] = useState(false);
  useLayoutEffect(() => {
    if (handoff.open) setOpened(true);
  }, [handoff]);
  const close = () => {
    // Escape (or a click elsewhere) while in the calendar: back to its button.
    if (dropdownRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    setOpened(false);
  };
  const today = new Date();
  const todayIso = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  const focusDay = day ?? clamp(todayIso, min, max);
  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? setOpened(true) : close())}
      trapFocus
      returnFocus={false}
      position="bottom-end"
      shadow="md"
      withinPortal
    >
      <Popover.Target>
        <ActionIcon
          ref={buttonRef}
          variant="subtle"
          color="gray"
          aria-label={buttonLabel(name)}
          onClick={() => (opened ? close() : setOpened(true))}
        >
          <CalendarIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown ref={dropdownRef}>
        <DatePicker
          value={day}
          defaultDate={focusDay}
          minDate={min}
          maxDate={max}
          firstDayOfWeek={1}
          // Days of the months around are not shown, and weekends look like other days: Mantine draws both in
          // colours below AA contrast (axe: color-contrast, serious), and ships sail on Sundays too.
          hideOutsideDates
          // Marks the calendar's buttons so that Escape there closes the calendar, not a dialog or drawer around the
          // field (Mantine's modals skip such keys; its DatePickerInput does the same in a popover).
          __stopPropagation
          weekendDays={[]}
          getDayProps={(date) => (date === focusDay ? { 'data-autofocus': true } : {})}
          // The month and year headings keep their text as their name (axe: label-content-name-mismatch).
          ariaLabels={{
            previousMonth: 'Previous month',
            nextMonth: 'Next month',
            previousYear: 'Previous year',
            nextYear: 'Next year',
            previousDecade: 'Previous decade',
            nextDecade: 'Next decade',
          }}
          onChange={(picked) => {
            if (!picked) return;
            setOpened(false);
            onPick(picked.slice(0, 10));
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

function clamp(day: string, min: string | undefined, max: string | undefined): string {
  if (min && day < min) return min;
  if (max && day > max) return max;
  return day;
}
