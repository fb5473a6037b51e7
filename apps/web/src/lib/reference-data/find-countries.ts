import type { CountriesResponse } from '@lading/contract/reference-data';
import { apiRequest } from '../api-client';

/** GET core/base/v1/countries/?query: countries with their calling codes. */
export function findCountries(query: string, signal?: AbortSignal): Promise<CountriesResponse> {
  return apiRequest<CountriesResponse>('/core/base/v1/countries/', { query: { query }, signal, busy: false });
}
