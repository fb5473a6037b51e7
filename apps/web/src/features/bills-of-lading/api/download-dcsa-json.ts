import { useMutation } from '@tanstack/react-query';
import { trackBusy } from '../../../lib/busy';

/**
 * GET cp/bill-of-ladings/{id}/dcsa and save it as a file. As the PDF's: the request's code (bill-of-lading-files.ts)
 * is fetched on the click, under the busy overlay.
 */
export function useDcsaJson() {
  return useMutation({
    mutationFn: (input: { id: number }) =>
      trackBusy(import('./bill-of-lading-files').then((files) => files.downloadDcsaJson(input))),
  });
}
