import { searchParser } from '../../../lib/search-params';

/**
 * The voyage list's opening filters from the address: a service's voyages (the services list's "Voyages", a
 * generation's result) from a day on. The list keeps its filters itself after that.
 */
export type VoyageListSearch = { serviceId?: number; departureFrom?: string };

/** What of the address are opening filters (the screen reads it through this; the router only types it). */
export const parseVoyageListSearch: (search: Record<string, unknown>) => VoyageListSearch = searchParser({
  serviceId: 'id',
  departureFrom: 'day',
});
