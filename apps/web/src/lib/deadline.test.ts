import { describe, expect, it } from 'vitest';
import { deadlineState, deadlineText, formatSpan } from './deadline';

const HOUR = 3_600_000;
// Saturday 28/11/2026 18:00 at Nhava Sheva (GMT+5:30).
const AT = '2026-11-28T12:30:00Z';
const at = Date.parse(AT);

describe('a sailing’s deadline: done, due or overdue against the reader’s clock', () => {
  it('is due before its cut-off, with the time left and the port’s local time and offset', () => {
    const now = at - 28 * HOUR;
    expect(deadlineState({ at: AT }, now)).toBe('due');
    expect(deadlineText({ at: AT }, 'Asia/Kolkata', now)).toBe(
      'due in 1 d 4 h, Sat 28/11/2026 18:00 GMT+5:30',
    );
    // The port list's older name for India's zone says the same.
    expect(deadlineText({ at: AT }, 'Asia/Calcutta', now)).toBe(
      'due in 1 d 4 h, Sat 28/11/2026 18:00 GMT+5:30',
    );
  });

  it('says the time in each port’s own zone, clock changes included', () => {
    const now = at - 3 * HOUR - 20 * 60_000;
    expect(deadlineText({ at: AT }, 'Asia/Dubai', now)).toBe('due in 3 h 20 min, Sat 28/11/2026 16:30 GMT+4');
    const summer = '2026-07-15T08:00:00Z';
    expect(deadlineText({ at: summer }, 'Europe/Amsterdam', Date.parse(summer) - 45 * 60_000)).toBe(
      'due in 45 min, Wed 15/07/2026 10:00 GMT+2',
    );
    expect(deadlineText({ at: AT }, null, at - 2 * 24 * HOUR)).toBe('due in 2 d, Sat 28/11/2026 12:30 UTC');
  });

  it('is overdue once the cut-off has passed, saying since when', () => {
    const now = at + 2 * HOUR;
    expect(deadlineState({ at: AT }, now)).toBe('overdue');
    expect(deadlineText({ at: AT }, 'Asia/Kolkata', now)).toBe(
      'overdue since Sat 28/11/2026 18:00 GMT+5:30 (2 h ago)',
    );
    // At the cut-off itself it has passed.
    expect(deadlineState({ at: AT }, at)).toBe('overdue');
  });

  it('stays due while a late acceptance runs, and is overdue after it', () => {
    const lateUntil = new Date(at + 24 * HOUR).toISOString();
    const now = at + 19 * HOUR;
    expect(deadlineState({ at: AT, lateUntil }, now)).toBe('due');
    expect(deadlineText({ at: AT, lateUntil }, 'Asia/Kolkata', now)).toBe(
      'accepted late until Sun 29/11/2026 18:00 GMT+5:30 (5 h left); the cut-off was Sat 28/11/2026 18:00 GMT+5:30',
    );
    expect(deadlineState({ at: AT, lateUntil }, at + 25 * HOUR)).toBe('overdue');
    // A grant that ran out before the cut-off does not extend it.
    expect(deadlineState({ at: AT, lateUntil: new Date(at - HOUR).toISOString() }, at + HOUR)).toBe(
      'overdue',
    );
  });

  it('is done once met, whatever the clock; overdue for good once the vessel has left', () => {
    expect(deadlineState({ at: AT, done: true }, at + 99 * HOUR)).toBe('done');
    expect(deadlineText({ at: AT, done: true }, 'Asia/Kolkata', at + HOUR)).toBe('done');
    const departed = { at: AT, departed: true, lateUntil: new Date(at + 48 * HOUR).toISOString() };
    expect(deadlineState(departed, at + HOUR)).toBe('overdue');
    expect(deadlineText(departed, 'Asia/Kolkata', at + HOUR)).toBe('the vessel has left the port of loading');
  });

  it('has nothing to say when the sailing has no such cut-off', () => {
    expect(deadlineState({ at: null }, at)).toBe('none');
    expect(deadlineText({ at: null }, 'Asia/Kolkata', at)).toBe('no cut-off on this sailing');
  });

  it('measures spans in their two largest whole units, rounded down', () => {
    expect(formatSpan(28 * HOUR)).toBe('1 d 4 h');
    expect(formatSpan(28 * HOUR + 59 * 60_000)).toBe('1 d 4 h');
    expect(formatSpan(48 * HOUR)).toBe('2 d');
    expect(formatSpan(HOUR)).toBe('1 h');
    expect(formatSpan(61 * 60_000)).toBe('1 h 1 min');
    expect(formatSpan(59_999)).toBe('less than a minute');
    expect(formatSpan(-5)).toBe('less than a minute');
  });
});
