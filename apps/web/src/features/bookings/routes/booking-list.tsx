import { DEFAULT_PAGE_SIZE } from '@lading/contract/app-info';
import { BOOKING_STATUSES, type Booking, type BookingStatus } from '@lading/contract/bookings';
import {
  Alert,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { toast } from '../../../lib/toast';
import { useCancelBooking } from '../api/cancel-booking';
import { useBookings } from '../api/find-bookings';
import type { BookingListSearch } from '../components/booking-list-search';
import { BookingStatusBadge } from '../components/booking-status-badge';
import classes from './booking-list.module.css';

const route = getRouteApi('/portal/app-dashboard/app-booking-list');

const port = (ref: Booking['pol']) => (ref ? `${ref.name} (${ref.code})` : '—');
const lane = (booking: Booking) => `${port(booking.pol)} → ${port(booking.pod)}`;
const equipment = (booking: Booking) =>
  booking.equipment.map((line) => `${line.quantity} × ${line.isoCode}`).join(', ') || '—';
const vesselVoyage = (booking: Booking) =>
  booking.vesselName ? `${booking.vesselName} ${booking.voyageNumber ?? ''}`.trim() : 'Not yet assigned';

function BillLink({ booking }: { booking: Booking }) {
  return booking.billOfLadingId ? (
    <AnchorLink to="/bl_view/$id" params={{ id: String(booking.billOfLadingId) }}>
      Bill of lading
    </AnchorLink>
  ) : (
    <Text size="sm" c="dimmed" component="span">
      Not yet
    </Text>
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

function BookingCard({ booking, onCancel }: { booking: Booking; onCancel: (booking: Booking) => void }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" className={classes.card} data-testid="booking-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>{booking.number}</Text>
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
      </Stack>
    </Paper>
  );
}

/**
 * app-dashboard/app-booking-list: search by booking number (10 a page) and status; lane, equipment, vessel/voyage,
 * ETD/ETA, the bill once the carrier has confirmed, and Cancel (after a confirmation) before confirmation. Search and
 * page are kept in the address. Desktops get a table, phones (780 px and below) cards.
 */
export function BookingListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const setSearch = (patch: Partial<BookingListSearch>) =>
    void navigate({ search: { ...search, page: undefined, ...patch }, replace: true });
  const isPhone = usePhoneLayout();
  const page = search.page ?? 1;
  const [bookingNo, setBookingNo] = useState(search.bookingNo ?? '');
  const applyBookingNo = useDebouncedCallback(
    (value: string) => setSearch({ bookingNo: value.trim() || undefined }),
    300,
  );
  const { data, isError, isFetching, refetch } = useBookings({
    booking_number: search.bookingNo,
    status: search.status,
    skip: (page - 1) * DEFAULT_PAGE_SIZE,
    limit: DEFAULT_PAGE_SIZE,
  });
  const cancel = useCancelBooking();
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      const booking = await cancel.mutateAsync(cancelling.id);
      toast.success(`Booking ${booking.number} cancelled`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The booking could not be cancelled.');
    }
    setCancelling(null);
  };
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / DEFAULT_PAGE_SIZE));
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
          <Select
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

      {isError ? (
        <Alert color="red" title="The bookings could not be loaded">
          <Button size="xs" variant="white" color="red" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : isPhone ? (
        <Stack gap="sm" component="ul" className={classes.cards} aria-busy={isFetching} aria-label="Bookings">
          {data?.results.map((booking) => (
            <BookingCard key={booking.id} booking={booking} onCancel={setCancelling} />
          ))}
          {data && data.results.length === 0 && (
            <Text component="li" ta="center" c="dimmed" py="lg" className={classes.card}>
              {emptyText}
            </Text>
          )}
        </Stack>
      ) : (
        <div className={classes.scroller}>
          <Table striped highlightOnHover withTableBorder aria-busy={isFetching} aria-label="Bookings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Booking No</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Lane</Table.Th>
                <Table.Th scope="col">Equipment</Table.Th>
                <Table.Th scope="col">Vessel / Voyage</Table.Th>
                <Table.Th scope="col">ETD</Table.Th>
                <Table.Th scope="col">ETA</Table.Th>
                <Table.Th scope="col">BL</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.results.map((booking) => (
                <Table.Tr key={booking.id} data-testid="booking-row">
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {booking.number}
                    </Text>
                    {booking.quotationNumber && (
                      <Text size="xs" c="dimmed">
                        {booking.quotationNumber}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <BookingStatusBadge status={booking.status} />
                  </Table.Td>
                  <Table.Td>{lane(booking)}</Table.Td>
                  <Table.Td>{equipment(booking)}</Table.Td>
                  <Table.Td>{vesselVoyage(booking)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDate(booking.etd)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDate(booking.eta)}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <BillLink booking={booking} />
                  </Table.Td>
                  <Table.Td>
                    <CancelButton booking={booking} onCancel={setCancelling} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {data && data.results.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={9}>
                    <Text ta="center" c="dimmed" py="lg">
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {data ? `${data.count} booking${data.count === 1 ? '' : 's'}` : ''}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            siblings={isPhone ? 0 : 1}
            onChange={(next) => void navigate({ search: { ...search, page: next === 1 ? undefined : next } })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        )}
      </Group>

      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={cancelling ? `Cancel booking ${cancelling.number}?` : ''}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            The carrier has not confirmed this booking yet. A cancelled booking cannot be reopened: to ship
            this cargo later, make a new rate enquiry.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)}>
              Keep booking
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => void confirmCancel()}>
              Cancel booking
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageFrame>
  );
}
