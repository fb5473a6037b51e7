import { describe, expect, it } from 'vitest';
import { CUSTOMER_PERMISSIONS, permissionSetOf, STAFF_PERMISSIONS } from '../test/permission-sets';
import { customerDashboardRedirect, decideRouteAccess } from './route-access';

describe('the route guard decision', () => {
  it('allows a screen that requires nothing, even before auth data is known', () => {
    expect(decideRouteAccess([], undefined)).toBe('allowed');
    expect(decideRouteAccess([undefined, undefined], undefined)).toBe('allowed');
  });
  it('waits (never refuses) while the permission set is not loaded', () => {
    expect(decideRouteAccess(['CP.BL.VIEW'], undefined)).toBe('loading');
    expect(decideRouteAccess(['CP.BL.VIEW'], null)).toBe('loading');
  });
  it('allows when every matched route requirement is held', () => {
    expect(decideRouteAccess([undefined, 'CP.BL.VIEW'], STAFF_PERMISSIONS)).toBe('allowed');
    expect(decideRouteAccess(['CP.RATE_ENQUIRY.VIEW'], CUSTOMER_PERMISSIONS)).toBe('allowed');
  });
  it('refuses when any requirement is missing', () => {
    expect(decideRouteAccess(['CP.RATE_ENQUIRY.VIEW'], STAFF_PERMISSIONS)).toBe('not-permitted');
    expect(decideRouteAccess(['ADMIN.DASHBOARD.VIEW'], CUSTOMER_PERMISSIONS)).toBe('not-permitted');
    expect(decideRouteAccess(['CP.BL.VIEW', 'CP.BL.EDIT'], STAFF_PERMISSIONS)).toBe('not-permitted');
    expect(decideRouteAccess(['CP.BL.VIEW'], { modules: [] })).toBe('not-permitted');
  });
});

describe('app-dashboard for someone without the customer dashboard', () => {
  it('sends carrier staff to the admin dashboard', () => {
    expect(customerDashboardRedirect(STAFF_PERMISSIONS)).toBe('/app-dashboard-admin');
  });
  it('keeps customers there, and leaves others to the guard', () => {
    expect(customerDashboardRedirect(CUSTOMER_PERMISSIONS)).toBeNull();
    expect(customerDashboardRedirect(permissionSetOf('CP.PROFILE.VIEW'))).toBeNull();
    expect(customerDashboardRedirect(undefined)).toBeNull();
  });
});
