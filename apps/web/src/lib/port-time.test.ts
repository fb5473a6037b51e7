import { describe, expect, it, vi } from 'vitest';
import {
  formatPortDate,
  formatPortDateTime,
  formatPortTime,
  fromPortLocalInput,
  hoursBetween,
  portOffset,
  toPortLocalInput,
} from './port-time';

describe('a time at a port, in its own zone with its offset', () => {
  it('shows the weekday, dd/MM/yyyy, 24-hour time and the offset', () => {
    expect(formatPortTime('2026-11-28T12:30:00Z', 'Asia/Kolkata')).toBe('Sat 28/11/2026 18:00 GMT+5:30');
    expect(formatPortTime('2026-11-28T12:30:00Z', 'Asia/Dubai')).toBe('Sat 28/11/2026 16:30 GMT+4');
    expect(formatPortTime('2026-11-27T23:05:00Z', 'Asia/Singapore')).toBe('Sat 28/11/2026 07:05 GMT+8');
  });

  it('follows the port’s clock changes (Rotterdam in winter and in summer)', () => {
    expect(formatPortTime('2026-01-15T08:00:00Z', 'Europe/Amsterdam')).toBe('Thu 15/01/2026 09:00 GMT+1');
    expect(formatPortTime('2026-07-15T08:00:00Z', 'Europe/Amsterdam')).toBe('Wed 15/07/2026 10:00 GMT+2');
  });

  it('crosses midnight into the port’s own date', () => {
    expect(formatPortTime('2026-12-31T20:00:00Z', 'Asia/Kolkata')).toBe('Fri 01/01/2027 01:30 GMT+5:30');
  });

  it('says GMT for a zone at UTC, and UTC when the port’s zone is unknown', () => {
    expect(formatPortTime('2026-11-28T18:00:00Z', 'Africa/Abidjan')).toBe('Sat 28/11/2026 18:00 GMT');
    expect(formatPortTime('2026-11-28T18:00:00Z', null)).toBe('Sat 28/11/2026 18:00 UTC');
    expect(formatPortTime('2026-11-28T18:00:00Z', 'Not/AZone')).toBe('Sat 28/11/2026 18:00 UTC');
  });

  it('shows a dash for no time or one that is not a date', () => {
    expect(formatPortTime(null, 'Asia/Kolkata')).toBe('—');
    expect(formatPortTime('soon', 'Asia/Kolkata')).toBe('—');
  });

  it('shows dd/MM/yyyy HH:mm and the offset without the weekday, and the date alone, in the port’s zone', () => {
    expect(formatPortDateTime('2026-11-28T12:30:00Z', 'Asia/Kolkata')).toBe('28/11/2026 18:00 GMT+5:30');
    expect(formatPortDateTime('2026-07-15T08:00:00Z', 'Europe/Amsterdam')).toBe('15/07/2026 10:00 GMT+2');
    expect(formatPortDateTime('2026-11-28T18:00:00Z', null)).toBe('28/11/2026 18:00 UTC');
    expect(formatPortDateTime(null, 'Asia/Kolkata')).toBe('—');
    // The port's own date: 20:00 UTC on 1 December is 2 December in Singapore.
    expect(formatPortDate('2026-12-01T20:00:00Z', 'Asia/Singapore')).toBe('02/12/2026');
    expect(formatPortDate('2026-12-01T20:00:00Z', null)).toBe('01/12/2026');
    expect(formatPortDate(undefined, null)).toBe('—');
  });

  it('names the offset alone, at the instant it is asked for', () => {
    expect(portOffset('2026-11-28T12:30:00Z', 'Asia/Kolkata')).toBe('GMT+5:30');
    expect(portOffset('2026-07-15T08:00:00Z', 'Europe/Amsterdam')).toBe('GMT+2');
    expect(portOffset('2026-07-15T08:00:00Z', null)).toBe('UTC');
  });
});

