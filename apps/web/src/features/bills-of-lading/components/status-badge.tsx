import type { BlStatus } from '@lading/contract/bills-of-lading';
import { PlainBadge } from '../../../components/plain-badge';
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
    <PlainBadge
      color={COLORS[status]}
      radius="sm"
      className={classes.root}
      labelClassName={classes.label}
      data-testid="status-badge"
    >
      {status}
    </PlainBadge>
  );
}
