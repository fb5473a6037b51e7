import { queryClient } from '../../../lib/query-client';
import { hsnCodesQuery } from '../../../lib/reference-data/find-hsn-codes';
import { packageTypesQuery } from '../../../lib/reference-data/find-package-types';
import { billDeadlinesQuery } from '../api/get-bill-deadlines';
import { billOfLadingQuery } from '../api/get-bill-of-lading';

/**
 * bl_view's requests, started by its route's loader as soon as the auth data is in, instead of after the portal and
 * the screen have rendered (Lighthouse's LCP, figure 7). The page's own queries then find them in flight or done.
 * Same order as the page (section 4): package types first, then the bill; the HS codes and the sailing's deadlines in
 * parallel. The router
 * imports this module itself; the build puts it, with the query definitions it starts, in the `portal` chunk the HTML
 * preloads (build/chunks.ts), so the calls need that chunk, not the screen's.
 */
export function prefetchBillView(id: number): void {
  if (!Number.isInteger(id)) return;
  void queryClient.prefetchQuery(hsnCodesQuery());
  // The sailing's deadlines, shown above the form: asked for with the first calls, they are in by the time the bill is,
  // so the banner is drawn with the header instead of pushing the form down once it has been drawn (layout shift,
  // figure 7).
  void queryClient.prefetchQuery(billDeadlinesQuery(id));
  void queryClient.fetchQuery(packageTypesQuery()).then(
    () => queryClient.prefetchQuery(billOfLadingQuery(id)),
    // The page shows the failure and offers Retry.
    () => {},
  );
}
