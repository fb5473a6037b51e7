import { BL_REVIEW_MESSAGES, RETURN_COMMENT_MAX } from '@lading/contract/bill-of-lading-review';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

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
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (comment.trim() === '') return setError(BL_REVIEW_MESSAGES.commentRequired);
    setError(null);
    if (await onSubmit(comment.trim())) {
      setComment('');
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={`Return ${blNumber} to the customer`} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">The bill goes back to DRAFT and the customer receives your comment by e-mail.</Text>
          <Textarea
            label="Comment for the customer"
            required
            autosize
            minRows={4}
            maxRows={10}
            maxLength={RETURN_COMMENT_MAX}
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
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
