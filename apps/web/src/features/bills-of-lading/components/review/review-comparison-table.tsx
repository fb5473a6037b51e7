import type { ReviewRow } from '@lading/contract/bill-of-lading-review';
import { Badge, Group, Switch, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import classes from './review-comparison-table.module.css';
import { displayValue, fieldLabel } from './review-format';

/*
 * The roles below repeat the elements' own on purpose: on phones the table is laid out as stacked cards
 * (display: block, review-comparison-table.module.css), and a browser may drop a table's semantics with its display;
 * stated roles keep rows, row headers and column headers for screen readers.
 */

/** A value cell: the column's name (shown on phones only, the header row being out of sight there), then the value. */
function ValueCell({ column, children }: { column: string; children: ReactNode }) {
  return (
    <Table.Td role="cell" className={classes.value}>
      <span className={classes.cellLabel} aria-hidden="true">
        {column}
      </span>
      {children}
    </Table.Td>
  );
}

/**
 * Approved content against the current one, field by field; changed rows are highlighted and say so in words. Wider
 * screens show a table (in a scroll region a keyboard can reach); phones stack each field with both values.
 */
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
  const caption = `Side by side: ${approvedHeading.toLowerCase()} and current content`;
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
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region is reached with Tab to scroll it by keyboard (axe scrollable-region-focusable). */}
      <section className={classes.scroller} tabIndex={0} aria-label={caption} data-testid="review-comparison">
        <Table
          role="table"
          className={classes.table}
          withTableBorder
          withColumnBorders
          verticalSpacing={6}
          layout="fixed"
        >
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead role="rowgroup">
            <Table.Tr role="row">
              <Table.Th scope="col" role="columnheader" w="26%">
                Field
              </Table.Th>
              <Table.Th scope="col" role="columnheader">
                {approvedHeading}
              </Table.Th>
              <Table.Th scope="col" role="columnheader">
                Current
              </Table.Th>
              <Table.Th scope="col" role="columnheader" w={110}>
                Changed
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody role="rowgroup">
            {shown.map((row) => (
              <Table.Tr
                key={row.field}
                role="row"
                data-changed={row.isChanged || undefined}
                bg={row.isChanged ? 'var(--mantine-color-yellow-1)' : undefined}
              >
                <Table.Th scope="row" role="rowheader" fw={row.isChanged ? 700 : 500}>
                  {fieldLabel(row.field)}
                </Table.Th>
                <ValueCell column={approvedHeading}>
                  {row.isChanged ? (
                    <del>{displayValue(row.approved, row.field)}</del>
                  ) : (
                    displayValue(row.approved, row.field)
                  )}
                </ValueCell>
                <ValueCell column="Current">
                  {row.isChanged ? (
                    <ins>{displayValue(row.current, row.field)}</ins>
                  ) : (
                    displayValue(row.current, row.field)
                  )}
                </ValueCell>
                <Table.Td role="cell">
                  {row.isChanged ? (
                    <Badge color="#9a3c00" variant="filled" radius="sm">
                      Changed
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Not changed
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
    </>
  );
}
