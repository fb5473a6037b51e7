import { zodResolver } from '@hookform/resolvers/zod';
import type { Booking } from '@lading/contract/bookings';
import { RejectBodySchema } from '@lading/contract/quotations';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { TextAreaField } from '../../../components/form/text-fields';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRejectBooking } from '../api/reject-booking';

type RejectForm = { reason: string };

/** Reject a booking with the reason the customer will read (the contract's RejectBodySchema). */
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
  const { control, handleSubmit, reset, setError } = useForm<RejectForm>({
    defaultValues: { reason: '' },
    resolver: zodResolver(RejectBodySchema),
  });
  const close = () => {
    reset({ reason: '' });
    onClose();
  };
  const submit = async ({ reason }: RejectForm) => {
    try {
      const rejected = await reject.mutateAsync({ id: booking.id, reason });
      toast.success(`Booking ${rejected.number} rejected`);
      close();
      onRejected(rejected);
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? applyServerFieldErrors(error.fields, setError, (field) => (field === 'reason' ? 'reason' : null))
          : 0;
      if (placed === 0)
        toast.error(error instanceof ApiError ? error.message : 'The booking could not be rejected.');
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={`Reject booking ${booking.number}`} size="lg" centered>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <Stack gap={4}>
          <Text size="sm" mb="xs">
            The customer sees this reason with the booking. A rejected booking cannot be confirmed later.
          </Text>
          <TextAreaField
            control={control}
            name="reason"
            label="Reason"
            required
            maxLength={1000}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep booking
            </Button>
            <Button type="submit" color="#c92a2a" loading={reject.isPending}>
              Reject booking
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
