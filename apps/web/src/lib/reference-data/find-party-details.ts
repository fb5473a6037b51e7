import type { Party } from '@lading/contract/reference-data';
import { apiRequest } from '../api-client';

export type FindPartyDetailsQuery = { name: string; partyStatus?: string; isActive?: boolean };

/** GET core/base/v1/parties/party-detail-list/?name&partyStatus=APPR&isActive=true (5 results). */
export function findPartyDetails(query: FindPartyDetailsQuery, signal?: AbortSignal): Promise<Party[]> {
  return apiRequest<Party[]>('/core/base/v1/parties/party-detail-list/', {
    query: { name: query.name, partyStatus: query.partyStatus, isActive: query.isActive },
    signal,
    busy: false,
  });
}
