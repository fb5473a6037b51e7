import type { Booking } from '@lading/contract/bookings';
import { RejectModal } from '../../../components/reject-modal';
import { useRejectBooking } from '../api/reject-booking';

/** Carrier staff reject a booking with the reason the customer will read. */
export function RejectBookingModal({
  booking,
  opened,
  onClose,
  onRejected,
}: {
  booking: Pick<Booking, 'id' | 'number'>;
  opened: boolean;
  onClose: () => void;
  onRejected: (booking: Booking) => void;
}) {
  const reject = useRejectBooking();
  return (
    <RejectModal
      noun="booking"
      record={booking}
      opened={opened}
      onClose={onClose}
      explanation="The customer sees this reason with the booking. A rejected booking cannot be confirmed later."
      reject={reject.mutateAsync}
      pending={reject.isPending}
      onRejected={onRejected}
    />
  );
}
