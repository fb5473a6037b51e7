import { describe, expect, it } from 'vitest';
import { formatDate, kgToTonnes, phoneCharacters } from './bl-format';

describe('BL formatting', () => {
  it('formats dates as dd/MM/YYYY and tare in tonnes', () => {
    expect(formatDate('2026-11-05')).toBe('05/11/2026');
    expect(formatDate(null)).toBe('—');
    expect(kgToTonnes(3900)).toBe('3.90');
  });
  it('keeps digits and one leading plus in phones', () => {
    expect(phoneCharacters('+91 (22) 6600-1100')).toBe('+912266001100');
    expect(phoneCharacters('9+1')).toBe('91');
  });
});
