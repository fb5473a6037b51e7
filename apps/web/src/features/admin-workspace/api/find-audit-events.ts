import type { AuditEvent } from '@lading/contract/admin-workspace';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminWorkspaceKeys } from './query-keys';

export type FindAuditEventsQuery = {
  recordType?: string;
  recordId?: number;
  user?: string;
  action?: string;
  from?: string;
  to?: string;
  skip?: number;
  limit?: number;
};

/** GET cp/admin/audit-events/: the trail, newest first, by record, user, action and dates (ADMIN.AUDIT.VIEW). */
export function findAuditEvents(
  query: FindAuditEventsQuery,
  signal?: AbortSignal,
): Promise<{ count: number; results: AuditEvent[] }> {
  return apiRequest('/cp/admin/audit-events/', {
    query: {
      record_type: query.recordType,
      record_id: query.recordId,
      user: query.user?.trim() || undefined,
      action: query.action?.trim().toUpperCase() || undefined,
      from: query.from,
      to: query.to,
      skip: query.skip,
      limit: query.limit,
    },
    signal,
  });
}

export function useAuditEvents(query: FindAuditEventsQuery) {
  return useQuery({
    queryKey: adminWorkspaceKeys.page('audit', query),
    queryFn: ({ signal }) => findAuditEvents(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
