import type { RoleCode } from '@lading/contract/access';
import type { AdminUser } from '@lading/contract/admin-workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminWorkspaceKeys } from './query-keys';

/** The changes carrier administrators make to one user, each its own call (ADMIN.USER.EDIT). */
export type UserChange =
  | { kind: 'active'; isActive: boolean }
  | { kind: 'roles'; roles: RoleCode[] }
  | { kind: 'offices'; officeIds: number[] }
  | { kind: 'resend-verification' };

/** PUT cp/admin/users/{id}/active/ | roles/ | offices/, or POST …/resend-verification/. */
export function updateUser({ id, change }: { id: number; change: UserChange }): Promise<AdminUser> {
  const base = `/cp/admin/users/${id}`;
  switch (change.kind) {
    case 'active':
      return apiRequest(`${base}/active/`, { method: 'PUT', json: { isActive: change.isActive } });
    case 'roles':
      return apiRequest(`${base}/roles/`, { method: 'PUT', json: { roles: change.roles } });
    case 'offices':
      return apiRequest(`${base}/offices/`, { method: 'PUT', json: { officeIds: change.officeIds } });
    case 'resend-verification':
      return apiRequest(`${base}/resend-verification/`, { method: 'POST' });
  }
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminWorkspaceKeys.list('users') });
      void queryClient.invalidateQueries({ queryKey: adminWorkspaceKeys.list('offices') });
      void queryClient.invalidateQueries({ queryKey: adminWorkspaceKeys.list('audit') });
    },
  });
}
