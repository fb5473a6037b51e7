import type { ReviewRow } from '@lading/contract/bill-of-lading-review';
import { Badge, Group, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { displayValue, fieldLabel } from './review-format';

/** Approved content against the current one, field by field; changed rows are highlighted and say so in words. */
export function ReviewComparisonTable({
  rows,
  baseline,
}: {
  rows: readonly ReviewRow[];
  baseline: 'approved' | 'reconstructed';
}) {
  const changed = rows.filter((row) => row.isChanged).length;
  const [onlyChanged, setOnlyChanged] = useState(false);
  const shown = onlyChanged ? rows.filter((row) => row.isChanged) : rows;
  const approvedHeading = baseline === 'approved' ? 'Approved' : 'Before the customer’s changes';
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {changed === 0 ? 'No changes since the last approved version.' : `${changed} field(s) changed.`}
          {baseline === 'reconstructed' &&
            ' Never approved yet: compared with the content before the first change.'}
        </Text>
        <Switch
          label="Show changed fields only"
          checked={onlyChanged}
          onChange={(event) => setOnlyChanged(event.currentTarget.checked)}
        />
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table withTableBorder withColumnBorders verticalSpacing={6} layout="fixed">
          <Table.Caption>Side by side: {approvedHeading.toLowerCase()} and current content</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w="26%">
                Field
              </Table.Th>
              <Table.Th scope="col">{approvedHeading}</Table.Th>
              <Table.Th scope="col">Current</Table.Th>
              <Table.Th scope="col" w={110}>
                Changed
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr
                key={row.field}
                data-changed={row.isChanged || undefined}
                bg={row.isChanged ? 'var(--mantine-color-yellow-1)' : undefined}
              >
                <Table.Th scope="row" fw={row.isChanged ? 700 : 500}>
                  {fieldLabel(row.field)}
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {row.isChanged ? (
                    <del>{displayValue(row.approved, row.field)}</del>
                  ) : (
                    displayValue(row.approved, row.field)
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {row.isChanged ? (
                    <ins>{displayValue(row.current, row.field)}</ins>
                  ) : (
                    displayValue(row.current, row.field)
                  )}
                </Table.Td>
                <Table.Td>
                  {row.isChanged ? (
                    <Badge color="#9a3c00" variant="filled" radius="sm">
                      Changed
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      No
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
