import { describe, expect, it } from 'vitest';
import { parseRateEnquirySearch } from './rate-enquiry-search';

describe('the lane and sailing the schedules hand the rate enquiry', () => {
  it('keeps UN/LOCODEs, upper-cased, and a voyage id', () => {
    expect(parseRateEnquirySearch({ pol: 'innsa', pod: 'AEJEA', voyageId: 42 })).toStrictEqual({
      pol: 'INNSA',
      pod: 'AEJEA',
      voyageId: 42,
    });
  });

  it('leaves out what is not one', () => {
    expect(parseRateEnquirySearch({ pol: 'Nhava Sheva', pod: 'AE', voyageId: 'x' })).toStrictEqual({});
  });
});
