import { describe, expect, it } from 'vitest';
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
