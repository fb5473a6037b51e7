import type { TrackResult } from '@lading/contract/tracking';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackingKeys } from './query-keys';

/**
 * GET cp/track/?ref=: what the text was recognised as and, for a shipment within the caller's reach, its route strip,
 * each container's timeline and position, and the document events (CP.TRACKING.VIEW: customers and staff).
 */
export function track(ref: string, signal?: AbortSignal): Promise<TrackResult> {
  return apiRequest<TrackResult>('/cp/track/', { query: { ref }, signal });
}

/** The search in the address; nothing is asked while `ref` is null (no search, or one refused on the screen). */
export function useTrack(ref: string | null) {
  return useQuery({
    queryKey: trackingKeys.track(ref ?? ''),
    queryFn: ({ signal }) => track(ref!, signal),
    enabled: ref !== null,
    retry: false,
  });
}
