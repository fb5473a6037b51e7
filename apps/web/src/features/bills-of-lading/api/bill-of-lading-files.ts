import type { PrintKind } from '@lading/contract/bill-of-lading-review';
import type { DcsaTransportDocument } from '@lading/contract/dcsa';
import type { ErrorBody } from '@lading/contract/errors';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { trackBusy } from '../../../lib/busy';
import { downloadBlob } from '../../../lib/download';
import { getSession } from '../../../lib/session';

/**
 * The bill's files, fetched and saved on a click: this module is imported on the click (print-bill-of-lading.ts,
 * download-dcsa-json.ts), not with the BL list or bl_view that show the buttons (issue 11, figure #6).
 */

/** `attachment; filename="LDG26110003.pdf"` -> `LDG26110003.pdf`. */
function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * POST cp/bill-of-lading/{id}/bl-print/: the PDF, saved as the file the server names. Binary, so it does not go
 * through apiRequest (which reads JSON); it carries the same bearer token and shows the busy overlay the same way.
 */
export function downloadBillOfLadingPdf({
  id,
  kind = 'draft',
}: {
  id: number;
  kind?: PrintKind;
}): Promise<void> {
  const run = async () => {
    const token = getSession()?.accessToken;
    const response = await fetch(`/cp/bill-of-lading/${id}/bl-print/`, {
      method: 'POST',
      headers: {
        accept: 'application/pdf, application/json',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ kind }),
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as ErrorBody | null;
      throw new ApiError(
        response.status,
        body?.error?.code ?? 'HTTP_ERROR',
        body?.error?.message ?? `Request failed (${response.status})`,
        body?.error?.fields ?? {},
        body,
      );
    }
    downloadBlob(
      await response.blob(),
      filenameOf(response.headers.get('content-disposition'), `bill-of-lading-${id}.pdf`),
    );
  };
  return trackBusy(run());
}

/** GET cp/bill-of-ladings/{id}/dcsa: the bill as a DCSA eBL 3.0.3 TransportDocument, saved as `<number>.dcsa.json`. */
export async function downloadDcsaJson({ id }: { id: number }): Promise<void> {
  const document = await apiRequest<DcsaTransportDocument>(`/cp/bill-of-ladings/${id}/dcsa`);
  downloadBlob(
    new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' }),
    `${document.transportDocumentReference}.dcsa.json`,
  );
}
