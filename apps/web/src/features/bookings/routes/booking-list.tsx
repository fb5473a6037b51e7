import { DEFAULT_PAGE_SIZE } from '@lading/contract/app-info';
import {
  BOOKING_STATUSES,
  type Booking,
  type BookingSort,
  type BookingStatus,
} from '@lading/contract/bookings';
import { Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { PageFrame } from '../../../components/page-frame';
import { RecordList, type RecordListColumn } from '../../../components/record-list';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { useCancelBooking } from '../api/cancel-booking';
import { useBookings } from '../api/find-bookings';
import { type BookingListSearch, parseBookingListSearch } from '../components/booking-list-search';
import { BookingStatusBadge } from '../components/booking-status-badge';

const route = getRouteApi('/portal/app-dashboard/app-booking-list');

const port = (ref: Booking['pol']) => (ref ? `${ref.name} (${ref.code})` : '—');
const lane = (booking: Booking) => `${port(booking.pol)} → ${port(booking.pod)}`;
const equipment = (booking: Booking) =>
  booking.equipment.map((line) => `${line.quantity} × ${line.isoCode}`).join(', ') || '—';
const vesselVoyage = (booking: Booking) =>
  booking.vesselName ? `${booking.vesselName} ${booking.voyageNumber ?? ''}`.trim() : 'Not yet assigned';

/** The bill once the carrier has confirmed, and the containers' VGM declarations (SOLAS) beside it. */
function BillLink({ booking }: { booking: Booking }) {
  return booking.billOfLadingId ? (
    <Group gap="sm" wrap="wrap" component="span">
      <AnchorLink to="/bl_view/$id" params={{ id: String(booking.billOfLadingId) }}>
        Bill of lading
      </AnchorLink>
      <AnchorLink
        to="/app-dashboard/app-vgm/$bookingId"
        params={{ bookingId: String(booking.id) }}
        aria-label={`VGM of booking ${booking.number}`}
      >
        VGM
      </AnchorLink>
    </Group>
  ) : (
    <Text size="sm" c="dimmed" component="span">
      Not yet
    </Text>
  );
}

/** The booking's number, opening its shipment page. */
function ShipmentLink({ booking, size = 'sm' }: { booking: Booking; size?: 'sm' | 'md' }) {
  return (
    <AnchorLink
      to="/app-dashboard/app-shipment/$bookingId"
      params={{ bookingId: String(booking.id) }}
      size={size}
      fw={700}
      aria-label={`Shipment ${booking.number}`}
    >
      {booking.number}
    </AnchorLink>
  );
}

function CancelButton({ booking, onCancel }: { booking: Booking; onCancel: (booking: Booking) => void }) {
  const can = useCan();
  if (booking.status !== 'REQUESTED' || !can('CP.BOOKING.CANCEL')) return null;
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      onClick={() => onCancel(booking)}
      aria-label={`Cancel booking ${booking.number}`}
    >
      Cancel
    </Button>
  );
}

/** A booking on a phone: the same facts as the table's row. */
function bookingCard(booking: Booking, onCancel: (booking: Booking) => void) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ShipmentLink booking={booking} size="md" />
        <BookingStatusBadge status={booking.status} />
      </Group>
      <Text size="sm">{lane(booking)}</Text>
      <Text size="sm">
        {equipment(booking)} · {vesselVoyage(booking)}
      </Text>
      <Text size="xs" c="dimmed">
        ETD {formatDate(booking.etd)} · ETA {formatDate(booking.eta)}
        {booking.quotationNumber ? ` · Quotation ${booking.quotationNumber}` : ''}
      </Text>
      {booking.rejectionReason && <Text size="xs">Reason: {booking.rejectionReason}</Text>}
      <Group justify="space-between">
        <BillLink booking={booking} />
        <CancelButton booking={booking} onCancel={onCancel} />
      </Group>
    </>
  );
}

const SORT_LABELS: Record<BookingSort, string> = {
  createdAt: 'Booked on',
  number: 'Booking No',
  status: 'Status',
  etd: 'ETD',
  eta: 'ETA',
};

