import type { PermissionSet } from '@lading/contract/access';
import { holds, type PermissionCode } from './permissions';

export type RouteAccess = 'allowed' | 'not-permitted' | 'loading';

/**
 * The guard decision for a screen: every route on the way to it (layout, parent, the screen itself) may require a
 * permission, and the user must hold all of them. Without a permission set yet (a session stored before auth data
 * existed, still being fetched) the answer is 'loading', never a refusal.
 */
export function decideRouteAccess(
  requirements: readonly (PermissionCode | undefined)[],
  permissions: PermissionSet | null | undefined,
): RouteAccess {
  const required = requirements.filter((code): code is PermissionCode => code !== undefined);
  if (required.length === 0) return 'allowed';
  if (!permissions) return 'loading';
  return required.every((code) => holds(permissions, code)) ? 'allowed' : 'not-permitted';
}

/**
 * app-dashboard is the customer home. Carrier staff who open it (an old bookmark, the address typed by habit) are
 * sent to their own home, the admin dashboard, rather than shown a refusal: it is the same intent, "my dashboard".
 * Anyone else without CP.DASHBOARD.VIEW gets the not-permitted page from the guard.
 */
export function customerDashboardRedirect(
  permissions: PermissionSet | null | undefined,
): '/app-dashboard-admin' | null {
  return !holds(permissions, 'CP.DASHBOARD.VIEW') && holds(permissions, 'ADMIN.DASHBOARD.VIEW')
    ? '/app-dashboard-admin'
    : null;
}
