/**
 * The roots of the query caches one feature fills and another refreshes: after a write of its own (accepting a
 * quotation books it, the carrier desk's pricing and booking decisions change the customer's lists, a decided company
 * request changes the admin dashboard's queue counts), or when the bell hears of someone else's
 * (features/notifications/api/notification-refresh.ts). The owning feature builds its keys on its root
 * (`features/<feature>/api/query-keys.ts`); the other feature invalidates the root from here. So no feature imports
 * another, and no feature spells another's key by hand.
 */
export const sharedQueryRoots = {
  /** The customer's booking lists and shipment pages (features/bookings). */
  bookings: ['bookings'],
  /** The customer's quotation lists (features/quotations). */
  quotations: ['quotations'],
  /** The admin dashboard and its search (features/dashboard). */
  adminDashboard: ['dashboard', 'admin'],
  /** The customer's dashboard (features/dashboard). */
  customerDashboard: ['dashboard', 'customer'],
  /**
   * The bills read one by one (features/bills-of-lading): a VGM declaration (features/bookings) fills a bill's VGM
   * column and moves its version on.
   */
  billsOfLading: ['bill-of-lading'],
  /** The bill lists, the carrier's review queue and the reviews (features/bills-of-lading). */
  billOfLadingLists: ['bills-of-lading'],
  /** The carrier desk's work lists (features/carrier-desk). */
  quotationsToPrice: ['carrier-desk', 'quotations-to-price'],
  bookingsToConfirm: ['carrier-desk', 'bookings-to-confirm'],
  /** Whether a pending member belongs to their company by now (features/quotations' rate enquiry). */
  membership: ['rate-enquiry', 'membership'],
  /** The Track screen's searches (features/tracking): a milestone moves a container on. */
  tracking: ['tracking'],
  /** The signed-in user's profile (features/accounts). */
  userProfile: ['user-profile'],
} as const;
