import type { BillOfLading, UpdateBillOfLadingBody } from '@lading/contract/bills-of-lading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { billOfLadingKeys } from './query-keys';

/** PUT cp/bill-of-ladings/{id}/ with the version the edit was based on (If-Match). */
export function updateBillOfLading({
  id,
  body,
}: {
  id: number;
  body: UpdateBillOfLadingBody;
}): Promise<BillOfLading> {
  return apiRequest<BillOfLading>(`/cp/bill-of-ladings/${id}/`, {
    method: 'PUT',
    json: body,
    headers: body.version ? { 'if-match': `W/"${body.version}"` } : {},
  });
}

export function useUpdateBillOfLading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBillOfLading,
    onSuccess: (bill) => {
      queryClient.setQueryData(billOfLadingKeys.detail(bill.id), bill);
      void queryClient.invalidateQueries({ queryKey: billOfLadingKeys.lists });
      // The booking's shipment page shows whether the SI is in.
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.bookings });
    },
  });
}
