import type { DcsaTransportDocument } from '@lading/contract/dcsa';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET cp/bill-of-ladings/{id}/dcsa: the bill as a DCSA eBL 3.0.3 TransportDocument, ready to save as a file. */
export async function getDcsaJson({ id }: { id: number }): Promise<{ blob: Blob; filename: string }> {
  const document = await apiRequest<DcsaTransportDocument>(`/cp/bill-of-ladings/${id}/dcsa`);
  return {
    blob: new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' }),
    filename: `${document.transportDocumentReference}.dcsa.json`,
  };
}

export function useDcsaJson() {
  return useMutation({ mutationFn: getDcsaJson });
}
