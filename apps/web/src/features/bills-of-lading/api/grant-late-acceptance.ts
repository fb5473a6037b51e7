import type { LateAcceptance, LateAcceptanceBody } from '@lading/contract/voyages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { billOfLadingKeys } from './query-keys';

/**
 * POST cp/bill-of-ladings/{id}/late-acceptance/ (ADMIN.BL_REVIEW.APPROVE): carrier staff accept the bill's SI (DCO)
 * or VGM (VCO) after the cut-off, until a time (UTC), with a reason; audited LATE_ACCEPTANCE_GRANTED.
 */
export function grantLateAcceptance({
  billId,
  body,
}: {
  billId: number;
  body: LateAcceptanceBody;
}): Promise<LateAcceptance> {
  return apiRequest<LateAcceptance>(`/cp/bill-of-ladings/${billId}/late-acceptance/`, {
    method: 'POST',
    json: body,
  });
}

/**
 * The grant; the shipment pages (under the bookings' shared root) and the bill with its deadlines and review are
 * read again before the call settles, so the task shows the acceptance when the dialog closes.
 */
export function useGrantLateAcceptance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantLateAcceptance,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedQueryRoots.bookings }),
        queryClient.invalidateQueries({ queryKey: billOfLadingKeys.details }),
        queryClient.invalidateQueries({ queryKey: billOfLadingKeys.lists }),
      ]),
  });
}
