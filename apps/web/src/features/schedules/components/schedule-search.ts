import { searchParser } from '../../../lib/search-params';

/**
 * The schedule search kept in the address (so "Get a price" and Back return to the same sailings), in the API's
 * own names: ports of loading and discharge, the departure window and how many transhipments. The screen fills what
 * is left out with its defaults.
 */
export type ScheduleSearch = {
  pol?: string;
  pod?: string;
  departureFrom?: string;
  departureTo?: string;
  maxTranshipment?: 0 | 1;
};

/** What of the address is a schedule search (the screen reads it through this; the router only types it). */
export const parseScheduleSearch: (search: Record<string, unknown>) => ScheduleSearch = searchParser({
  pol: 'locode',
  pod: 'locode',
  departureFrom: 'day',
  departureTo: 'day',
  maxTranshipment: 'flag',
});
