/**
 * Times at a port (issue 26): the API sends every date-time in UTC; a port call's times are shown in the port's own
 * time zone (IANA, from the port) with its offset, as the shipping lines print them: "Fri 28/11/2026 18:00
 * GMT+5:30". A port whose zone is unknown (null, or a name this browser does not know) shows UTC, said as such.
 * Entries made for a port (a delay's new ETA, an actual departure) are typed in that port's time and sent in UTC.
 */

type Parts = {
  weekday: string;
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  offset: string;
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** A usable IANA zone, or null (UTC) for none or one the browser does not know. */
function zoneOf(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  if (formats.has(timeZone)) return timeZone;
  try {
    formatOf(timeZone);
    return timeZone;
  } catch {
    return null;
  }
}

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    });
    formats.set(timeZone, format);
  }
  return format;
}

function partsAt(instant: number, timeZone: string | null): Parts {
  const parts: Record<string, string> = {};
  for (const part of formatOf(timeZone ?? 'UTC').formatToParts(instant)) parts[part.type] = part.value;
  return {
    weekday: parts.weekday ?? '',
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    // "GMT+5:30"; the zero offset is "GMT" (some engines write "GMT+0"). An unknown zone is UTC, and says so.
    offset: timeZone ? (parts.timeZoneName ?? 'GMT').replace(/^GMT[+-]0(:00)?$/, 'GMT') : 'UTC',
  };
}

const parse = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? null : instant;
};

/** "Fri 28/11/2026 18:00 GMT+5:30": an instant in the port's local time with its offset; "—" for none. */
export function formatPortTime(iso: string | null | undefined, timeZone: string | null | undefined): string {
  const instant = parse(iso);
  if (instant === null) return '—';
  const p = partsAt(instant, zoneOf(timeZone));
  return `${p.weekday} ${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} ${p.offset}`;
}

/**
 * "28/11/2026 18:00 GMT+5:30": the port's local date (dd/MM/yyyy), 24-hour time and offset, without the weekday (the
 * tracking timeline, where a list of events reads better without it); "—" for none.
 */
export function formatPortDateTime(
  iso: string | null | undefined,
  timeZone: string | null | undefined,
): string {
  const instant = parse(iso);
  if (instant === null) return '—';
  const p = partsAt(instant, zoneOf(timeZone));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} ${p.offset}`;
}

/** "02/12/2026": the date at the port at that instant (an ETA said in a sentence); "—" for none. */
export function formatPortDate(iso: string | null | undefined, timeZone: string | null | undefined): string {
  const instant = parse(iso);
  if (instant === null) return '—';
  const p = partsAt(instant, zoneOf(timeZone));
  return `${p.day}/${p.month}/${p.year}`;
}

/** The port's offset from UTC at that instant ("GMT+5:30", "GMT+1", "GMT"; "UTC" when the zone is unknown). */
export function portOffset(iso: string | null | undefined, timeZone: string | null | undefined): string {
  const instant = parse(iso) ?? Date.now();
  return partsAt(instant, zoneOf(timeZone)).offset;
}

/** Minutes the port's clock is ahead of UTC at an instant (330 in India). */
function offsetMinutes(instant: number, timeZone: string | null): number {
  if (!timeZone) return 0;
  const p = partsAt(instant, timeZone);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return Math.round((wall - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * The value of a `datetime-local` input showing an instant in the port's time: "2026-11-28T18:00" ('' for none).
 */
export function toPortLocalInput(
  iso: string | null | undefined,
  timeZone: string | null | undefined,
): string {
  const instant = parse(iso);
  if (instant === null) return '';
  const p = partsAt(instant, zoneOf(timeZone));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * A `datetime-local` value typed in the port's time ("2026-11-28T18:00") as the UTC instant the API takes
 * ("2026-11-28T12:30:00.000Z" for Nhava Sheva); null when it is not a whole date and time. A wall time that a
 * clock change skips is read with the offset before the change; one it repeats, as the first of the two.
 */
export function fromPortLocalInput(value: string, timeZone: string | null | undefined): string | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month! - 1 || hour! > 23 || minute! > 59)
    return null;
  const zone = zoneOf(timeZone);
  // The port's offsets a day before and a day after: the same but around a clock change. Of the instants they give,
  // those that show the wall time are right, the earlier of two winning; in a skipped hour neither does, and the
  // offset before the change is used.
  const before = wall - offsetMinutes(wall - 86_400_000, zone) * 60_000;
  const after = wall - offsetMinutes(wall + 86_400_000, zone) * 60_000;
  const shows = (instant: number) =>
    toPortLocalInput(new Date(instant).toISOString(), zone) === value.trim().slice(0, 16);
  const right = [before, after].filter(shows).sort((a, b) => a - b);
  return new Date(right[0] ?? before).toISOString();
}

/** Whole hours between two instants, signed ("+30 h", "-2 h"), for what a change moves. */
export function hoursBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 3_600_000);
}
