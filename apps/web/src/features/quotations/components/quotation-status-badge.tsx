import type { QuotationStatus } from '@lading/contract/quotations';
import { StatusPill } from '../../../components/status-pill';

const COLORS: Record<QuotationStatus, string> = {
  REQUESTED: '#9a3c00',
  QUOTED: '#1864ab',
  ACCEPTED: '#1e6b30',
  REJECTED: '#495057',
  EXPIRED: '#862e9c',
};

export const QuotationStatusBadge = ({ status }: { status: QuotationStatus }) => (
  <StatusPill status={status} color={COLORS[status]} />
);
