import {
  MAIL_MESSAGE_MAX,
  MAIL_RECIPIENTS_MAX,
  type SendBlMailBody,
  SendBlMailBodySchema,
} from '@lading/contract/bill-of-lading-review';
import { Button, Group, Modal, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSendBillOfLadingMail } from '../api/send-bill-of-lading-mail';

type Field = 'to' | 'cc' | 'message';
type Errors = Partial<Record<Field, string>>;

/** `to.1` + "must be an e-mail address" -> "Address 2 (bad@) must be an e-mail address". */
function errorsOf(fields: Record<string, string>, values: { to: string[]; cc: string[] }): Errors {
  const errors: Errors = {};
  for (const [path, message] of Object.entries(fields)) {
    const [field, index] = path.split('.') as [string, string | undefined];
    if (field !== 'to' && field !== 'cc' && field !== 'message') continue;
    if (errors[field]) continue;
    if (index !== undefined && field !== 'message') {
      const address = values[field][Number(index)];
      errors[field] = `Address ${Number(index) + 1}${address ? ` (${address})` : ''} ${message}`;
    } else {
      errors[field] = message.charAt(0).toUpperCase() + message.slice(1);
    }
  }
  return errors;
}

/**
 * E-mail a bill of lading as a PDF (a draft until issued): To (several addresses), Cc, Message, Send.
 * Addresses are checked here with the API's own schema; the server checks again and its field errors land on the
 * same inputs. Used from the review screen, the BL list and the edit screen.
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
  const [to, setTo] = useState<string[]>(defaultTo);
  const [cc, setCc] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const close = () => {
    setErrors({});
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body: SendBlMailBody = { blId, to, cc, message: message.trim() || undefined };
    const parsed = SendBlMailBodySchema.safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setErrors(errorsOf(fields, { to, cc }));
      return;
    }
    setErrors({});
    try {
      const result = await send.mutateAsync(parsed.data);
      toast.success(result.message);
      setTo(defaultTo);
      setCc([]);
      setMessage('');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(errorsOf(error.fields, { to, cc }));
      } else {
        toast.error(
          error instanceof ApiError ? error.message : 'The e-mail could not be sent. Please try again.',
        );
      }
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={`E-mail bill of lading ${blNumber}`} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">The bill is attached as a PDF (a draft until it is issued).</Text>
          <TagsInput
            label="To"
            description={`Up to ${MAIL_RECIPIENTS_MAX} addresses; press Enter or comma after each`}
            required
            value={to}
            onChange={(value) => {
              setTo(value);
              setErrors((current) => ({ ...current, to: undefined }));
            }}
            maxTags={MAIL_RECIPIENTS_MAX}
            splitChars={[',', ' ', ';']}
            acceptValueOnBlur
            clearable
            error={errors.to}
            data-autofocus
          />
          <TagsInput
            label="Cc"
            value={cc}
            onChange={(value) => {
              setCc(value);
              setErrors((current) => ({ ...current, cc: undefined }));
            }}
            maxTags={MAIL_RECIPIENTS_MAX}
            splitChars={[',', ' ', ';']}
            acceptValueOnBlur
            clearable
            error={errors.cc}
          />
          <Textarea
            label="Message"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MAIL_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            error={errors.message}
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
