import type { Party } from '@lading/contract/reference-data';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET core/base/v1/parties/?name: party typeahead (5 results). */
export function findParties(name: string, signal?: AbortSignal): Promise<Party[]> {
  return apiRequest<Party[]>('/core/base/v1/parties/', { query: { name }, signal, busy: false });
}

export function useParties(name: string) {
  return useQuery({
    queryKey: ['parties', name],
    queryFn: ({ signal }) => findParties(name, signal),
    enabled: name.trim() !== '',
  });
}
