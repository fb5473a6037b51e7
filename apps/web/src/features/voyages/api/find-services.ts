import type { CarrierService } from '@lading/contract/voyages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voyageAdminKeys } from './query-keys';

/** GET cp/admin/services/: every liner service with its rotation, vessels and default cut-offs (ADMIN.SERVICE.VIEW). */
export function findServices(signal?: AbortSignal): Promise<{ count: number; results: CarrierService[] }> {
  return apiRequest('/cp/admin/services/', { signal });
}

export function useServices() {
  return useQuery({
    queryKey: voyageAdminKeys.services,
    queryFn: ({ signal }) => findServices(signal),
  });
}
