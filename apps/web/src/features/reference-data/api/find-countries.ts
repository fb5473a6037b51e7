import type { CountriesResponse } from '@lading/contract/reference-data';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET core/base/v1/countries/?query: countries with their calling codes. */
export function findCountries(query: string, signal?: AbortSignal): Promise<CountriesResponse> {
  return apiRequest<CountriesResponse>('/core/base/v1/countries/', { query: { query }, signal, busy: false });
}

export function useCountries(query = '') {
  return useQuery({ queryKey: ['countries', query], queryFn: ({ signal }) => findCountries(query, signal) });
}
