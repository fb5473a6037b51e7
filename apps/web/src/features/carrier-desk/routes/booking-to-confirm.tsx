import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { QueryStatus } from '../../../components/query-status';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useBooking } from '../api/get-booking';
import { ConfirmBookingForm } from '../components/confirm-booking-form';
import { customerLabel, equipmentLineLabel, Fact, laneLabel } from '../components/desk-facts';
import { RejectBookingModal } from '../components/reject-booking-modal';

const BackLink = () => (
  <AnchorLink to="/app-dashboard-admin/bookings-to-confirm" size="sm">
    Back to bookings to confirm
  </AnchorLink>
);

/** The created bill of lading draft: the review screen for holders of ADMIN.BL_REVIEW.VIEW, else the bill itself. */
function BillLink({ billOfLadingId }: { billOfLadingId: number }) {
  const can = useCan();
  return can('ADMIN.BL_REVIEW.VIEW') ? (
    <AnchorLink to="/app-dashboard-admin/bl-review/$id" params={{ id: String(billOfLadingId) }} fw={600}>
      Open the bill of lading draft
    </AnchorLink>
  ) : (
    <AnchorLink to="/bl_view/$id" params={{ id: String(billOfLadingId) }} fw={600}>
      Open the bill of lading draft
    </AnchorLink>
  );
}

/**
 * One booking: the booked equipment and, for holders of the permissions, Confirm (with containers) and Reject; a link
 * to its shipment page (plan, deadlines, documents, log; where staff roll it over or accept its SI or VGM late).
 */
export function BookingToConfirmPage({ id }: { id: number }) {
  const booking = useBooking(id);
  const can = useCan();
  const [rejecting, setRejecting] = useState(false);
  const [billOfLadingId, setBillOfLadingId] = useState<number | null>(null);
  if (booking.isPending || booking.isError)
    return (
      <PageFrame title="Confirm booking" actions={<BackLink />}>
        <QueryStatus
          query={booking}
          skeletonHeight={240}
          errorTitle="Could not load the booking"
          errorText="Please try again in a moment."
          notFoundText="There is no booking with this id in your office."
        />
      </PageFrame>
    );
  const data = booking.data;
  const bill = billOfLadingId ?? data.billOfLadingId;
  return (
    <PageFrame title={`Booking ${data.number}`} actions={<BackLink />}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text fw={600}>Status</Text>
              <Badge color="#1b2a41" variant="filled" radius="sm" data-testid="booking-status">
                {data.status}
              </Badge>
            </Group>
            <Group gap="sm" wrap="wrap">
              {can('CP.BOOKING.VIEW') && (
                <AnchorLink
                  to="/app-dashboard/app-shipment/$bookingId"
                  params={{ bookingId: String(data.id) }}
                  size="sm"
                  data-testid="shipment-link"
                >
                  Shipment page
                </AnchorLink>
              )}
              {data.status === 'REQUESTED' && can('ADMIN.BOOKING.REJECT') && (
                <Button variant="outline" color="#c92a2a" onClick={() => setRejecting(true)}>
                  Reject booking
                </Button>
              )}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Fact label="Customer">{customerLabel(data.customer)}</Fact>
            <Fact label="Lane">{laneLabel(data.pol, data.pod)}</Fact>
            <Fact label="Booked equipment">
              {data.equipment.map((line) => (
                <div key={`${line.isoCode}-${line.quantity}-${line.weightPerUnit}`}>
                  {equipmentLineLabel(line)}
                </div>
              ))}
            </Fact>
            <Fact label="Cargo type">{data.cargoType}</Fact>
            <Fact label="Quotation">{data.quotationNumber}</Fact>
            <Fact label="Requested">{formatDate(data.createdAt)}</Fact>
            {data.vesselName && (
              <Fact label="Vessel / voyage">
                {data.vesselName} / {data.voyageNumber}
              </Fact>
            )}
            {data.etd && (
              <Fact label="ETD / ETA">
                {formatDate(data.etd)} / {formatDate(data.eta)}
              </Fact>
            )}
          </SimpleGrid>
          {data.rejectionReason && (
            <Alert color="yellow" title="Rejected">
              {data.rejectionReason}
            </Alert>
          )}
        </Stack>
      </Paper>
      {bill !== null && (
        <Alert color="green" title="Confirmed: bill of lading draft created" role="status">
          <Stack gap={4}>
            <Text size="sm">The customer completes the draft and submits it for review.</Text>
            <BillLink billOfLadingId={bill} />
          </Stack>
        </Alert>
      )}
      {data.status === 'REQUESTED' && can('ADMIN.BOOKING.CONFIRM') && (
        <ConfirmBookingForm
          booking={data}
          onConfirmed={(result) => {
            setBillOfLadingId(result.billOfLadingId);
            void booking.refetch();
          }}
        />
      )}
      <RejectBookingModal
        booking={data}
        opened={rejecting}
        onClose={() => setRejecting(false)}
        onRejected={() => void booking.refetch()}
      />
    </PageFrame>
  );
}

/** `/app-dashboard-admin/bookings-to-confirm/$id` (lazy-loaded with its page). */
export function BookingToConfirmRoute() {
  const { id } = useParams({ from: '/portal/app-dashboard-admin/bookings-to-confirm/$id' });
  return <BookingToConfirmPage key={id} id={Number(id)} />;
}
