import { searchParser } from '../../../lib/search-params';

/**
 * What the schedules' "Get a price" hands the rate enquiry in the address: the lane (UN/LOCODEs) and the sailing
 * chosen (a voyage id, kept in the address for the enquiry to carry).
 */
export type RateEnquirySearch = { pol?: string; pod?: string; voyageId?: number };

/** What of the address is the lane and sailing (the screen reads it through this; the router only types it). */
export const parseRateEnquirySearch: (search: Record<string, unknown>) => RateEnquirySearch = searchParser({
  pol: 'locode',
  pod: 'locode',
  voyageId: 'id',
});
