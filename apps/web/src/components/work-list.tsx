import { Box, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhoneLayout } from '../lib/phone-layout';

export type WorkListColumn<T> = {
  label: string;
  render: (item: T) => ReactNode;
  /**
   * The row's buttons: headed by `label` in the table, shown without it on a phone's card (each button's own name
   * says what it does and to which row).
   */
  actions?: boolean;
};

/**
 * A desk's work list: a table on wide screens; on phones one card per request with the same labels, so nothing
 * scrolls sideways. The first column names the request (it holds the link that opens it).
 */
export function WorkList<T extends { id: number }>({
  caption,
  items,
  columns,
}: {
  caption: string;
  items: readonly T[];
  columns: readonly WorkListColumn<T>[];
}) {
  const isPhone = usePhoneLayout();
  if (isPhone)
    return (
      <Stack gap="xs" component="ul" aria-label={caption} p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Paper component="li" key={item.id} withBorder p="sm" radius="md">
            <Stack gap={4}>
              {columns.map((column) =>
                column.actions ? (
                  <Box key={column.label} pt={4}>
                    {column.render(item)}
                  </Box>
                ) : (
                  <Text size="sm" key={column.label} component="div">
                    <Text span size="xs" c="dimmed" fw={600} tt="uppercase">
                      {column.label}:
                    </Text>{' '}
                    {column.render(item)}
                  </Text>
                ),
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table striped highlightOnHover verticalSpacing="xs">
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} className="visually-hidden">
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.label} scope="col">
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            {columns.map((column) => (
              <Table.Td key={column.label}>{column.render(item)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
