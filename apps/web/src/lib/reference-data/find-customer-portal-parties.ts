import type { Party } from '@lading/contract/reference-data';
import { apiRequest } from '../api-client';

/** GET core/base/v1/parties/party-detail-list-cp/?query: approved, active companies (5 results). */
export function findCustomerPortalParties(query: string, signal?: AbortSignal): Promise<Party[]> {
  return apiRequest<Party[]>('/core/base/v1/parties/party-detail-list-cp/', {
    query: { query },
    signal,
    busy: false,
  });
}
