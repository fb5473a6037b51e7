/**
 * The roots of the query caches one feature fills and another refreshes after a write of its own: accepting a
 * quotation books it, the carrier desk's pricing and booking decisions change the customer's lists, a decided
 * company request changes the admin dashboard's queue counts. The owning feature builds its keys on its root
 * (`features/<feature>/api/query-keys.ts`); the other feature invalidates the root from here. So no feature imports
 * another, and no feature spells another's key by hand.
 */
export const sharedQueryRoots = {
  /** The customer's booking lists (features/bookings). */
  bookings: ['bookings'],
  /** The customer's quotation lists (features/quotations). */
  quotations: ['quotations'],
  /** The admin dashboard and its search (features/dashboard). */
  adminDashboard: ['dashboard', 'admin'],
  /**
   * The bills read one by one (features/bills-of-lading): a VGM declaration (features/bookings) fills a bill's VGM
   * column and moves its version on.
   */
  billsOfLading: ['bill-of-lading'],
} as const;
