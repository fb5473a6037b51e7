import type { Quotation } from '@lading/contract/quotations';
import { RejectModal } from '../../../components/reject-modal';
import { useRejectQuotation } from '../api/reject-quotation';

/** The customer rejects a quotation with a reason, kept with the quotation. */
export function RejectQuotationModal({
  quotation,
  opened,
  onClose,
  onRejected,
}: {
  quotation: { id: number; number: string };
  opened: boolean;
  onClose: () => void;
  /** The quotation as the server now has it (REJECTED, with the reason). */
  onRejected?: (quotation: Quotation) => void;
}) {
  const reject = useRejectQuotation();
  return (
    <RejectModal
      noun="quotation"
      record={quotation}
      opened={opened}
      onClose={onClose}
      explanation="Tell us why, so we can offer better next time. A rejected quotation can no longer be booked."
      reject={reject.mutateAsync}
      pending={reject.isPending}
      onRejected={onRejected}
    />
  );
}
