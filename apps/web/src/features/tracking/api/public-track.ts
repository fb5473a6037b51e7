import type { PublicTrack } from '@lading/contract/tracking';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackingKeys } from './query-keys';

/**
 * GET public/track/?ref=: a container's or bill of lading's milestones (event, place, time) and nothing else, sent as
 * a signed-out visitor whoever is signed in (the page is the public's). An unknown number answers `kind: null`.
 */
export function publicTrack(ref: string, signal?: AbortSignal): Promise<PublicTrack> {
  return apiRequest<PublicTrack>('/public/track/', { query: { ref }, signal, signedOut: true });
}

export function usePublicTrack(ref: string | null) {
  return useQuery({
    queryKey: trackingKeys.publicTrack(ref ?? ''),
    queryFn: ({ signal }) => publicTrack(ref!, signal),
    enabled: ref !== null,
    retry: false,
  });
}
