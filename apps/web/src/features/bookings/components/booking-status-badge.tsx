import type { BookingStatus } from '@lading/contract/bookings';
import { StatusPill } from '../../../components/status-pill';

const COLORS: Record<BookingStatus, string> = {
  REQUESTED: '#9a3c00',
  CONFIRMED: '#1864ab',
  REJECTED: '#c92a2a',
  CANCELLED: '#495057',
  COMPLETED: '#1e6b30',
};

export const BookingStatusBadge = ({ status }: { status: BookingStatus }) => (
  <StatusPill status={status} color={COLORS[status]} />
);
