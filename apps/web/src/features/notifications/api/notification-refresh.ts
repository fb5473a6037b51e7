import type { Notification, NotificationKind } from '@lading/contract/notifications';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { sharedQueryRoots as roots } from '../../../lib/query-keys';

const bill = [roots.billsOfLading, roots.billOfLadingLists, roots.bookings, roots.customerDashboard];
const quotation = [roots.quotations, roots.customerDashboard];
const booking = [roots.bookings, roots.customerDashboard];
// A rolled-over booking or a moved sailing changes the booking's bill (vessel, voyage, deadlines) too.
const sailing = [...booking, roots.billsOfLading, roots.billOfLadingLists];
const membership = [roots.membership, roots.userProfile];

/**
 * What the open lists and details show of each kind of notice's record, by the roots of their caches
 * (lib/query-keys.ts): when the bell hears of a notice, the screens on these roots read their records again (a
 * screen not open is only marked stale). A confirmed booking makes its draft bill; a rejected one frees its quotation.
 */
export const REFRESHED_BY_KIND: Record<NotificationKind, readonly QueryKey[]> = {
  BL_APPROVED: bill,
  BL_RETURNED: bill,
  BL_ISSUED: bill,
  QUOTATION_PRICED: quotation,
  QUOTATION_EXPIRING: quotation,
  BOOKING_CONFIRMED: [...booking, roots.billOfLadingLists],
  BOOKING_REJECTED: [...booking, roots.quotations],
  BOOKING_ROLLED_OVER: sailing,
  VOYAGE_DELAYED: sailing,
  SHIPMENT_MILESTONE: [...booking, roots.tracking],
  COMPANY_MEMBERSHIP_APPROVED: membership,
  COMPANY_MEMBERSHIP_REFUSED: membership,
  BL_SUBMITTED: [roots.billOfLadingLists, roots.billsOfLading, roots.adminDashboard],
  QUOTATION_REQUESTED: [roots.quotationsToPrice, roots.adminDashboard],
  BOOKING_REQUESTED: [roots.bookingsToConfirm, roots.adminDashboard],
};

/** The query keys the notices refresh, each once. */
export function keysRefreshedBy(notices: readonly Pick<Notification, 'kind'>[]): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const { kind } of notices) {
    for (const key of REFRESHED_BY_KIND[kind]) keys.set(JSON.stringify(key), key);
  }
  return [...keys.values()];
}

/** Refreshes what the new notices' records are shown in. */
export function refreshForNotices(
  queryClient: QueryClient,
  notices: readonly Pick<Notification, 'kind'>[],
): Promise<unknown> {
  return Promise.all(keysRefreshedBy(notices).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
