import type { GenerateVoyagesBody } from '@lading/contract/voyages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voyageAdminKeys } from './query-keys';

export type GenerateVoyagesResult = { created: number; existing: number; voyageIds: number[] };

/**
 * POST cp/admin/services/{id}/generate-voyages/: `weeks` sailings of the service from a day, at its frequency;
 * idempotent (a sailing already there is counted as existing, not made twice). ADMIN.VOYAGE.CREATE.
 */
export function generateVoyages({
  serviceId,
  body,
}: {
  serviceId: number;
  body: GenerateVoyagesBody;
}): Promise<GenerateVoyagesResult> {
  return apiRequest(`/cp/admin/services/${serviceId}/generate-voyages/`, { method: 'POST', json: body });
}

export function useGenerateVoyages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateVoyages,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voyageAdminKeys.voyages }),
  });
}
