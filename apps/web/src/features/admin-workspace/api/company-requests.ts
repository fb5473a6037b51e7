import type { CompanyMembership } from '@lading/contract/companies';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { adminWorkspaceKeys } from './query-keys';

/** GET cp/company-memberships/?status=PENDING: membership and new-company requests, oldest first. */
export function findCompanyRequests(
  query: { skip: number; limit: number },
  signal?: AbortSignal,
): Promise<{ count: number; results: CompanyMembership[] }> {
  return apiRequest('/cp/company-memberships/', { query: { status: 'PENDING', ...query }, signal });
}

export function useCompanyRequests(query: { skip: number; limit: number }) {
  return useQuery({
    queryKey: adminWorkspaceKeys.page('company-requests', query),
    queryFn: ({ signal }) => findCompanyRequests(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST cp/company-memberships/{id}/approve/, or …/refuse/ with the reason the customer is mailed. */
export function decideCompanyRequest(
  decision: { id: number; approve: true } | { id: number; approve: false; reason: string },
): Promise<CompanyMembership> {
  return decision.approve
    ? apiRequest(`/cp/company-memberships/${decision.id}/approve/`, { method: 'POST' })
    : apiRequest(`/cp/company-memberships/${decision.id}/refuse/`, {
        method: 'POST',
        json: { reason: decision.reason },
      });
}

export function useDecideCompanyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCompanyRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminWorkspaceKeys.all });
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.adminDashboard });
    },
  });
}
