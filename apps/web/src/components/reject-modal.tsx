import { zodResolver } from '@hookform/resolvers/zod';
import { RejectBodySchema } from '@lading/contract/quotations';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { ApiError } from '../lib/api-client';
import { toast } from '../lib/toast';
import { applyServerFieldErrors } from './form/server-errors';
import { TextAreaField } from './form/textarea-field';

type RejectForm = { reason: string };

/**
 * Reject a quotation or a booking with a reason (required: the contract's RejectBodySchema). The server's field
 * error lands on the reason; any other failure is a toast. `reject` sends it; `onRejected` gets the server's answer.
 */
export function RejectModal<T>({
  noun,
  record,
  opened,
  onClose,
  explanation,
  reject,
  pending,
  onRejected,
}: {
  /** 'quotation' or 'booking': the title, the buttons and the messages name it. */
  noun: string;
  record: { id: number; number: string };
  opened: boolean;
  onClose: () => void;
  /** What rejecting means, for the reader of the reason. */
  explanation: string;
  reject: (input: { id: number; reason: string }) => Promise<T>;
  pending: boolean;
  onRejected?: (rejected: T) => void;
}) {
  const { control, handleSubmit, reset, setError } = useForm<RejectForm>({
    defaultValues: { reason: '' },
    resolver: zodResolver(RejectBodySchema),
  });
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const close = () => {
    reset({ reason: '' });
    onClose();
  };
  const submit = async ({ reason }: RejectForm) => {
    try {
      const rejected = await reject({ id: record.id, reason });
      toast.success(`${Noun} ${record.number} rejected`);
      close();
      onRejected?.(rejected);
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? applyServerFieldErrors(error.fields, setError, (field) => (field === 'reason' ? 'reason' : null))
          : 0;
      if (placed === 0)
        toast.error(error instanceof ApiError ? error.message : `The ${noun} could not be rejected.`);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={`Reject ${noun} ${record.number}`} size="lg" centered>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <Stack gap={4}>
          <Text size="sm" mb="xs">
            {explanation}
          </Text>
          <TextAreaField
            control={control}
            name="reason"
            label="Reason"
            required
            maxLength={1000}
            rows={3}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep {noun}
            </Button>
            <Button type="submit" color="#c92a2a" loading={pending}>
              Reject {noun}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
