import { trackBusy } from '../../../lib/busy';
import { usePendingCall } from '../../../lib/use-pending-call';

/** GET cp/bill-of-ladings/{id}/dcsa and save it as a file. As the PDF's: the request's code (bill-of-lading-files.ts)
 * is fetched on the click, under the busy overlay. */
const downloadDcsaJson = (input: { id: number }) =>
  trackBusy(import('./bill-of-lading-files').then((files) => files.downloadDcsaJson(input)));

export function useDcsaJson() {
  return usePendingCall(downloadDcsaJson);
}
