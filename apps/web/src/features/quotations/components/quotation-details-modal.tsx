import type { Quotation } from '@lading/contract/quotations';
import { Modal } from '@mantine/core';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { QuotationSummary } from './quotation-summary';

/** "Quotation details": the quotation's summary with its actions; full screen on a phone. */
export function QuotationDetailsModal({
  quotation,
  opened,
  onClose,
  onReject,
}: {
  quotation: Quotation | null;
  opened: boolean;
  onClose: () => void;
  onReject: (quotation: Quotation) => void;
}) {
  const isPhone = usePhoneLayout();
  return (
    <Modal opened={opened} onClose={onClose} title="Quotation details" size="xl" fullScreen={isPhone}>
      {quotation && <QuotationSummary quotation={quotation} onReject={() => onReject(quotation)} />}
    </Modal>
  );
}
