import {
  BL_REVIEW_MESSAGES,
  REVIEW_TRANSITIONS,
  type ReviewTransition,
} from '@lading/contract/bill-of-lading-review';
import type { BillOfLading } from '@lading/contract/bills-of-lading';
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ApiError } from '../../../../lib/api-client';
import { useCan } from '../../../../lib/permissions';
import { toast } from '../../../../lib/toast';
import { useApproveBillOfLading } from '../../api/approve-bill-of-lading';
import { useIssueBillOfLading } from '../../api/issue-bill-of-lading';
import { usePrintBillOfLading } from '../../api/print-bill-of-lading';
import { useReturnBillOfLading } from '../../api/return-bill-of-lading';
import { SendBlMailModal } from '../send-bl-mail-modal';
import { ReturnBillModal } from './return-bill-modal';

const isLegal = (transition: ReviewTransition, bill: BillOfLading) =>
  (REVIEW_TRANSITIONS[transition].from as readonly string[]).includes(bill.status);

/** Shows the server's reason (409 illegal transition, 412 someone changed it first) and refreshes. */
function reportFailure(error: unknown, refresh: () => void) {
  if (error instanceof ApiError) {
    toast.error(error.message);
    if (error.status === 409 || error.status === 412) refresh();
  } else {
    toast.error('Something went wrong. Please try again.');
  }
}

/** What Approve and Issue ask before they go ahead (issuing cannot be undone). */
const ASK = {
  approve: {
    title: (number: string) => `Approve ${number}?`,
    text: 'The customer is told it is approved. It can be issued next; until then, you can still return it.',
    confirm: 'Approve bill of lading',
    color: undefined,
  },
  issue: {
    title: (number: string) => `Issue ${number}?`,
    text: 'The customer can no longer change it. Issuing cannot be undone.',
    confirm: 'Issue bill of lading',
    color: '#1e6b30',
  },
} as const;

/**
 * Approve / Return / Issue (each shown to holders of its ADMIN.BL_REVIEW permission, enabled when the bill's status
 * allows it; Approve and Issue ask first, Return asks for its comment), Download PDF (CP.BL.PRINT) and E-mail
 * (CP.BL.MAIL) for the bill under review.
 */
export function ReviewActions({ bill, onChanged }: { bill: BillOfLading; onChanged: () => void }) {
  const can = useCan();
  const approve = useApproveBillOfLading();
  const issue = useIssueBillOfLading();
  const giveBack = useReturnBillOfLading();
  const print = usePrintBillOfLading();
  const [returnOpened, returnModal] = useDisclosure(false);
  const [mailOpened, mailModal] = useDisclosure(false);
  const [asking, setAsking] = useState<'approve' | 'issue' | null>(null);
  const busy = approve.isPending || issue.isPending || giveBack.isPending;

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toast.success(success);
      onChanged();
      return true;
    } catch (error) {
      reportFailure(error, onChanged);
      return false;
    }
  };

  return (
    <>
      <Group gap="sm" wrap="wrap">
        {can('ADMIN.BL_REVIEW.APPROVE') && (
          <Button disabled={busy || !isLegal('approve', bill)} onClick={() => setAsking('approve')}>
            Approve
          </Button>
        )}
        {can('ADMIN.BL_REVIEW.RETURN') && (
          <Button color="#9a3c00" disabled={busy || !isLegal('return', bill)} onClick={returnModal.open}>
            Return
          </Button>
        )}
        {can('ADMIN.BL_REVIEW.ISSUE') && (
          <Button
            color="#1e6b30"
            disabled={busy || !isLegal('issue', bill)}
            onClick={() => setAsking('issue')}
          >
            Issue
          </Button>
        )}
        {can('CP.BL.PRINT') && (
          <Button
            variant="default"
            loading={print.isPending}
            onClick={async () => {
              try {
                await print.mutateAsync({ id: bill.id, kind: 'draft' });
              } catch (error) {
                reportFailure(error, onChanged);
              }
            }}
          >
            Download PDF
          </Button>
        )}
        {can('CP.BL.MAIL') && (
          <Button variant="default" onClick={mailModal.open}>
            E-mail
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={asking !== null}
        title={ASK[asking ?? 'approve'].title(bill.number)}
        confirmLabel={ASK[asking ?? 'approve'].confirm}
        color={ASK[asking ?? 'approve'].color}
        onConfirm={() =>
          asking === 'issue'
            ? run(() => issue.mutateAsync({ id: bill.id, version: bill.version }), BL_REVIEW_MESSAGES.issued)
            : run(
                () => approve.mutateAsync({ id: bill.id, version: bill.version }),
                BL_REVIEW_MESSAGES.approved,
              )
        }
        onClose={() => setAsking(null)}
      >
        {ASK[asking ?? 'approve'].text}
      </ConfirmDialog>
      <ReturnBillModal
        opened={returnOpened}
        blNumber={bill.number}
        isSubmitting={giveBack.isPending}
        onClose={returnModal.close}
        onSubmit={(comment) =>
          run(
            () => giveBack.mutateAsync({ id: bill.id, version: bill.version, comment }),
            BL_REVIEW_MESSAGES.returned,
          )
        }
      />
      <SendBlMailModal opened={mailOpened} onClose={mailModal.close} blId={bill.id} blNumber={bill.number} />
    </>
  );
}
