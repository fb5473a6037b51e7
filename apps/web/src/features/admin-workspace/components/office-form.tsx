import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminOffice, type OfficeBody, OfficeBodySchema } from '@lading/contract/admin-workspace';
import type { Port } from '@lading/contract/reference-data';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { StaleRecordAlert } from '../../../components/form/stale-record-alert';
import { TextField } from '../../../components/form/text-fields';
import { Typeahead } from '../../../components/typeahead';
import { ApiError } from '../../../lib/api-client';
import { findPorts } from '../../../lib/reference-data/find-ports';
import { toast } from '../../../lib/toast';
import { useSaveOffice } from '../api/save-office';

const searchSeaPorts = async (term: string, signal: AbortSignal): Promise<Port[]> =>
  (await findPorts({ limit: 5, name: term, portType: ['SP'] }, signal)).results;

type OfficePort = AdminOffice['port'];

/**
 * Create or edit an office: code, name and the sea port it serves. Whether it is the corporate office is fixed; the
 * port only the corporate office changes. Server 400/409 fields go on their cells (a port another office serves on
 * the port); a 412 (someone else saved first) says so above the buttons, keeps the entries and offers to reload.
 */
export function OfficeForm({
  office,
  canChangePort,
  onSaved,
  onCancel,
  onStale,
}: {
  office: AdminOffice | null;
  /** The corporate office (scope all) changes the port; a branch keeps it. */
  canChangePort: boolean;
  onSaved: () => void;
  onCancel: () => void;
  onStale: () => void;
}) {
  const save = useSaveOffice();
  const [stale, setStale] = useState<string | null>(null);
  const [port, setPort] = useState<OfficePort>(office?.port ?? null);
  const [portError, setPortError] = useState<string | undefined>();
  const { control, handleSubmit, setError } = useForm<OfficeBody>({
    defaultValues: { code: office?.code ?? '', name: office?.name ?? '', portId: office?.port?.id ?? null },
    resolver: zodResolver(OfficeBodySchema),
  });
  const submit = async (values: OfficeBody) => {
    setPortError(undefined);
    setStale(null);
    try {
      const saved = await save.mutateAsync({ record: office, body: { ...values, portId: port?.id ?? null } });
      toast.success(office ? `Office ${saved.code} saved` : `Office ${saved.code} created`);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setStale(error.message);
        return;
      }
      if (error instanceof ApiError && error.fields.portId) setPortError(error.fields.portId);
      const placed =
        error instanceof ApiError
          ? applyServerFieldErrors(error.fields, setError, (field) =>
              field === 'code' || field === 'name' ? field : null,
            )
          : 0;
      if (placed === 0 && !(error instanceof ApiError && error.fields.portId))
        toast.error(error instanceof ApiError ? error.message : 'The office could not be saved.');
    }
  };
  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap={4}>
        <TextField control={control} name="code" label="Code" required maxLength={10} data-autofocus />
        <TextField control={control} name="name" label="Office name" required maxLength={200} />
        <Typeahead<NonNullable<OfficePort>>
          label="Port served"
          value={port}
          onChange={(next) => setPort(next)}
          search={searchSeaPorts}
          getOptionLabel={(item) => `${item.name} (${item.code})`}
          getOptionKey={(item) => String(item.id)}
          placeholder="None"
          error={portError}
          disabled={!canChangePort}
        />
        {!canChangePort && (
          <Text size="xs" c="dimmed">
            Only the corporate office changes the port an office serves.
          </Text>
        )}
        <Text size="sm" mt="xs">
          Corporate office: {office?.isCorporate ? 'yes (sees every office’s records)' : 'no'} — fixed; the
          corporate office is TSX.
        </Text>
        {stale && <StaleRecordAlert message={stale} reloadText="Reload offices" onReload={onStale} />}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {office ? 'Save office' : 'Create office'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
