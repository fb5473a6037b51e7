import type { RoleCode } from '@lading/contract/access';
import type { AdminUser } from '@lading/contract/admin-workspace';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminWorkspaceKeys } from './query-keys';

export type FindUsersQuery = {
  search?: string;
  isActive?: boolean;
  role?: RoleCode;
  skip?: number;
  limit?: number;
};

/** GET cp/admin/users/: by part of the e-mail or name, status and role (ADMIN.USER.VIEW). */
export function findUsers(
  query: FindUsersQuery,
  signal?: AbortSignal,
): Promise<{ count: number; results: AdminUser[] }> {
  return apiRequest('/cp/admin/users/', {
    query: {
      search: query.search?.trim() || undefined,
      is_active: query.isActive,
      role: query.role,
      skip: query.skip,
      limit: query.limit,
    },
    signal,
  });
}

export function useUsers(query: FindUsersQuery) {
  return useQuery({
    queryKey: adminWorkspaceKeys.page('users', query),
    queryFn: ({ signal }) => findUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
