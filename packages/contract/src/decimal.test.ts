import { describe, expect, it } from 'vitest';
import {
  decimalText,
  formatAmount2,
  round2,
  roundDecimalText,
  sumRounded2,
  toScaledInteger,
} from './decimal';

describe('rounding half up on the decimal as typed (issue 10, item 1)', () => {
  it.each([
    ['12345.678', '12345.68'],
    ['12345.675', '12345.68'],
    ['14555.555', '14555.56'],
    ['12345.674999', '12345.67'],
    ['1.005', '1.01'],
    ['0.005', '0.01'],
    ['0.004', '0.00'],
    ['1000.334', '1000.33'],
    ['999999999.995', '1000000000.00'],
    ['12,345.675', '12345.68'],
    ['7', '7.00'],
    ['.5', '0.50'],
    ['3.', '3.00'],
    ['-1.005', '-1.01'],
  ])('%s -> %s', (typed, expected) => {
    expect(roundDecimalText(typed)).toBe(expected);
  });

  it('rounds numbers on their decimal text, not on the binary float', () => {
    // As binary floats these are 12345.67499…, 14555.55499… and 1.00499…: Math.round would round them down.
    expect(round2(12345.675)).toBe(12345.68);
    expect(round2(14555.555)).toBe(14555.56);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(10000.456)).toBe(10000.46);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(1.5e-7)).toBe(0);
    expect(round2(5e-3)).toBe(0.01);
  });

  it('reads typed and printed forms, and refuses what is not a decimal', () => {
    expect(decimalText(' 1,234.5 ')).toBe('1234.5');
    expect(decimalText(1.5e-7)).toBe('0.00000015');
    expect(decimalText('2e3')).toBe('2000');
    expect(decimalText('12a')).toBeNull();
    expect(decimalText('')).toBeNull();
    expect(decimalText(Number.NaN)).toBeNull();
    expect(toScaledInteger('12345.675')).toBe(1234568n);
  });

  it('sums values each rounded first, exactly', () => {
    expect(sumRounded2([0.005, 0.005, 0.005, 0.005])).toBe(0.04);
    expect(sumRounded2(['1000.334', '1000.334', '1000.334', '1000.334'])).toBe(4001.32);
    expect(sumRounded2([0.1, 0.2, null, undefined, ''])).toBe(0.3);
  });
});

describe('amounts for people', () => {
  it('groups thousands after rounding half up on the decimal', () => {
    expect(formatAmount2(12345.675)).toBe('12,345.68');
    expect(formatAmount2('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount2(0)).toBe('0.00');
    expect(formatAmount2(999.995)).toBe('1,000.00');
  });
});
