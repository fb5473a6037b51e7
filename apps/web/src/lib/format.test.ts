import { describe, expect, it } from 'vitest';
import { formatDate } from './format';
import { formatDateTime } from './format-date-time';
import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it('shows the decimal string with its currency code', () => {
    expect(formatMoney('2885.00', 'USD', 'en-US')).toBe('USD\u00a02,885.00');
    expect(formatMoney('1250.5', 'EUR', 'de-DE')).toBe('1.250,50\u00a0EUR');
  });

  it('formats the string exactly, beyond what a binary float holds', () => {
    // 2^53 + 1 is not a double; formatting the text keeps every digit.
    expect(formatMoney('9007199254740993.10', 'USD', 'en-US')).toBe('USD\u00a09,007,199,254,740,993.10');
    expect(formatMoney('0.10', 'USD', 'en-US')).toBe('USD\u00a00.10');
  });

  it('shows a dash for no amount and a plain number without a currency', () => {
    expect(formatMoney(null, 'USD')).toBe('—');
    expect(formatMoney('', 'USD')).toBe('—');
    expect(formatMoney('12.00', null, 'en-US')).toBe('12.00');
  });
});

describe('formatDate', () => {
  it('writes dd/MM/YYYY', () => {
    expect(formatDate('2026-11-23')).toBe('23/11/2026');
    expect(formatDate(null)).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('writes dd/MM/YYYY HH:mm in the local time zone (the bell, the review history)', () => {
    const local = new Date(2026, 10, 4, 7, 5);
    expect(formatDateTime(local.toISOString())).toBe('04/11/2026 07:05');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
