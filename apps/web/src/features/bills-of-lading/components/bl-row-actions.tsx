import type { BillOfLadingListItem } from '@lading/contract/bills-of-lading';
import { Group } from '@mantine/core';
import { AnchorLink } from '../../../components/anchor-link';
import { BlDocumentActions } from './bl-document-actions';

/** Per row: open the bill, download its PDF, e-mail it. */
export function BlRowActions({ bill }: { bill: BillOfLadingListItem }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <AnchorLink
        to="/bl_view/$id"
        params={{ id: String(bill.id) }}
        size="sm"
        aria-label={`Open ${bill.number}`}
      >
        Open
      </AnchorLink>
      <BlDocumentActions bill={bill} compact />
    </Group>
  );
}
