import type { PointToPointResult } from '@lading/contract/voyages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { carrierDeskKeys } from './query-keys';

const DAY = 86_400_000;
/** How far ahead a booking may be confirmed onto a sailing. */
const AHEAD_DAYS = 90;

/**
 * The lane's sailings from today on (GET cp/schedules/point-to-point/, direct and with one transhipment), which a
 * booking is confirmed onto.
 */
export function findSailings(pol: string, pod: string, signal?: AbortSignal) {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + AHEAD_DAYS * DAY).toISOString().slice(0, 10);
  const query = new URLSearchParams({ pol, pod, departureFrom: from, departureTo: to, maxTranshipment: '1' });
  return apiRequest<{ results: PointToPointResult[] }>(`/cp/schedules/point-to-point/?${query}`, { signal });
}

export function useSailings(pol: string | undefined, pod: string | undefined) {
  return useQuery({
    queryKey: carrierDeskKeys.sailings(pol ?? '', pod ?? ''),
    queryFn: ({ signal }) => findSailings(pol!, pod!, signal),
    enabled: Boolean(pol && pod),
  });
}
