import type { Db } from '../../db/client';
import { findPlaces } from './reference-data.repository';

export type GeocodeResult = {
  label: string;
  latitude: number;
  longitude: number;
  source: 'unlocode' | 'mapbox';
};
export type Geocoder = (query: string, limit: number) => Promise<GeocodeResult[]>;

/**
 * The specification's maps geocoding (limit 5; place types neighborhood, locality, place, district, postcode).
 * Offline by default: every UN/LOCODE location with coordinates, searched like the port typeahead, so it works on a
 * fresh machine. With MAPBOX_TOKEN, Mapbox's geocoding API with those place types. Any failure answers an empty list
 * (section 7: a failed search gives an empty list), after 3 s at the most.
 */
export function createGeocoder(options: { db: Db; mapboxToken?: string; mapboxUrl?: string }): Geocoder {
  if (!options.mapboxToken) {
    return async (query, limit) => {
      const rows = await findPlaces(options.db, query, limit);
      return rows.map((row) => ({
        label: [row.name, row.subdivision, row.countryName].filter(Boolean).join(', '),
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        source: 'unlocode' as const,
      }));
    };
  }
  const base = (options.mapboxUrl ?? 'https://api.mapbox.com').replace(/\/+$/, '');
  return async (query, limit) => {
    const url = new URL(`${base}/geocoding/v5/mapbox.places/${encodeURIComponent(query)}.json`);
    url.searchParams.set('access_token', options.mapboxToken!);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('types', 'neighborhood,locality,place,district,postcode');
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (!response.ok) return [];
      const body = (await response.json()) as {
        features?: { place_name?: string; center?: [number, number] }[];
      };
      return (body.features ?? [])
        .filter((f) => f.place_name && Array.isArray(f.center) && f.center.length === 2)
        .slice(0, limit)
        .map((f) => ({
          label: f.place_name!,
          longitude: f.center![0],
          latitude: f.center![1],
          source: 'mapbox' as const,
        }));
    } catch {
      return [];
    }
  };
}
