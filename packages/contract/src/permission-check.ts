// The permission check the web's shell runs on every navigation (route guards, menus), kept free of zod so the
// first load of every page does not carry the contract's schemas. access.ts re-exports it.
import type { Permission, PermissionSet } from './access';

/** Whether a permission set holds a permission; a missing module, resource or operation is false. */
export function hasPermission(set: PermissionSet | null | undefined, p: Permission): boolean {
  return Boolean(
    set?.modules
      .find((m) => m.code === p.module)
      ?.resources.find((r) => r.code === p.resource)
      ?.operations.some((o) => o.code === p.operation),
  );
}
