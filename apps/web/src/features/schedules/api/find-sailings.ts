import type { PointToPointResult } from '@lading/contract/voyages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { scheduleKeys } from './query-keys';

export type PointToPointSearch = {
  pol: string;
  pod: string;
  departureFrom: string;
  departureTo: string;
  maxTranshipment: 0 | 1;
};

/**
 * GET cp/schedules/point-to-point/: the sailings from a port of loading to a port of discharge departing in the
 * window, direct or with one transhipment, sorted by departure (CP.SCHEDULE.VIEW: customers and staff).
 */
export function findSailings(
  query: PointToPointSearch,
  signal?: AbortSignal,
): Promise<{ results: PointToPointResult[] }> {
  return apiRequest('/cp/schedules/point-to-point/', { query, signal });
}

/** The sailings of a search (none asked for while `query` is null: no ports chosen yet). */
export function useSailings(query: PointToPointSearch | null) {
  return useQuery({
    queryKey: scheduleKeys.sailings(
      query ?? { pol: '', pod: '', departureFrom: '', departureTo: '', maxTranshipment: 1 },
    ),
    queryFn: ({ signal }) => findSailings(query!, signal),
    enabled: query !== null,
    retry: false,
  });
}
