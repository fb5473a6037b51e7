import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { downloadBlob } from '../../../lib/download';
import { useCan } from '../../../lib/permissions';
import { usePrintBillOfLading } from '../api/print-bill-of-lading';
import { SendBlMailModal } from './send-bl-mail-modal';

/** Download the PDF (CP.BL.PRINT) and e-mail it (CP.BL.MAIL): on the list's rows (compact) and on the edit screen. */
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
  const [mailOpened, mail] = useDisclosure(false);
  const size = compact ? 'compact-xs' : 'sm';
  const canPrint = can('CP.BL.PRINT');
  const canMail = can('CP.BL.MAIL');
  if (!canPrint && !canMail) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {canPrint && (
        <Button
          size={size}
          variant="light"
          aria-label={`Download PDF of ${bill.number}`}
          loading={print.isPending}
          onClick={async () => {
            try {
              const { blob, filename } = await print.mutateAsync({ id: bill.id, kind: 'draft' });
              downloadBlob(blob, filename);
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
      {mailOpened && (
        <SendBlMailModal
          opened={mailOpened}
          onClose={mail.close}
          blId={bill.id}
          blNumber={bill.number}
          defaultTo={defaultTo}
        />
      )}
    </Group>
  );
}
