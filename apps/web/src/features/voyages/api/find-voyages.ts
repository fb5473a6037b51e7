import type { Voyage } from '@lading/contract/voyages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voyageAdminKeys } from './query-keys';

export type FindVoyagesQuery = {
  serviceId?: number;
  /** UN/LOCODE of a port the voyage calls at. */
  port?: string;
  voyageNumber?: string;
  /** YYYY-MM-DD: the first call departs on or after / before this day. */
  departureFrom?: string;
  departureTo?: string;
  skip?: number;
  limit?: number;
};

/** GET cp/admin/voyages/: by service, port called at, voyage number and first departure (ADMIN.VOYAGE.VIEW). */
export function findVoyages(
  query: FindVoyagesQuery,
  signal?: AbortSignal,
): Promise<{ count: number; results: Voyage[] }> {
  return apiRequest('/cp/admin/voyages/', {
    query: {
      service_id: query.serviceId,
      port: query.port,
      voyage_number: query.voyageNumber?.trim() || undefined,
      departureFrom: query.departureFrom,
      departureTo: query.departureTo,
      skip: query.skip,
      limit: query.limit,
    },
    signal,
  });
}

export function useVoyages(query: FindVoyagesQuery) {
  return useQuery({
    queryKey: voyageAdminKeys.voyagePage(query),
    queryFn: ({ signal }) => findVoyages(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
