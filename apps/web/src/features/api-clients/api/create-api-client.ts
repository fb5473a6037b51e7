import type { CreateApiClientBody, CreatedApiClient } from '@lading/contract/api-clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiClientKeys } from './query-keys';

/** POST cp/company/api-clients/: the new client and its secret, which no later answer repeats. */
export function createApiClient(body: CreateApiClientBody): Promise<CreatedApiClient> {
  return apiRequest<CreatedApiClient>('/cp/company/api-clients/', { method: 'POST', json: body });
}

/** The list is reloaded after a create; the secret stays only in the mutation's answer (never in the cache). */
export function useCreateApiClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiClient,
    onSettled: () => client.invalidateQueries({ queryKey: apiClientKeys.list }),
  });
}
