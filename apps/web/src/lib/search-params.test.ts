import { describe, expect, it } from 'vitest';
import { searchParser } from './search-params';

describe('a search kept in the address', () => {
  const parse = searchParser({ pol: 'locode', from: 'day', id: 'id', direct: 'flag' });

  it('keeps each parameter of its kind’s shape, UN/LOCODEs upper-cased', () => {
    expect(parse({ pol: ' innsa ', from: '2026-11-23', id: '42', direct: 0 })).toStrictEqual({
      pol: 'INNSA',
      from: '2026-11-23',
      id: 42,
      direct: 0,
    });
    expect(parse({ id: 7, direct: '1' })).toStrictEqual({ id: 7, direct: 1 });
  });

  it('leaves out what is not of its shape, and what it does not know', () => {
    expect(parse({ pol: 'Nhava Sheva', from: '23/11/2026', id: -3, direct: 2, other: 'x' })).toStrictEqual(
      {},
    );
    expect(parse({ id: '1.5' })).toStrictEqual({});
    expect(parse({ id: 2 ** 31 })).toStrictEqual({});
    expect(parse({ id: 0 })).toStrictEqual({});
    expect(parse({ pol: 'AE' })).toStrictEqual({});
  });
});
