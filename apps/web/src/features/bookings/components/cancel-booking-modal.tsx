import type { Booking } from '@lading/contract/bookings';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Asks before cancelling a booking the carrier has not confirmed yet (open while `booking` is set). */
export function CancelBookingModal({
  booking,
  pending,
  onKeep,
  onCancel,
}: {
  booking: Booking | null;
  /** The cancellation is on its way. */
  pending: boolean;
  onKeep: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={booking !== null}
      onClose={onKeep}
      title={booking ? `Cancel booking ${booking.number}?` : ''}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          The carrier has not confirmed this booking yet. A cancelled booking cannot be reopened: to ship this
          cargo later, make a new rate enquiry.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep}>
            Keep booking
          </Button>
          <Button color="red" loading={pending} onClick={onCancel}>
            Cancel booking
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
