import { zodResolver } from '@hookform/resolvers/zod';
import { type Quotation, RejectBodySchema } from '@lading/contract/quotations';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { TextAreaField } from '../../../components/form/text-fields';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRejectQuotation } from '../api/reject-quotation';

type RejectForm = { reason: string };

/** Reject a quotation: the reason is required (the contract's RejectBodySchema) and kept with the quotation. */
export function RejectQuotationModal({
  quotation,
  opened,
  onClose,
  onRejected,
}: {
  quotation: { id: number; number: string };
  opened: boolean;
  onClose: () => void;
  /** The quotation as the server now has it (REJECTED, with the reason). */
  onRejected?: (quotation: Quotation) => void;
}) {
  const reject = useRejectQuotation();
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
      onRejected?.(await reject.mutateAsync({ id: quotation.id, reason }));
      toast.success(`Quotation ${quotation.number} rejected`);
      close();
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? applyServerFieldErrors(error.fields, setError, (field) => (field === 'reason' ? 'reason' : null))
          : 0;
      if (placed === 0)
        toast.error(error instanceof ApiError ? error.message : 'The quotation could not be rejected.');
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={`Reject quotation ${quotation.number}`} size="lg" centered>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <Stack gap={4}>
          <Text size="sm" mb="xs">
            Tell us why, so we can offer better next time. A rejected quotation can no longer be booked.
          </Text>
          <TextAreaField
            control={control}
            name="reason"
            label="Reason"
            required
            minRows={3}
            maxLength={1000}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep quotation
            </Button>
            <Button type="submit" color="#c92a2a" loading={reject.isPending}>
              Reject quotation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