describe('an entry typed in the port’s time', () => {
  it('fills a datetime-local input in the port’s time', () => {
    expect(toPortLocalInput('2026-11-28T12:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-28T18:00');
    expect(toPortLocalInput('2026-11-28T12:30:00.000Z', null)).toBe('2026-11-28T12:30');
    expect(toPortLocalInput(null, 'Asia/Kolkata')).toBe('');
  });

  it('is sent as the UTC instant it names at that port', () => {
    expect(fromPortLocalInput('2026-11-28T18:00', 'Asia/Kolkata')).toBe('2026-11-28T12:30:00.000Z');
    expect(fromPortLocalInput('2026-11-28T18:00', 'Asia/Dubai')).toBe('2026-11-28T14:00:00.000Z');
    expect(fromPortLocalInput('2026-07-15T10:00', 'Europe/Amsterdam')).toBe('2026-07-15T08:00:00.000Z');
    expect(fromPortLocalInput('2026-01-15T09:00', 'Europe/Amsterdam')).toBe('2026-01-15T08:00:00.000Z');
    expect(fromPortLocalInput('2026-11-28T18:00', null)).toBe('2026-11-28T18:00:00.000Z');
  });

  it('round-trips every hour of a day with a clock change', () => {
    for (let hour = 0; hour < 48; hour += 1) {
      const iso = new Date(Date.UTC(2026, 2, 28, 12) + hour * 3_600_000).toISOString();
      expect(fromPortLocalInput(toPortLocalInput(iso, 'Europe/Amsterdam'), 'Europe/Amsterdam')).toBe(iso);
    }
  });

  it('reads an hour the clock skips with the offset before the change, and a repeated one as the first', () => {
    // 29/03/2026 02:30 does not happen in Rotterdam (02:00 CET becomes 03:00 CEST).
    expect(fromPortLocalInput('2026-03-29T02:30', 'Europe/Amsterdam')).toBe('2026-03-29T01:30:00.000Z');
    // 25/10/2026 02:30 happens twice (CEST, then CET): the first.
    expect(fromPortLocalInput('2026-10-25T02:30', 'Europe/Amsterdam')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses what is not a whole, real date and time', () => {
    expect(fromPortLocalInput('', 'Asia/Kolkata')).toBeNull();
    expect(fromPortLocalInput('2026-11-28', 'Asia/Kolkata')).toBeNull();
    expect(fromPortLocalInput('2026-02-30T10:00', 'Asia/Kolkata')).toBeNull();
    expect(fromPortLocalInput('2026-11-28T24:00', 'Asia/Kolkata')).toBeNull();
  });

  it('measures a change in whole hours', () => {
    expect(hoursBetween('2026-11-28T12:00:00Z', '2026-11-29T18:00:00Z')).toBe(30);
    expect(hoursBetween('2026-11-28T12:00:00Z', '2026-11-28T10:00:00Z')).toBe(-2);
  });
});

/** Temporal as current Chromium and Firefox have it, its offsets read from Intl (Node has no Temporal yet). */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const offsetFormat = (timeZone: string) => {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  return format;
};
const temporalFromIntl = {
  Instant: {
    fromEpochMilliseconds: (ms: number) => ({
      toZonedDateTimeISO: (timeZone: string) => {
        // Throws for a zone Intl does not know, as Temporal does.
        const name =
          offsetFormat(timeZone)
            .formatToParts(ms)
            .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
        const match = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(name);
        if (!match) throw new Error(`unexpected offset ${name}`);
        const [, sign, hours, minutes, seconds] = match;
        const total = (Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0)) * 1e9;
        return { offsetNanoseconds: sign === '-' ? -total : total };
      },
    }),
  },
};

describe('with Temporal, the offset from it and the rest worked out without Intl', () => {
  const zones = [
    'Asia/Kolkata',
    'Europe/Amsterdam',
    'America/New_York',
    'America/St_Johns',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'America/Sao_Paulo',
    'Africa/Abidjan',
    'Etc/GMT+5',
    'UTC',
    'Asia/Calcutta',
    'Not/AZone',
    null,
  ];
  // Every 35 h 10 min through 2026 and 2027 (each hour of the day, each weekday), every hour of the two days of
  // Europe's clock changes in 2026, and a local mean time of 1850 (an offset with seconds: Intl says it).
  const every = (from: number, step: number, count: number) =>
    Array.from({ length: count }, (_, i) => new Date(from + i * step).toISOString());
  const instants = [
    ...every(Date.UTC(2026, 0, 1), 126_600_000, 500),
    ...every(Date.UTC(2026, 2, 28, 12), 3_600_000, 48),
    ...every(Date.UTC(2026, 9, 24, 12), 3_600_000, 48),
    '1850-06-01T12:00:00Z',
  ];
  const shown = () =>
    zones.flatMap((zone) =>
      instants.map((iso) =>
        [
          formatPortTime(iso, zone),
          formatPortDateTime(iso, zone),
          formatPortDate(iso, zone),
          portOffset(iso, zone),
          toPortLocalInput(iso, zone),
          fromPortLocalInput(toPortLocalInput(iso, zone), zone),
        ].join(' | '),
      ),
    );

  it('shows what Intl shows, for every zone and instant', () => {
    const byIntl = shown();
    (globalThis as { Temporal?: unknown }).Temporal = temporalFromIntl;
    try {
      expect(shown()).toEqual(byIntl);
    } finally {
      delete (globalThis as { Temporal?: unknown }).Temporal;
    }
  });

  it('needs no Intl date format for a zone Temporal knows', () => {
    (globalThis as { Temporal?: unknown }).Temporal = {
      Instant: {
        fromEpochMilliseconds: () => ({
          toZonedDateTimeISO: (zone: string) => {
            if (zone !== 'Asia/Kathmandu' && zone !== 'UTC') throw new RangeError(zone);
            return { offsetNanoseconds: zone === 'UTC' ? 0 : 345 * 60e9 };
          },
        }),
      },
    };
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(formatPortTime('2026-11-28T12:30:00Z', 'Asia/Kathmandu')).toBe('Sat 28/11/2026 18:15 GMT+5:45');
      expect(formatPortTime('2026-11-28T12:30:00Z', null)).toBe('Sat 28/11/2026 12:30 UTC');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
      delete (globalThis as { Temporal?: unknown }).Temporal;
    }
  });
});
