import type { CustomerDashboard } from '@lading/contract/dashboards';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './query-keys';

/** GET cp/dashboard/: the customer's home in one request. */
export function getCustomerDashboard(signal?: AbortSignal): Promise<CustomerDashboard> {
  return apiRequest<CustomerDashboard>('/cp/dashboard/', { signal });
}

export function useCustomerDashboard() {
  return useQuery({
    queryKey: dashboardKeys.customer,
    queryFn: ({ signal }) => getCustomerDashboard(signal),
  });
}
