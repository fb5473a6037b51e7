import type { Vessel } from '@lading/contract/voyages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voyageAdminKeys } from './query-keys';

export type FindVesselsQuery = { search?: string; active?: boolean; skip?: number; limit?: number };

/** GET cp/admin/vessels/: by name or IMO number and whether active (ADMIN.VESSEL.VIEW). */
export function findVessels(
  query: FindVesselsQuery,
  signal?: AbortSignal,
  busy = true,
): Promise<{ count: number; results: Vessel[] }> {
  return apiRequest('/cp/admin/vessels/', {
    query: {
      search: query.search?.trim() || undefined,
      active: query.active,
      skip: query.skip,
      limit: query.limit,
    },
    signal,
    busy,
  });
}

export function useVessels(query: FindVesselsQuery) {
  return useQuery({
    queryKey: voyageAdminKeys.vesselPage(query),
    queryFn: ({ signal }) => findVessels(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The service form's typeahead: active vessels by name or IMO number. */
export async function searchActiveVessels(term: string, signal: AbortSignal): Promise<Vessel[]> {
  return (await findVessels({ search: term, active: true, limit: 8 }, signal, false)).results;
}
