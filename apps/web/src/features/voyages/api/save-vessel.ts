import type { Vessel, VesselBody } from '@lading/contract/voyages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voyageAdminKeys } from './query-keys';

/**
 * POST cp/admin/vessels/ (a new vessel: 400 naming imoNumber for a wrong check digit, 409 for a known one) or PUT
 * …/{id}/ at the version read (412 when someone saved it since).
 */
export function saveVessel({ vessel, body }: { vessel: Vessel | null; body: VesselBody }): Promise<Vessel> {
  if (!vessel) return apiRequest('/cp/admin/vessels/', { method: 'POST', json: body });
  return apiRequest(`/cp/admin/vessels/${vessel.id}/`, {
    method: 'PUT',
    json: { ...body, version: vessel.version },
  });
}

export function useSaveVessel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVessel,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: voyageAdminKeys.vessels });
      // A service lists its vessels by name.
      void queryClient.invalidateQueries({ queryKey: voyageAdminKeys.services });
    },
  });
}
