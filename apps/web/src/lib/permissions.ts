import type { Permission, PermissionSet } from '@lading/contract/access';
import { hasPermission } from '@lading/contract/permission-check';
import { useCallback } from 'react';
import { getSession, useSession } from './session';

type CodeOf<P> = P extends {
  module: infer M extends string;
  resource: infer R extends string;
  operation: infer O extends string;
}
  ? `${M}.${R}.${O}`
  : never;

/** A permission written as one string, `MODULE.RESOURCE.OPERATION` (e.g. `CP.BL.EDIT`); only codes of MODULES type-check. */
export type PermissionCode = CodeOf<Permission>;

/** `CP.BL.EDIT` -> `{ module: 'CP', resource: 'BL', operation: 'EDIT' }` (codes never contain dots). */
export function toPermission(code: PermissionCode): Permission {
  const [module, resource, operation] = code.split('.');
  return { module, resource, operation } as Permission;
}

/** Whether a permission set holds the permission; no set (not loaded, signed out) holds nothing. */
export function holds(permissions: PermissionSet | null | undefined, code: PermissionCode): boolean {
  return hasPermission(permissions, toPermission(code));
}

/** Outside React (route hooks, event handlers): whether the signed-in user holds the permission. */
export function can(code: PermissionCode): boolean {
  return holds(getSession()?.authData?.permissions, code);
}

/** In components: a `can(code)` that re-renders the component when the session's permissions change. */
export function useCan(): (code: PermissionCode) => boolean {
  const permissions = useSession()?.authData?.permissions;
  return useCallback((code: PermissionCode) => holds(permissions, code), [permissions]);
}

export type HomePath = '/app-dashboard-admin' | '/app-dashboard' | '/app-profile';

/**
 * The user's own dashboard: the admin dashboard for carrier staff (ADMIN.DASHBOARD.VIEW, which the specification's
 * admins land on even if they also held the customer one), the customer dashboard for customers, and the profile for
 * anyone holding neither.
 */
export function homePath(permissions: PermissionSet | null | undefined): HomePath {
  if (holds(permissions, 'ADMIN.DASHBOARD.VIEW')) return '/app-dashboard-admin';
  if (holds(permissions, 'CP.DASHBOARD.VIEW')) return '/app-dashboard';
  return '/app-profile';
}
