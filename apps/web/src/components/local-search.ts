import { filterBySubstring } from '@lading/contract/search-text';
import type { TypeaheadSearch } from './typeahead';

// Apart from the typeahead (on the BL list's first load), with the screens that search a loaded list: bl_view's
// commodity field, the rate enquiry's.
/**
 * A search over a list already loaded (the commodity field over the HS list, section 5): a case- and
 * accent-insensitive substring match, answered without a request.
 */
export function createLocalSearch<T>(
  items: readonly T[],
  getText: (item: T) => string,
  limit = 20,
): TypeaheadSearch<T> {
  return async (term) => filterBySubstring(items, term, getText, limit);
}
