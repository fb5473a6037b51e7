import type { PrintKind } from '@lading/contract/bill-of-lading-review';
import type { ErrorBody } from '@lading/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { trackBusy } from '../../../lib/busy';
import { getSession } from '../../../lib/session';
import { billOfLadingKeys } from './query-keys';

export type PrintedBillOfLading = { blob: Blob; filename: string };

/** `attachment; filename="LDG26110003.pdf"` -> `LDG26110003.pdf`. */
function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * POST cp/bill-of-lading/{id}/bl-print/: the PDF as a Blob. Binary, so it does not go through apiRequest (which
 * reads JSON); it carries the same bearer token and shows the busy overlay the same way.
 */
export function printBillOfLading({
  id,
  kind = 'draft',
}: {
  id: number;
  kind?: PrintKind;
}): Promise<PrintedBillOfLading> {
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
    return {
      blob: await response.blob(),
      filename: filenameOf(response.headers.get('content-disposition'), `bill-of-lading-${id}.pdf`),
    };
  };
  return trackBusy(run());
}

export function usePrintBillOfLading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: printBillOfLading,
    // Printed counters and history changed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billOfLadingKeys.details }),
        queryClient.invalidateQueries({ queryKey: billOfLadingKeys.lists }),
      ]),
  });
}
