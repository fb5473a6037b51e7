import { describe, expect, it } from 'vitest';
import { decideRouteAccess } from '../lib/route-access';
import { CUSTOMER_PERMISSIONS, STAFF_PERMISSIONS } from '../test/permission-sets';
import { router } from './router';

/** The guard decision for an address, from the requirements declared in router.tsx. */
const accessTo = (path: string, permissions: typeof STAFF_PERMISSIONS) => {
  const [routes] = router.getMatchedRoutes(path);
  return decideRouteAccess(
    routes.map((route) => route.options.staticData?.requires),
    permissions,
  );
};

describe('route guards declared in the route table', () => {
  it.each([
    ['/app-dashboard', 'allowed', 'not-permitted'],
    ['/app-dashboard/app-rate-enquiry', 'allowed', 'not-permitted'],
    ['/app-dashboard/app-active-quotation', 'allowed', 'allowed'],
    ['/app-dashboard/app-booking-list', 'allowed', 'allowed'],
    ['/app-dashboard/bl-list', 'allowed', 'allowed'],
    ['/bl_view/3', 'allowed', 'allowed'],
    ['/app-profile', 'allowed', 'allowed'],
    ['/app-dashboard-admin', 'not-permitted', 'allowed'],
    ['/app-dashboard-admin/bl-review/3', 'not-permitted', 'allowed'],
  ] as const)('%s: customer %s, staff %s', (path, customer, staff) => {
    expect(accessTo(path, CUSTOMER_PERMISSIONS)).toBe(customer);
    expect(accessTo(path, STAFF_PERMISSIONS)).toBe(staff);
  });

  it('public screens require nothing', () => {
    for (const path of ['/app-login', '/app-registration', '/app-terms', '/app-forgot-password']) {
      expect(accessTo(path, { modules: [] })).toBe('allowed');
    }
  });
});
