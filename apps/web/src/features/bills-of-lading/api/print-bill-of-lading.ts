import type { PrintKind } from '@lading/contract/bill-of-lading-review';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trackBusy } from '../../../lib/busy';
import { usePendingCall } from '../../../lib/use-pending-call';
import { billOfLadingKeys } from './query-keys';

/**
 * POST cp/bill-of-lading/{id}/bl-print/ and save the PDF. The request's code (bill-of-lading-files.ts) is fetched on
 * the click, not with the screens that show the button; the busy overlay shows from the click, fetch included. The
 * button stays pending until the bill's printed counters and history are fetched again.
 */
export function usePrintBillOfLading() {
  const queryClient = useQueryClient();
  return usePendingCall(
    useCallback(
      async (input: { id: number; kind?: PrintKind }) => {
        await trackBusy(
          import('./bill-of-lading-files').then((files) => files.downloadBillOfLadingPdf(input)),
        );
        // Printed counters and history changed.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: billOfLadingKeys.details }),
          queryClient.invalidateQueries({ queryKey: billOfLadingKeys.lists }),
        ]);
      },
      [queryClient],
    ),
  );
}
