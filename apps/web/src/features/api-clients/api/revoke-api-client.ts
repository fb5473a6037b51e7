import type { ApiClient } from '@lading/contract/api-clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiClientKeys } from './query-keys';

/** DELETE cp/company/api-clients/{id}/: the client as revoked. */
export function revokeApiClient(id: number): Promise<ApiClient> {
  return apiRequest<ApiClient>(`/cp/company/api-clients/${id}/`, { method: 'DELETE' });
}

export function useRevokeApiClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiClient,
    onSettled: () => client.invalidateQueries({ queryKey: apiClientKeys.list }),
  });
}
