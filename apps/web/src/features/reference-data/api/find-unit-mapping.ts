import type { UnitCategory } from '@lading/contract/reference-data';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET core/base/v1/category-unit-mapping/: Unit kinds with their units and conversion factors. */
export function findUnitMapping(signal?: AbortSignal): Promise<UnitCategory[]> {
  return apiRequest<UnitCategory[]>('/core/base/v1/category-unit-mapping/', { signal });
}

export function useUnitMapping() {
  return useQuery({
    queryKey: ['unit-mapping'],
    queryFn: ({ signal }) => findUnitMapping(signal),
    staleTime: Infinity,
  });
}
