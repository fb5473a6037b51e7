import type { AdminOffice, OfficeBody } from '@lading/contract/admin-workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST cp/admin/offices/ (a new branch) or PUT …/{id}/ (ADMIN.OFFICE.EDIT). */
export function saveOffice({ id, body }: { id: number | null; body: OfficeBody }): Promise<AdminOffice> {
  return id === null
    ? apiRequest('/cp/admin/offices/', { method: 'POST', json: body })
    : apiRequest(`/cp/admin/offices/${id}/`, { method: 'PUT', json: body });
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
