/**
 * Calendar rules shared by the date and date-time fields, and how the OpenAPI document states them (JSON Schema
 * `format` and `pattern`, merged into each field's schema with zod's `.meta()`).
 */

/** Whether `YYYY-MM-DD` names a day that exists (no 31 April, 29 February only in a leap year). */
export function isRealCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(2000, month - 1, date));
  at.setUTCFullYear(year);
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
}

/** What the date-time fields read: ISO 8601 with its offset, seconds and up to 3 decimals optional. */
export const DATE_TIME_SHAPE =
  /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/**
 * The document's word for a date-time field: RFC 3339 (`format: date-time`, a real day, seconds written) in the shape
 * above. The server also reads the same without seconds (`2026-11-28T18:00Z`).
 */
export const DATE_TIME_DOC = { format: 'date-time', pattern: DATE_TIME_SHAPE.source } as const;

/** The document's word for a date field whose years run from 1900 (PostgreSQL has no year 0) to `last`. */
export const dateDoc = (last: 2999 | 9999) =>
  ({
    format: 'date',
    pattern:
      last === 9999 ? '^(?:19\\d\\d|[2-9]\\d{3})-\\d{2}-\\d{2}$' : '^(?:19\\d\\d|2\\d{3})-\\d{2}-\\d{2}$',
  }) as const;
