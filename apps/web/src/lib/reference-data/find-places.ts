import { apiRequest } from '../api-client';

/** A geocoded place: what a door pick-up or delivery address is picked from. */
export type GeocodedPlace = { label: string; latitude: number; longitude: number };

/** GET cp/base/geocode/?query&limit=5: places for a door address (an empty list when the geocoder fails). */
export async function findPlaces(query: string, signal?: AbortSignal): Promise<GeocodedPlace[]> {
  const { results } = await apiRequest<{ results: GeocodedPlace[] }>('/cp/base/geocode/', {
    query: { query, limit: 5 },
    signal,
    busy: false,
  });
  return results;
}
