import type { AdminCompany } from '@lading/contract/admin-workspace';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminWorkspaceKeys } from './query-keys';

export type FindCompaniesQuery = { search?: string; status?: string; skip?: number; limit?: number };

/** GET cp/admin/companies/: by name or code and status (ADMIN.COMPANY.VIEW). */
export function findCompanies(
  query: FindCompaniesQuery,
  signal?: AbortSignal,
): Promise<{ count: number; results: AdminCompany[] }> {
  return apiRequest('/cp/admin/companies/', {
    query: {
      search: query.search?.trim() || undefined,
      status: query.status,
      skip: query.skip,
      limit: query.limit,
    },
    signal,
  });
}

export function useCompanies(query: FindCompaniesQuery) {
  return useQuery({
    queryKey: adminWorkspaceKeys.page('companies', query),
    queryFn: ({ signal }) => findCompanies(query, signal),
    placeholderData: keepPreviousData,
  });
}
