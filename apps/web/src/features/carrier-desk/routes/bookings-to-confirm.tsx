import type { Booking } from '@lading/contract/bookings';
import { AnchorLink } from '../../../components/anchor-link';
import type { WorkListColumn } from '../../../components/work-list';
import { formatDate } from '../../../lib/format';
import { useBookingsToConfirm } from '../api/find-bookings-to-confirm';
import { customerLabel, equipmentLabel, laneLabel } from '../components/desk-facts';
import { WorkListPage } from '../components/work-list-page';

const COLUMNS: WorkListColumn<Booking>[] = [
  {
    label: 'Booking',
    render: (booking) => (
      <AnchorLink
        to="/app-dashboard-admin/bookings-to-confirm/$id"
        params={{ id: String(booking.id) }}
        fw={600}
      >
        {booking.number}
      </AnchorLink>
    ),
  },
  { label: 'Customer', render: (booking) => customerLabel(booking.customer) },
  { label: 'Lane', render: (booking) => laneLabel(booking.pol, booking.pod) },
  { label: 'Equipment', render: (booking) => equipmentLabel(booking.equipment) },
  { label: 'Cargo type', render: (booking) => booking.cargoType ?? '—' },
  { label: 'Quotation', render: (booking) => booking.quotationNumber ?? '—' },
  { label: 'Requested', render: (booking) => formatDate(booking.createdAt) },
];

/** Bookings waiting for a sailing and containers (REQUESTED), oldest first. */
export function BookingsToConfirmPage() {
  return (
    <WorkListPage
      title="Bookings to confirm"
      intro="Accepted quotations waiting for a vessel and containers. Oldest first."
      list={useBookingsToConfirm()}
      columns={COLUMNS}
      loadError="Could not load the bookings"
      empty="Nothing to confirm: no booking is waiting."
    />
  );
}
