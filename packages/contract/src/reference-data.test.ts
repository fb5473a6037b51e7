import { describe, expect, it } from 'vitest';
import { filterBySubstring, foldSearchText, PortsQuerySchema } from './reference-data';

describe('search text folding', () => {
  it('drops case and diacritics', () => {
    expect(foldSearchText('São Paulo')).toBe('sao paulo');
    expect(foldSearchText('CÔTE D’IVOIRE')).toBe('cote d’ivoire');
    expect(foldSearchText('Zürich')).toBe('zurich');
  });

  it('filters a loaded list by substring, in order, up to a limit', () => {
    const items = ['Cotton yarn', 'Coffee', 'Knitted cotton', 'Açaí'];
    expect(filterBySubstring(items, 'COTTON', (item) => item)).toEqual(['Cotton yarn', 'Knitted cotton']);
    expect(filterBySubstring(items, 'acai', (item) => item)).toEqual(['Açaí']);
    expect(filterBySubstring(items, 'co', (item) => item, 2)).toEqual(['Cotton yarn', 'Coffee']);
    expect(filterBySubstring(items, '   ', (item) => item)).toEqual([]);
  });
});

describe('ports query', () => {
  it('defaults to the typeahead limit and splits port types', () => {
    expect(PortsQuerySchema.parse({})).toEqual({ limit: 5 });
    expect(PortsQuerySchema.parse({ limit: '1000', portType: 'SP,DP' })).toEqual({
      limit: 1000,
      portType: ['SP', 'DP'],
    });
  });

  it('rejects limits out of range and unknown port types, naming the parameter', () => {
    for (const query of [{ limit: '0' }, { limit: '1001' }, { portType: 'SP,XX' }, { portType: ',' }]) {
      const result = PortsQuerySchema.safeParse(query);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([Object.keys(query)[0]]);
    }
  });
});
