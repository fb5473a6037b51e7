import type { ReviewQueueItem } from '@lading/contract/bill-of-lading-review';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../../lib/format-date-time';

const port = (code: string | null, name: string | null) => (code ? `${name ?? ''} (${code})`.trim() : '—');

/** The admin work queue: bills awaiting review, the longest-waiting first. */
export function ReviewQueueTable({ items }: { items: readonly ReviewQueueItem[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs">
        <Table.Caption>Bills of lading in UPDATE PENDING, the longest-waiting first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">BL No</Table.Th>
            <Table.Th scope="col">Customer</Table.Th>
            <Table.Th scope="col">POL</Table.Th>
            <Table.Th scope="col">POD</Table.Th>
            <Table.Th scope="col">Updated</Table.Th>
            <Table.Th scope="col">
              <Text span size="sm" fw={700}>
                Action
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((bill) => (
            <Table.Tr key={bill.id}>
              <Table.Th scope="row">{bill.number}</Table.Th>
              <Table.Td>
                <Text size="sm">{bill.ownerPartyName ?? bill.ownerName}</Text>
                <Text size="xs" c="dimmed">
                  {bill.ownerName} · {bill.ownerEmail}
                </Text>
              </Table.Td>
              <Table.Td>{port(bill.polCode, bill.polName)}</Table.Td>
              <Table.Td>{port(bill.podCode, bill.podName)}</Table.Td>
              <Table.Td>{formatDateTime(bill.updatedAt)}</Table.Td>
              <Table.Td>
                <Anchor
                  renderRoot={(props) => (
                    <Link
                      to="/app-dashboard-admin/bl-review/$id"
                      params={{ id: String(bill.id) }}
                      {...props}
                    />
                  )}
                  aria-label={`Review ${bill.number}`}
                >
                  Review
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
