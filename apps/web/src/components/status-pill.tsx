import { Badge } from '@mantine/core';
import classes from './status-pill.module.css';

/**
 * A status shown whole (never shrunk or cut) on a dark fill that keeps white text above 4.5:1 contrast. Each
 * feature maps its statuses to a colour.
 */
export function StatusPill({ status, color }: { status: string; color: string }) {
  return (
    <Badge
      color={color}
      variant="filled"
      radius="sm"
      classNames={{ root: classes.root, label: classes.label }}
      data-testid="status-badge"
    >
      {status}
    </Badge>
  );
}
