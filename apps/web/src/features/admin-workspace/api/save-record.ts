import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminWorkspaceKeys } from './query-keys';

/** `W/"7"`: the ETag of version 7, sent as If-Match with an edit. */
const etagOf = (version: number) => `W/"${version}"`;

/**
 * A versioned workspace record saved: POST to the list's `path` for a new one (null), else PUT to `{path}{id}/` at
 * the version read (If-Match), so the server answers 412 when someone else saved it first.
 */
function saveRecord<T>(
  path: string,
  record: { id: number; version: number } | null,
  body: unknown,
): Promise<T> {
  if (!record) return apiRequest(path, { method: 'POST', json: body });
  return apiRequest(`${path}${record.id}/`, {
    method: 'PUT',
    json: body,
    headers: { 'if-match': etagOf(record.version) },
  });
}

/**
 * The mutation that saves a record of the workspace list `list` (`'companies'`, `'offices'`) at `path`; a save
 * refreshes that list and the audit trail.
 */
export function useSaveRecord<T, B>(path: string, list: 'companies' | 'offices') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ record, body }: { record: { id: number; version: number } | null; body: B }) =>
      saveRecord<T>(path, record, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminWorkspaceKeys.list(list) });
      void queryClient.invalidateQueries({ queryKey: adminWorkspaceKeys.list('audit') });
    },
  });
}
