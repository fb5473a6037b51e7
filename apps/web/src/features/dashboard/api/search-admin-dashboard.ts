import { type AdminSearchResult, SEARCH_MIN_LENGTH } from '@lading/contract/dashboards';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './query-keys';

/** GET cp/dashboard-admin/search/: bills of lading and bookings by number or customer company. */
export function searchAdminDashboard(
  query: string,
  signal?: AbortSignal,
): Promise<{ results: AdminSearchResult[] }> {
  return apiRequest('/cp/dashboard-admin/search/', { query: { query, limit: 10 }, signal });
}

/** Runs only for a term of SEARCH_MIN_LENGTH characters or more. */
export function useSearchAdminDashboard(term: string) {
  return useQuery({
    queryKey: dashboardKeys.adminSearch(term),
    queryFn: ({ signal }) => searchAdminDashboard(term, signal),
    enabled: term.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
