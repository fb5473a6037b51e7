import type { AdminOffice } from '@lading/contract/admin-workspace';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminWorkspaceKeys } from './query-keys';

/** GET cp/admin/offices/: offices with port and staff (ADMIN.OFFICE.VIEW). */
export function findOffices(signal?: AbortSignal): Promise<{ count: number; results: AdminOffice[] }> {
  return apiRequest('/cp/admin/offices/', { signal });
}

export function useOffices(enabled = true) {
  return useQuery({
    queryKey: adminWorkspaceKeys.list('offices'),
    queryFn: ({ signal }) => findOffices(signal),
    enabled,
  });
}
