import { queryClient } from '../../../lib/query-client';
import { billsOfLadingQuery } from '../api/find-bills-of-lading';
import type { BlListSearch } from '../components/bl-list-search';

/**
 * The BL list's page, requested by its route's loader as soon as the auth data is in, instead of after the portal
 * and the screen have rendered (Lighthouse's LCP, figure 7); the screen's query then finds it in flight or done.
 * Imported by the router itself and built into the `portal` chunk the HTML preloads (build/chunks.ts).
 */
export function prefetchBlList(search: BlListSearch): void {
  void queryClient.prefetchQuery(billsOfLadingQuery(search));
}