function bookingColumns(onCancel: (booking: Booking) => void): RecordListColumn<Booking, BookingSort>[] {
  return [
    {
      label: 'Booking No',
      sort: 'number',
      render: (booking) => (
        <>
          <ShipmentLink booking={booking} />
          {booking.quotationNumber && (
            <Text size="xs" c="dimmed">
              {booking.quotationNumber}
            </Text>
          )}
        </>
      ),
    },
    { label: 'Status', sort: 'status', render: (booking) => <BookingStatusBadge status={booking.status} /> },
    { label: 'Lane', render: lane },
    { label: 'Equipment', render: equipment },
    { label: 'Vessel / Voyage', render: vesselVoyage },
    { label: 'ETD', sort: 'etd', nowrap: true, render: (booking) => formatDate(booking.etd) },
    { label: 'ETA', sort: 'eta', nowrap: true, render: (booking) => formatDate(booking.eta) },
    { label: 'BL', nowrap: true, render: (booking) => <BillLink booking={booking} /> },
    { label: 'Actions', render: (booking) => <CancelButton booking={booking} onCancel={onCancel} /> },
  ];
}

/**
 * app-dashboard/app-booking-list: search by booking number (10 a page) and status; the number opens the booking's
 * shipment page; lane, equipment, vessel/voyage,
 * ETD/ETA, the bill once the carrier has confirmed, and Cancel (after a confirmation) before confirmation. Search, sort and
 * page are kept in the address. Desktops get a table, phones (780 px and below) cards.
 */
export function BookingListPage() {
  const search = parseBookingListSearch(route.useSearch());
  const navigate = route.useNavigate();
  const setSearch = (patch: Partial<BookingListSearch>) =>
    void navigate({ search: { ...search, page: undefined, ...patch }, replace: true });
  const page = search.page ?? 1;
  const [bookingNo, setBookingNo] = useState(search.bookingNo ?? '');
  const applyBookingNo = useDebouncedCallback(
    (value: string) => setSearch({ bookingNo: value.trim() || undefined }),
    300,
  );
  const bookings = useBookings({
    booking_number: search.bookingNo,
    status: search.status,
    sort: search.sort,
    order: search.order,
    skip: (page - 1) * DEFAULT_PAGE_SIZE,
    limit: DEFAULT_PAGE_SIZE,
  });
  const cancel = useCancelBooking();
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const confirmCancel = async (cancelling: Booking) => {
    try {
      const booking = await cancel.mutateAsync(cancelling.id);
      toast.success(`Booking ${booking.number} cancelled`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The booking could not be cancelled.');
    }
  };
  const hasFilters = Boolean(search.bookingNo || search.status);
  const emptyText = hasFilters
    ? 'No bookings match this search.'
    : 'No bookings yet. Accept a quotation to book it.';

  return (
    <PageFrame title="Bookings">
      <Paper withBorder p="md" radius="md" component="search" aria-label="Search bookings">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Booking No"
            value={bookingNo}
            maxLength={40}
            onChange={(event) => {
              setBookingNo(event.currentTarget.value);
              applyBookingNo(event.currentTarget.value);
            }}
          />
          <OnDemandSelect
            label="Status"
            placeholder="Any status"
            clearable
            data={[...BOOKING_STATUSES]}
            value={search.status ?? null}
            onChange={(value) => setSearch({ status: (value as BookingStatus | null) ?? undefined })}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      </Paper>

      <RecordList<Booking, BookingSort>
        label="Bookings"
        query={bookings}
        errorTitle="The bookings could not be loaded"
        noun={['booking', 'bookings']}
        columns={bookingColumns(setCancelling)}
        card={(booking) => bookingCard(booking, setCancelling)}
        rowTestId="booking-row"
        cardTestId="booking-card"
        emptyText={emptyText}
        page={page}
        pageSize={DEFAULT_PAGE_SIZE}
        onPageChange={(next) => void navigate({ search: { ...search, page: next === 1 ? undefined : next } })}
        sort={{
          value: search.sort ?? 'createdAt',
          order: search.order ?? 'desc',
          labels: SORT_LABELS,
          onChange: (sort, order) => setSearch({ sort, order }),
        }}
      />

      <ConfirmDialog
        opened={cancelling !== null}
        title={`Cancel booking ${cancelling?.number ?? ''}?`}
        cancelLabel="Keep booking"
        confirmLabel="Cancel booking"
        color="#c92a2a"
        onConfirm={() => (cancelling ? confirmCancel(cancelling) : undefined)}
        onClose={() => setCancelling(null)}
      >
        The carrier has not confirmed this booking yet. A cancelled booking cannot be reopened: to ship this
        cargo later, make a new rate enquiry.
      </ConfirmDialog>
    </PageFrame>
  );
}
