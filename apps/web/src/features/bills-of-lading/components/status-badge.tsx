import type { BlStatus } from '@lading/contract/bills-of-lading';
import { Badge } from '@mantine/core';
import classes from './status-badge.module.css';

/** Filled with dark shades: white text stays above 4.5:1 contrast on every one. */
const COLORS: Record<BlStatus, string> = {
  DRAFT: '#495057',
  'UPDATE PENDING': '#9a3c00',
  APPROVED: '#1864ab',
  ISSUED: '#1e6b30',
  SURRENDERED: '#862e9c',
};

export function StatusBadge({ status }: { status: BlStatus }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="filled"
      radius="sm"
      classNames={{ root: classes.root, label: classes.label }}
      data-testid="status-badge"
    >
      {status}
    </Badge>
  );
}
