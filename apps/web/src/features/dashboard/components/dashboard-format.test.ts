import { describe, expect, it } from 'vitest';
import { activityText, formatAge, monthLabel } from './dashboard-format';

describe('dashboard formatting', () => {
  it('says how long an item has waited in its largest whole unit', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(formatAge('2026-11-23T11:59:40Z', now)).toBe('just now');
    expect(formatAge('2026-11-23T11:48:00Z', now)).toBe('12 min');
    expect(formatAge('2026-11-23T07:00:00Z', now)).toBe('5 h');
    expect(formatAge('2026-11-22T11:00:00Z', now)).toBe('1 day');
    expect(formatAge('2026-11-20T12:00:00Z', now)).toBe('3 days');
    // A clock slightly behind the server's never shows a negative age.
    expect(formatAge('2026-11-23T12:05:00Z', now)).toBe('just now');
  });

  it('names months and actions the way people read them', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2027-01')).toBe('Jan 2027');
    expect(activityText({ recordType: 'BILL_OF_LADING', number: 'LDG26110003', action: 'RETURNED' })).toBe(
      'Bill of lading LDG26110003 returned with a comment',
    );
    expect(activityText({ recordType: 'BOOKING', number: 'BKG26110001', action: 'SOMETHING_NEW' })).toBe(
      'Booking BKG26110001 something_new',
    );
  });
});
