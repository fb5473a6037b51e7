import type { BlHistoryEntry } from '@lading/contract/bill-of-lading-review';
import { List, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../../lib/format-date-time';
import { displayValue, fieldLabel } from './review-format';

const ACTIONS: Record<string, string> = {
  CREATED: 'Created',
  UPDATED: 'Updated by the customer',
  APPROVED: 'Approved',
  RETURNED: 'Returned to the customer',
  ISSUED: 'Issued',
  PRINTED: 'Printed',
  MAILED: 'E-mailed',
};

/** Every change and transition of the bill, newest first: who, when, what, before and after. */
export function ReviewHistoryList({ entries }: { entries: readonly BlHistoryEntry[] }) {
  const newestFirst = [...entries].reverse();
  return (
    <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="History">
      {newestFirst.map((entry) => (
        <Paper component="li" key={entry.id} withBorder p="sm" radius="sm">
          <Text size="sm" fw={600}>
            {ACTIONS[entry.action] ?? entry.action}
            {entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus
              ? ` · ${entry.fromStatus} → ${entry.toStatus}`
              : ''}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.actorName ?? 'System'} ·
            version {entry.version}
          </Text>
          {entry.comment && (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
              {entry.comment}
            </Text>
          )}
          {entry.changes.length > 0 && (
            <List size="sm" mt={4} spacing={2}>
              {entry.changes.map((change) => (
                <List.Item key={change.field}>
                  {fieldLabel(change.field)}: {displayValue(change.before, change.field)} →{' '}
                  {displayValue(change.after, change.field)}
                </List.Item>
              ))}
            </List>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
