import { zodResolver } from '@hookform/resolvers/zod';
import {
  RETURN_COMMENT_MAX,
  type ReturnBillForm,
  ReturnBillFormSchema,
} from '@lading/contract/bill-of-lading-review';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { TextAreaField } from '../../../../components/form/textarea-field';

/** Return to the customer: the comment is required and is e-mailed to the bill's owner. */
export function ReturnBillModal({
  opened,
  blNumber,
  isSubmitting,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  blNumber: string;
  isSubmitting: boolean;
  onClose: () => void;
  onSubmit: (comment: string) => Promise<boolean>;
}) {
  const { control, handleSubmit, reset } = useForm<ReturnBillForm>({
    defaultValues: { comment: '' },
    resolver: zodResolver(ReturnBillFormSchema),
  });
  const close = () => {
    reset({ comment: '' }, { keepValues: true });
    onClose();
  };
  const submit = async ({ comment }: ReturnBillForm) => {
    if (await onSubmit(comment.trim())) {
      reset({ comment: '' });
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={`Return ${blNumber} to the customer`} size="lg" centered>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <Stack gap={4}>
          <Text size="sm" mb="xs">
            The bill goes back to DRAFT and the customer receives your comment by e-mail.
          </Text>
          <TextAreaField
            control={control}
            name="comment"
            label="Comment for the customer"
            required
            rows={4}
            maxLength={RETURN_COMMENT_MAX}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="#9a3c00" loading={isSubmitting}>
              Return to customer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
