import type { MessageResponse, SendBlMailBody } from '@lading/contract/bill-of-lading-review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billOfLadingKeys } from './query-keys';

/** POST cp/bill-of-ladings/send_mail_bl/: e-mails the bill as a PDF; answers 202 once queued. */
export function sendBillOfLadingMail(body: SendBlMailBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/cp/bill-of-ladings/send_mail_bl/', { method: 'POST', json: body });
}

export function useSendBillOfLadingMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBillOfLadingMail,
    // The bill's history gained a MAILED row.
    onSuccess: (_result, body) =>
      queryClient.invalidateQueries({ queryKey: billOfLadingKeys.review(body.blId) }),
  });
}
