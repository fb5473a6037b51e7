import type { CarrierService, CarrierServiceBody } from '@lading/contract/voyages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voyageAdminKeys } from './query-keys';

/**
 * POST cp/admin/services/ (a new service) or PUT …/{id}/ at the version read (412 when someone saved it since).
 * Voyages already generated keep their calls.
 */
export function saveService({
  service,
  body,
}: {
  service: CarrierService | null;
  body: CarrierServiceBody;
}): Promise<CarrierService> {
  if (!service) return apiRequest('/cp/admin/services/', { method: 'POST', json: body });
  return apiRequest(`/cp/admin/services/${service.id}/`, {
    method: 'PUT',
    json: { ...body, version: service.version },
  });
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voyageAdminKeys.services }),
  });
}
