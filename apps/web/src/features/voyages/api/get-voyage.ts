import type { Voyage } from '@lading/contract/voyages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voyageAdminKeys } from './query-keys';

/** GET cp/admin/voyages/{id}/: one voyage with its calls, estimates, actuals and cut-offs (ADMIN.VOYAGE.VIEW). */
export function getVoyage(id: number, signal?: AbortSignal): Promise<Voyage> {
  return apiRequest(`/cp/admin/voyages/${id}/`, { signal });
}

export function useVoyage(id: number) {
  return useQuery({
    queryKey: voyageAdminKeys.voyage(id),
    queryFn: ({ signal }) => getVoyage(id, signal),
    retry: false,
  });
}
