import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyMembership, RefuseMembershipBodySchema } from '@lading/contract/companies';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { TextAreaField } from '../../../components/form/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDecideCompanyRequest } from '../api/company-requests';

/**
 * Refuse a membership or new-company request with the reason the customer is mailed. Once refused, the focus does
 * not return to the request's Refuse button (the request leaves the list): `onRefused` places it.
 */
export function RefuseRequestModal({
  request,
  onClose,
  onRefused,
}: {
  request: CompanyMembership | null;
  onClose: () => void;
  onRefused: () => void;
}) {
  const decide = useDecideCompanyRequest();
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (request) setRefused(false);
  }, [request]);
  const { control, handleSubmit, reset, setError } = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
    resolver: zodResolver(RefuseMembershipBodySchema),
  });
  const close = () => {
    reset({ reason: '' });
    onClose();
  };
  const submit = async ({ reason }: { reason: string }) => {
    if (!request) return;
    try {
      await decide.mutateAsync({ id: request.id, approve: false, reason });
      toast.success(`Request of ${request.user.email} refused`);
      setRefused(true);
      close();
      onRefused();
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? applyServerFieldErrors(error.fields, setError, (field) => (field === 'reason' ? 'reason' : null))
          : 0;
      if (placed === 0)
        toast.error(error instanceof ApiError ? error.message : 'The request could not be refused.');
    }
  };
  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={`Refuse ${request?.company.name ?? ''}`}
      size="lg"
      returnFocus={!refused}
    >
      <form onSubmit={handleSubmit(submit)} noValidate>
        <Stack gap={4}>
          <Text size="sm" mb="xs">
            The customer is told the reason by e-mail.
            {request?.isNewCompany ? ' The requested company is set aside (inactive).' : ''}
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
              Cancel
            </Button>
            <Button type="submit" color="#c92a2a" loading={decide.isPending}>
              Refuse request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
