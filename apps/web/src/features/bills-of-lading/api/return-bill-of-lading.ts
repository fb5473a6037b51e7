import type { BillOfLading } from '@lading/contract/bills-of-lading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billOfLadingKeys } from './query-keys';

/** POST cp/bill-of-ladings/{id}/return/: back to DRAFT with a comment; the customer is e-mailed. */
export function returnBillOfLading({
  id,
  version,
  comment,
}: {
  id: number;
  version: number;
  comment: string;
}): Promise<BillOfLading> {
  return apiRequest<BillOfLading>(`/cp/bill-of-ladings/${id}/return/`, {
    method: 'POST',
    json: { version, comment },
    headers: { 'if-match': `W/"${version}"` },
  });
}

export function useReturnBillOfLading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnBillOfLading,
    // The bill (get-bill-of-lading's key), its review and the review queue all changed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billOfLadingKeys.details }),
        queryClient.invalidateQueries({ queryKey: billOfLadingKeys.lists }),
      ]),
  });
}
