import type { ApiClientList } from '@lading/contract/api-clients';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiClientKeys } from './query-keys';

/** GET cp/company/api-clients/: the company's clients, newest first, revoked and expired ones too. */
export function findApiClients(signal?: AbortSignal): Promise<ApiClientList> {
  return apiRequest<ApiClientList>('/cp/company/api-clients/', { signal, busy: false });
}

export function useApiClients() {
  return useQuery({ queryKey: apiClientKeys.list, queryFn: ({ signal }) => findApiClients(signal) });
}
