import type { PrintKind } from '@lading/contract/bill-of-lading-review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../../../lib/busy';
import { billOfLadingKeys } from './query-keys';

/**
 * POST cp/bill-of-lading/{id}/bl-print/ and save the PDF. The request's code (bill-of-lading-files.ts) is fetched on
 * the click, not with the screens that show the button; the busy overlay shows from the click, fetch included.
 */
export function usePrintBillOfLading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; kind?: PrintKind }) =>
      trackBusy(import('./bill-of-lading-files').then((files) => files.downloadBillOfLadingPdf(input))),
    // Printed counters and history changed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billOfLadingKeys.details }),
        queryClient.invalidateQueries({ queryKey: billOfLadingKeys.lists }),
      ]),
  });
}
