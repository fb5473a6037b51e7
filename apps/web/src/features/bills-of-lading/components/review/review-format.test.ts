import { describe, expect, it } from 'vitest';
import { displayValue, fieldLabel } from './review-format';

describe('the review comparison shows values as the edit screen does (issue 28)', () => {
  it('weights, measurements and VGM with two decimals and thousands grouped', () => {
    expect(displayValue(9800.46, 'containers[1].grossWeight')).toBe('9,800.46');
    expect(displayValue(20400, 'containers[3].vgm')).toBe('20,400.00');
    expect(displayValue(33.5, 'containers[2].measurement')).toBe('33.50');
    expect(displayValue(1234567.8, 'totals.netWeight')).toBe('1,234,567.80');
    expect(displayValue('12345.675', 'totals.grossWeight')).toBe('12,345.68');
  });

  it('counts of packages grouped, without decimals', () => {
    expect(displayValue(1200, 'containers[1].noOfPacks')).toBe('1,200');
    expect(displayValue(40, 'containers[2].noOfPacks')).toBe('40');
  });

  it('codes, container numbers, phones and words as they are; nothing as a dash', () => {
    expect(displayValue('520100', 'cargo[1].hsCode')).toBe('520100');
    expect(displayValue('MSCU1234566', 'containers[1].container')).toBe('MSCU1234566');
    expect(displayValue('+912240001000', 'shipperPhoneNo')).toBe('+912240001000');
    expect(displayValue('1000 bales', 'cargo[1].packageDetails')).toBe('1000 bales');
    expect(displayValue(null, 'containers[1].grossWeight')).toBe('—');
    expect(displayValue('', 'containers[1].sealNo')).toBe('—');
  });

  it('labels the field paths', () => {
    expect(fieldLabel('containers[2].grossWeight')).toBe('Container 2 · Cargo gross weight (KG)');
    expect(fieldLabel('totals.grossWeight')).toBe('Totals · Gross weight (KG)');
  });
});
