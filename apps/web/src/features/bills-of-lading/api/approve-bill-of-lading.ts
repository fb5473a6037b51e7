import type { BillOfLading } from '@lading/contract/bills-of-lading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billOfLadingKeys } from './query-keys';

/** POST cp/bill-of-ladings/{id}/approve/: UPDATE PENDING or DRAFT -> APPROVED. */
export function approveBillOfLading({ id, version }: { id: number; version: number }): Promise<BillOfLading> {
  return apiRequest<BillOfLading>(`/cp/bill-of-ladings/${id}/approve/`, {
    method: 'POST',
    json: { version },
    headers: { 'if-match': `W/"${version}"` },
  });
}

export function useApproveBillOfLading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveBillOfLading,
    // The bill (get-bill-of-lading's key), its review and the review queue all changed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billOfLadingKeys.details }),
        queryClient.invalidateQueries({ queryKey: billOfLadingKeys.lists }),
      ]),
  });
}
