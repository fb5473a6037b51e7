import type { Booking } from '@lading/contract/bookings';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { WorkList, type WorkListColumn } from '../../../components/work-list';
import { formatDate } from '../../../lib/format';
import { useBookingsToConfirm } from '../api/find-bookings-to-confirm';
import { equipmentLabel, laneLabel } from '../components/desk-facts';

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
  { label: 'Lane', render: (booking) => laneLabel(booking.pol, booking.pod) },
  { label: 'Equipment', render: (booking) => equipmentLabel(booking.equipment) },
  { label: 'Cargo type', render: (booking) => booking.cargoType ?? '—' },
  { label: 'Quotation', render: (booking) => booking.quotationNumber ?? '—' },
  { label: 'Requested', render: (booking) => formatDate(booking.createdAt) },
];

/** Bookings waiting for a sailing and containers (REQUESTED), oldest first. */
export function BookingsToConfirmPage() {
  const list = useBookingsToConfirm();
  return (
    <PageFrame
      title="Bookings to confirm"
      actions={
        <AnchorLink to="/app-dashboard-admin" size="sm">
          Back to the admin dashboard
        </AnchorLink>
      }
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm">Accepted quotations waiting for a vessel and containers. Oldest first.</Text>
            <Button variant="default" size="xs" onClick={() => void list.refetch()} loading={list.isFetching}>
              Refresh
            </Button>
          </Group>
          {list.isPending && <Skeleton height={120} />}
          {list.isError && (
            <Alert color="red" title="Could not load the bookings">
              Please try again in a moment.
            </Alert>
          )}
          {list.data && list.data.results.length === 0 && (
            <Text c="dimmed">Nothing to confirm: no booking is waiting.</Text>
          )}
          {list.data && list.data.results.length > 0 && (
            <>
              <WorkList caption="Bookings to confirm" items={list.data.results} columns={COLUMNS} />
              {list.data.count > list.data.results.length && (
                <Text size="sm" c="dimmed">
                  Showing the oldest {list.data.results.length} of {list.data.count}.
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </PageFrame>
  );
}
