import { describe, expect, it } from 'vitest';
import { parseVoyageListSearch } from './voyage-list-search';

describe('the voyage list opened from a service', () => {
  it('keeps a service id and a first day of the right shape', () => {
    expect(parseVoyageListSearch({ serviceId: 4, departureFrom: '2031-01-06' })).toStrictEqual({
      serviceId: 4,
      departureFrom: '2031-01-06',
    });
    expect(parseVoyageListSearch({ serviceId: 'abc', departureFrom: 'soon' })).toStrictEqual({});
  });
});
