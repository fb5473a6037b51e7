import type { PortsResponse, PortType } from '@lading/contract/reference-data';
import { apiRequest } from '../api-client';

export type FindPortsQuery = { limit: number; name?: string; code?: string; portType?: readonly PortType[] };

/** GET core/base/v1/ports/: the full list (`limit=1000`) or a typeahead (`limit=5&name&portType=SP,DP`). */
export function findPorts(query: FindPortsQuery, signal?: AbortSignal): Promise<PortsResponse> {
  return apiRequest<PortsResponse>('/core/base/v1/ports/', {
    query: { limit: query.limit, name: query.name, code: query.code, portType: query.portType?.join(',') },
    signal,
    // A typeahead search must not block the screen; loading the full list may.
    busy: !query.name && !query.code,
  });
}
