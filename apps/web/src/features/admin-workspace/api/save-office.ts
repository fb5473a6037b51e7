import type { AdminOffice, OfficeBody } from '@lading/contract/admin-workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { etagOf } from './etag';

/** POST cp/admin/offices/ (a new branch) or PUT …/{id}/ at the version read (If-Match; ADMIN.OFFICE.EDIT). */
export function saveOffice({
  office,
  body,
}: {
  office: Pick<AdminOffice, 'id' | 'version'> | null;
  body: OfficeBody;
}): Promise<AdminOffice> {
  if (!office) return apiRequest('/cp/admin/offices/', { method: 'POST', json: body });
  return apiRequest(`/cp/admin/offices/${office.id}/`, {
    method: 'PUT',
    json: body,
    headers: { 'if-match': etagOf(office.version) },
  });
}

export function useSaveOffice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOffice,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-workspace', 'offices'] });
      void queryClient.invalidateQueries({ queryKey: ['admin-workspace', 'audit'] });
    },
  });
}
