import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminCompany,
  type CompanyBody,
  CompanyBodySchema,
  type CompanyValues,
  PARTY_ROLE_LABELS,
  PARTY_ROLES,
  PARTY_STATUSES,
} from '@lading/contract/admin-workspace';
import { Button, Checkbox, Group, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CheckboxField, SelectField } from '../../../components/form/choice-fields';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { StaleRecordAlert } from '../../../components/form/stale-record-alert';
import { TextField } from '../../../components/form/text-fields';
import { TextAreaField } from '../../../components/form/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSaveCompany } from '../api/save-company';

export const PARTY_STATUS_LABELS: Record<(typeof PARTY_STATUSES)[number], string> = {
  APPR: 'Approved (APPR)',
  PENDING: 'Pending approval',
  REFUSED: 'Refused',
};

const toForm = (company: AdminCompany | null): CompanyBody => ({
  code: company?.code ?? '',
  name: company?.name ?? '',
  roles: (company?.roles ?? ['CO']) as CompanyBody['roles'],
  status: (company?.status ?? 'APPR') as CompanyBody['status'],
  isActive: company?.isActive ?? true,
  address: company?.address ?? '',
  countryCode: company?.countryCode ?? '',
  mobile: company?.mobile ?? '',
  emailId: company?.emailId ?? '',
  taxId: company?.taxId ?? '',
});

/** Server field names are the form's (roles.0 goes on the roles group). */
const toFormField = (field: string) =>
  field.startsWith('roles') ? 'roles' : field === 'version' ? null : field;

/**
 * Create or edit a company: the contract's CompanyBodySchema through zodResolver, server 400/409 fields on their
 * cells, a 412 (someone else saved first) offers a reload.
 */
export function CompanyForm({
  company,
  onSaved,
  onCancel,
  onStale,
}: {
  company: AdminCompany | null;
  onSaved: (company: AdminCompany) => void;
  onCancel: () => void;
  onStale: () => void;
}) {
  const save = useSaveCompany();
  const [stale, setStale] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<CompanyBody, unknown, CompanyValues>({
    defaultValues: toForm(company),
    resolver: zodResolver(CompanyBodySchema),
  });
  const submit = async (values: CompanyValues) => {
    setStale(null);
    try {
      const saved = await save.mutateAsync({ record: company, body: values });
      toast.success(company ? `Company ${saved.code} saved` : `Company ${saved.code} created`);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setStale(error.message);
        return;
      }
      const placed =
        error instanceof ApiError ? applyServerFieldErrors(error.fields, setError, toFormField) : 0;
      if (placed === 0)
        toast.error(error instanceof ApiError ? error.message : 'The company could not be saved.');
    }
  };
  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap={4}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing={4}>
          <TextField control={control} name="code" label="Code" required maxLength={20} data-autofocus />
          <TextField control={control} name="name" label="Company name" required maxLength={200} />
          <SelectField
            control={control}
            name="status"
            label="Status"
            required
            searchable={false}
            data={PARTY_STATUSES.map((value) => ({ value, label: PARTY_STATUS_LABELS[value] }))}
          />
          <TextField control={control} name="taxId" label="Tax or registration number" maxLength={40} />
          <TextField control={control} name="emailId" label="E-mail" type="email" maxLength={200} />
          <TextField control={control} name="mobile" label="Phone" type="tel" maxLength={20} />
          <TextField control={control} name="countryCode" label="Country code (ISO, e.g. IN)" maxLength={2} />
        </SimpleGrid>
        <TextAreaField control={control} name="address" label="Address" maxLength={500} />
        <Controller
          control={control}
          name="roles"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label="Party roles"
              withAsterisk
              value={field.value as string[]}
              onChange={field.onChange}
              error={fieldState.error?.message}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6} mb="xs">
                {PARTY_ROLES.map((code) => (
                  <Checkbox key={code} value={code} label={PARTY_ROLE_LABELS[code]} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        />
        <CheckboxField
          control={control}
          name="isActive"
          label="Active (offered to customers when approved)"
        />
        {stale && <StaleRecordAlert message={stale} reloadText="Reload companies" onReload={onStale} />}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {company ? 'Save company' : 'Create company'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
