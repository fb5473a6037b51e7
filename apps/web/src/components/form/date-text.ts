import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/**
 * What a date input shows and what it is worth, whatever the browser's locale: the portal writes dates dd/MM/yyyy
 * (specification section 9), the API takes ISO. A date's value is "2026-05-12", a date and time's "2026-05-12T18:00"
 * (the shape of a `datetime-local` input, which the forms already map to the API's instant).
 */

/** Day and month with or without their leading zero; the year always in full. */
const DATE_FORMATS = ['DD/MM/YYYY', 'D/M/YYYY', 'DD/M/YYYY', 'D/MM/YYYY'];
const TIME_FORMATS = ['HH:mm', 'H:mm'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A strict read (dayjs' customParseFormat): 31/02/2026 is no date, where a lenient read would give 3 March. */
function strictDate(text: string): string | null {
  const iso = ISO_DATE.test(text);
  const parsed = dayjs(text, iso ? 'YYYY-MM-DD' : DATE_FORMATS, true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}

function strictTime(text: string): string | null {
  const parsed = dayjs(
    `2000-01-01 ${text}`,
    TIME_FORMATS.map((format) => `YYYY-MM-DD ${format}`),
    true,
  );
  return parsed.isValid() ? parsed.format('HH:mm') : null;
}

/**
 * The value of what was typed: '' for nothing, the ISO value for a date (and, `withTime`, a time), null for anything
 * else. Dots and dashes separate the parts as well as slashes (12.05.2026, as typed in Germany); an ISO date pasted in
 * is read as such.
 */
export function parseDateText(text: string, withTime = false): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (withTime) {
    const iso = trimmed.replace(' ', 'T');
    if (ISO_DATE_TIME.test(iso)) {
      const date = strictDate(iso.slice(0, 10));
      const time = strictTime(iso.slice(11));
      return date && time ? `${date}T${time}` : null;
    }
    const match = /^(\S+?),?\s+(\d{1,2}[:.]\d{2})$/.exec(trimmed);
    if (!match) return null;
    const date = strictDate(slashes(match[1]!));
    const time = strictTime(match[2]!.replace('.', ':'));
    return date && time ? `${date}T${time}` : null;
  }
  return strictDate(ISO_DATE.test(trimmed) ? trimmed : slashes(trimmed));
}

function slashes(date: string): string {
  return date.replace(/[.-]/g, '/');
}

/** True for a value the API can take: '' (none) or an ISO date (and time, `withTime`). */
export function isDateValue(value: string, withTime = false): boolean {
  return value === '' || (withTime ? ISO_DATE_TIME : ISO_DATE).test(value);
}

/** The text shown for a value: "12/05/2026" ("12/05/2026 18:00" with a time); anything else as it is. */
export function formatDateText(value: string | null | undefined, withTime = false): string {
  if (!value) return '';
  if (!isDateValue(value, withTime)) return value;
  const [year, month, day] = value.slice(0, 10).split('-');
  const date = `${day}/${month}/${year}`;
  return withTime ? `${date} ${value.slice(11, 16)}` : date;
}

/**
 * What the input holds for what was typed: the ISO value, '' for nothing, or the text itself when it is not a date
 * (a form then cannot submit the date shown before; the field says what is wrong).
 */
export function valueOfDateText(text: string, withTime = false): string {
  return parseDateText(text, withTime) ?? text;
}
