import type { BillOfLadingListItem } from '@lading/contract/bills-of-lading';
import { Group } from '@mantine/core';
import { AnchorLink } from '../../../components/anchor-link';
import { useCan } from '../../../lib/permissions';
import { BlDocumentActions } from './bl-document-actions';

/**
 * Per row: open the bill ("Open" for those who may edit it, "View" for read-only users such as carrier staff), its
 * booking's shipment page, the carrier's review screen for reviewers, download its PDF, e-mail it.
 */
export function BlRowActions({ bill }: { bill: BillOfLadingListItem }) {
  const can = useCan();
  const verb = can('CP.BL.EDIT') ? 'Open' : 'View';
  return (
    <Group gap="xs" wrap="wrap">
      <AnchorLink
        to="/bl_view/$id"
        params={{ id: String(bill.id) }}
        size="sm"
        aria-label={`${verb} ${bill.number}`}
      >
        {verb}
      </AnchorLink>
      {bill.bookingId !== null && (
        <AnchorLink
          to="/app-dashboard/app-shipment/$bookingId"
          params={{ bookingId: String(bill.bookingId) }}
          size="sm"
          aria-label={`Shipment of ${bill.number}`}
        >
          Shipment
        </AnchorLink>
      )}
      {can('ADMIN.BL_REVIEW.VIEW') && (
        <AnchorLink
          to="/app-dashboard-admin/bl-review/$id"
          params={{ id: String(bill.id) }}
          size="sm"
          aria-label={`Review ${bill.number}`}
        >
          Review
        </AnchorLink>
      )}
      <BlDocumentActions bill={bill} compact />
    </Group>
  );
}
