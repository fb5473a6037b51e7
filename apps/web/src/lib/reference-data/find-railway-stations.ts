import type { RailwayStation } from '@lading/contract/reference-data';
import { apiRequest } from '../api-client';

/** GET cp/base/railway-station/?name: railway stations and ICDs (5 results). */
export function findRailwayStations(name: string, signal?: AbortSignal): Promise<RailwayStation[]> {
  return apiRequest<RailwayStation[]>('/cp/base/railway-station/', { query: { name }, signal, busy: false });
}
