import { sharedQueryRoots } from '../../../lib/query-keys';

/** The two dashboards; the admin one under the root the admin workspace refreshes when it decides a request. */
export const dashboardKeys = {
  admin: sharedQueryRoots.adminDashboard,
  adminSearch: (term: string) => [...sharedQueryRoots.adminDashboard, 'search', term] as const,
  customer: sharedQueryRoots.customerDashboard,
} as const;
