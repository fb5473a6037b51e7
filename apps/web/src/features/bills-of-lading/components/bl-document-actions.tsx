import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useCan } from '../../../lib/permissions';
import { useDcsaJson } from '../api/download-dcsa-json';
import { usePrintBillOfLading } from '../api/print-bill-of-lading';

/** The mail form (its modal, form and schema) is fetched when it is first opened, not with the list or the bill. */
const SendBlMailModal = lazy(() =>
  import('./send-bl-mail-modal').then((module) => ({ default: module.SendBlMailModal })),
);

/**
 * Download the PDF (CP.BL.PRINT), e-mail it (CP.BL.MAIL) and download the bill as DCSA eBL 3.0.3 JSON (anyone who
 * sees the bill): on the list's rows (compact) and on the edit screen.
 */
export function BlDocumentActions({
  bill,
  compact = false,
  defaultTo,
}: {
  bill: { id: number; number: string };
  compact?: boolean;
  defaultTo?: string[];
}) {
  const can = useCan();
  const print = usePrintBillOfLading();
  const dcsa = useDcsaJson();
  const [mailOpened, mail] = useDisclosure(false);
  const size = compact ? 'compact-xs' : 'sm';
  const canPrint = can('CP.BL.PRINT');
  const canMail = can('CP.BL.MAIL');
  return (
    <Group gap="xs" wrap="wrap">
      {canPrint && (
        <Button
          size={size}
          variant="light"
          aria-label={`Download PDF of ${bill.number}`}
          loading={print.isPending}
          onClick={async () => {
            try {
              await print.mutateAsync({ id: bill.id, kind: 'draft' });
            } catch {
              // A failed call releases the overlay without a message (specification section 4).
            }
          }}
        >
          PDF
        </Button>
      )}
      {canMail && (
        <Button size={size} variant="light" aria-label={`E-mail ${bill.number}`} onClick={mail.open}>
          E-mail
        </Button>
      )}
      <Button
        size={size}
        variant="light"
        aria-label={`Download DCSA JSON of ${bill.number}`}
        loading={dcsa.isPending}
        onClick={async () => {
          try {
            await dcsa.mutateAsync({ id: bill.id });
          } catch {
            // As for the PDF: a failed call releases the overlay without a message.
          }
        }}
      >
        {compact ? 'DCSA JSON' : 'Download DCSA JSON'}
      </Button>
      {mailOpened && (
        <Suspense fallback={null}>
          <SendBlMailModal
            opened={mailOpened}
            onClose={mail.close}
            blId={bill.id}
            blNumber={bill.number}
            defaultTo={defaultTo}
          />
        </Suspense>
      )}
    </Group>
  );
}
