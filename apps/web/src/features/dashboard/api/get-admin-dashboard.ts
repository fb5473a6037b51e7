import type { AdminDashboard } from '@lading/contract/dashboards';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './query-keys';

/** GET cp/dashboard-admin/: the work queues and volumes of the office the staff member works as. */
export function getAdminDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return apiRequest<AdminDashboard>('/cp/dashboard-admin/', { signal });
}

export function useAdminDashboard() {
  return useQuery({
    queryKey: dashboardKeys.admin,
    queryFn: ({ signal }) => getAdminDashboard(signal),
    staleTime: 0,
  });
}
