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

/**
 * The port's offset from UTC at an instant, in minutes, from Temporal where the browser has it (current Chromium and
 * Firefox): ICU's date formatting needs a set-up of its own the first time a page formats a date (its locale data and
 * pattern generator: 15–30 ms unthrottled on the benchmark machine, about 90 ms at Lighthouse's 4x slowdown, on
 * bl_view's largest paint through the sailing's deadlines, issue 29), Temporal's offset about 0.3 ms. The weekday,
 * date and time are then worked out from the instant and the offset, and the offset named as Intl's `shortOffset`
 * names it ("GMT+5:30"). null: no Temporal, a zone it does not know, or an offset with seconds (historical local mean
 * times), which Intl says (the same zones and offsets: port-time.test.ts and the check in Chromium of issue 29).
 */
type ZonedClock = { offsetNanoseconds: number };
type TemporalApi = {
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(timeZone: string): ZonedClock } };
};

function temporalOffset(instant: number, timeZone: string): number | null {
  const temporal = (globalThis as { Temporal?: TemporalApi }).Temporal;
  if (!temporal) return null;
  let nanoseconds: number;
  try {
    nanoseconds =
      temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone).offsetNanoseconds;
  } catch {
    return null;
  }
  return nanoseconds % 60_000_000_000 === 0 ? nanoseconds / 60_000_000_000 : null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const two = (n: number) => String(n).padStart(2, '0');

/** Intl's `shortOffset` name of an offset: "GMT+5:30", "GMT-3", "GMT" for none. */
function offsetName(minutes: number): string {
  if (minutes === 0) return 'GMT';
  const size = Math.abs(minutes);
  const rest = size % 60;
  return `GMT${minutes < 0 ? '-' : '+'}${Math.floor(size / 60)}${rest ? `:${two(rest)}` : ''}`;
}

/** The parts from the instant and the port's offset; null when Temporal cannot say the offset (Intl does then). */
function partsFromOffset(instant: number, timeZone: string | null): Parts | null {
  const offset = temporalOffset(instant, timeZone ?? 'UTC');
  if (offset === null) return null;
  const wall = new Date(instant + offset * 60_000);
  const year = wall.getUTCFullYear();
  // Years of four digits only: Intl writes others its own way (eras, no padding).
  if (year < 1000 || year > 9999) return null;
  return {
    weekday: WEEKDAYS[wall.getUTCDay()]!,
    day: two(wall.getUTCDate()),
    month: two(wall.getUTCMonth() + 1),
    year: String(year),
    hour: two(wall.getUTCHours()),
    minute: two(wall.getUTCMinutes()),
    offset: timeZone ? offsetName(offset) : 'UTC',
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** Zones already checked: whether the browser knows them. */
const knownZones = new Map<string, boolean>();

/** A usable IANA zone, or null (UTC) for none or one the browser does not know. */
function zoneOf(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    known = temporalOffset(0, timeZone) !== null || knownToIntl(timeZone);
    knownZones.set(timeZone, known);
  }
  return known ? timeZone : null;
}

function knownToIntl(timeZone: string): boolean {
  try {
    formatOf(timeZone);
    return true;
  } catch {
    return false;
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
  const fromOffset = partsFromOffset(instant, timeZone);
  if (fromOffset) return fromOffset;
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
