import { describe, expect, it } from 'vitest';
import { parseTrackSearch } from './track-search';

describe('the tracking search kept in the address', () => {
  it('keeps the reference as one line, spaces collapsed', () => {
    expect(parseTrackSearch({ ref: ' MSCU 123456-6 ' })).toEqual({ ref: 'MSCU 123456-6' });
    expect(parseTrackSearch({ ref: 'LDG\n26110004' })).toEqual({ ref: 'LDG 26110004' });
    // The router reads a number-like value as a number.
    expect(parseTrackSearch({ ref: 26110004 })).toEqual({ ref: '26110004' });
  });

  it('drops nothing, something else, or more than the API takes', () => {
    expect(parseTrackSearch({})).toEqual({});
    expect(parseTrackSearch({ ref: '   ' })).toEqual({});
    expect(parseTrackSearch({ ref: { a: 1 } })).toEqual({});
    expect(parseTrackSearch({ ref: 'X'.repeat(41) })).toEqual({});
    expect(parseTrackSearch({ ref: 'X'.repeat(40) })).toEqual({ ref: 'X'.repeat(40) });
  });
});
