import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAIL_MESSAGE_MAX,
  MAIL_RECIPIENTS_MAX,
  type SendBlMailForm,
  SendBlMailFormSchema,
} from '@lading/contract/bill-of-lading-review';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { TagsField } from '../../../components/form/tags-field';
import { TextAreaField } from '../../../components/form/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSendBillOfLadingMail } from '../api/send-bill-of-lading-mail';

const FIELDS = /^(to|cc)(\.\d+)?$|^message$/;

/**
 * E-mail a bill of lading as a PDF (a draft until issued): To (several addresses), Cc, Message, Send.
 * Addresses are checked here with the API's own rules (SendBlMailFormSchema); the server checks again and its field
 * errors land on the same inputs. Used from the review screen, the BL list and the edit screen.
 */
export function SendBlMailModal({
  opened,
  onClose,
  blId,
  blNumber,
  defaultTo = [],
}: {
  opened: boolean;
  onClose: () => void;
  blId: number;
  blNumber: string;
  defaultTo?: string[];
}) {
  const send = useSendBillOfLadingMail();
  const empty = { to: defaultTo, cc: [], message: '' };
  const { control, handleSubmit, reset, clearErrors, setError } = useForm<SendBlMailForm>({
    defaultValues: empty,
    resolver: zodResolver(SendBlMailFormSchema),
  });

  const close = () => {
    clearErrors();
    onClose();
  };

  const submit = async ({ to, cc, message }: SendBlMailForm) => {
    try {
      const result = await send.mutateAsync({ blId, to, cc, message: message.trim() || undefined });
      toast.success(result.message);
      reset(empty);
      onClose();
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? applyServerFieldErrors(error.fields, setError, (field) => (FIELDS.test(field) ? field : null))
          : 0;
      if (placed === 0)
        toast.error(
          error instanceof ApiError ? error.message : 'The e-mail could not be sent. Please try again.',
        );
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={`E-mail bill of lading ${blNumber}`} size="lg" centered>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <Stack gap={4}>
          <Text size="sm" mb="xs">
            The bill is attached as a PDF (a draft until it is issued).
          </Text>
          <TagsField
            control={control}
            name="to"
            label="To"
            entryName="Address"
            description={`Up to ${MAIL_RECIPIENTS_MAX} addresses; press Enter or comma after each`}
            required
            maxTags={MAIL_RECIPIENTS_MAX}
            splitChars={[',', ' ', ';']}
            acceptValueOnBlur
            clearable
            data-autofocus
          />
          <TagsField
            control={control}
            name="cc"
            label="Cc"
            entryName="Address"
            maxTags={MAIL_RECIPIENTS_MAX}
            splitChars={[',', ' ', ';']}
            acceptValueOnBlur
            clearable
          />
          <TextAreaField
            control={control}
            name="message"
            label="Message"
            rows={3}
            maxLength={MAIL_MESSAGE_MAX}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
