import type { AdminCompany, CompanyBody } from '@lading/contract/admin-workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { etagOf } from './etag';

/** POST cp/admin/companies/ (a new company) or PUT …/{id}/ at the version read (If-Match). */
export function saveCompany({
  company,
  body,
}: {
  company: Pick<AdminCompany, 'id' | 'version'> | null;
  body: CompanyBody;
}): Promise<AdminCompany> {
  if (!company) return apiRequest('/cp/admin/companies/', { method: 'POST', json: body });
  return apiRequest(`/cp/admin/companies/${company.id}/`, {
    method: 'PUT',
    json: body,
    headers: { 'if-match': etagOf(company.version) },
  });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-workspace', 'companies'] });
      void queryClient.invalidateQueries({ queryKey: ['admin-workspace', 'audit'] });
    },
  });
}
