import { callEarly } from './api-client';
import { getSession } from './session';

/**
 * A first load of bl_view/{id} starts its route's loader's calls (features/bills-of-lading/routes/prefetch-bill-view.ts)
 * from the entry as it runs, in the loader's order (section 4: package types first, then the bill; HS codes and the
 * sailing's deadlines in parallel), instead of once the router's chunk has run, resolved the address and started the
 * loader (Lighthouse's LCP, figure 7: a few hundred milliseconds of a phone's time before the first call went out).
 * The queries' own calls then take them in flight (`callEarly` in api-client.ts). Only when the loader would start them
 * at once: signed in with auth data stored (the portal's guard then does not wait for the auth data's refresh).
 */
export function startFirstLoadCalls(pathname: string): void {
  const id = Number(/^\/bl_view\/(\d+)\/?$/.exec(pathname)?.[1]);
  if (!id || !getSession()?.authData) return;
  callEarly(PACKAGE_TYPES_PATH).then(
    () => callEarly(billPath(id)),
    () => {},
  );
  callEarly(HSN_CODES_PATH);
  callEarly(billDeadlinesPath(id), { busy: false });
}

// The paths, here in the entry for the calls above, and for the queries' own (their modules are in later chunks).
export const PACKAGE_TYPES_PATH = '/core/base/v1/cargo-package-types/cargo-package-types-cp/';
export const HSN_CODES_PATH = '/core/base/v1/hsn-codes/cp-hsn-code-list/';
export const billPath = (id: number) => `/cp/bill-of-ladings/${id}`;
export const billDeadlinesPath = (id: number) => `${billPath(id)}/deadlines/`;
