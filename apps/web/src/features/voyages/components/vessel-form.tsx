import { type Vessel, type VesselBody, VesselBodySchema } from '@lading/contract/voyages';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/choice-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { IntegerField } from '../../../components/form/number-fields';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { StaleRecordAlert } from '../../../components/form/stale-record-alert';
import { TextField } from '../../../components/form/text-fields';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSaveVessel } from '../api/save-vessel';
import { labelledMessage } from './field-messages';

type VesselForm = {
  imoNumber: string;
  name: string;
  flag: string;
  callSign: string;
  operatorCarrierCode: string;
  teuCapacity: number | null;
  active: boolean;
};

const LABELS: Record<keyof VesselForm, string> = {
  imoNumber: 'IMO number',
  name: 'Vessel name',
  flag: 'Flag',
  callSign: 'Call sign',
  operatorCarrierCode: 'Operator',
  teuCapacity: 'TEU capacity',
  active: 'Active',
};

/** The body's names are the form's. */
const toVesselField = (path: string): string | null => (path in LABELS ? path : null);
const toVesselMessage = (field: string, message: string) =>
  labelledMessage(LABELS[field as keyof VesselForm], message);

const resolver = mappedBodyResolver(VesselBodySchema, {
  toBody: (form: VesselForm) => ({ ...form, teuCapacity: form.teuCapacity ?? undefined }),
  toField: toVesselField,
  toMessage: toVesselMessage,
});

const defaults = (vessel: Vessel | null): VesselForm => ({
  imoNumber: vessel?.imoNumber ?? '',
  name: vessel?.name ?? '',
  flag: vessel?.flag ?? '',
  callSign: vessel?.callSign ?? '',
  operatorCarrierCode: vessel?.operatorCarrierCode ?? '',
  teuCapacity: vessel?.teuCapacity ?? null,
  active: vessel?.active ?? true,
});

const upper = (value: string) => value.toUpperCase();

/**
 * Create or edit a vessel. The contract's rules check it as the server does (the IMO number's check digit
 * included); the server's 400 and 409 fields (a wrong check digit, an IMO number already known) land on their cells,
 * worded after the field's label. A 412 (someone saved it first) says so, keeps the entries and offers a reload.
 */
export function VesselForm({
  vessel,
  onSaved,
  onCancel,
  onStale,
}: {
  vessel: Vessel | null;
  onSaved: () => void;
  onCancel: () => void;
  onStale: () => void;
}) {
  const save = useSaveVessel();
  const [stale, setStale] = useState<string | null>(null);
  const form = useForm<VesselForm, unknown, VesselBody>({ defaultValues: defaults(vessel), resolver });
  const submit = form.handleSubmit(async (body) => {
    setStale(null);
    try {
      const saved = await save.mutateAsync({ vessel, body });
      toast.success(
        vessel ? `Vessel ${saved.name} saved` : `Vessel ${saved.name} (IMO ${saved.imoNumber}) added`,
      );
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setStale(error.message);
        return;
      }
      const fields =
        error instanceof ApiError
          ? Object.fromEntries(
              Object.entries(error.fields).map(([field, message]) => [
                field,
                toVesselMessage(field, message),
              ]),
            )
          : {};
      const placed = applyServerFieldErrors(fields, form.setError, toVesselField);
      if (placed === 0)
        toast.error(error instanceof ApiError ? error.message : 'The vessel could not be saved.');
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={vessel ? `Edit vessel ${vessel.name}` : 'New vessel'}>
        <Stack gap={4}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField<VesselForm>
              name="imoNumber"
              label="IMO number"
              required
              maxLength={11}
              inputMode="numeric"
              autoComplete="off"
              placeholder="9074729"
              data-autofocus
            />
            <TextField<VesselForm>
              name="name"
              label="Vessel name"
              required
              maxLength={60}
              normalize={upper}
            />
            <TextField<VesselForm>
              name="flag"
              label="Flag"
              required
              maxLength={2}
              placeholder="SG"
              description="ISO country code (2 letters)"
              normalize={upper}
            />
            <TextField<VesselForm>
              name="callSign"
              label="Call sign"
              maxLength={10}
              autoComplete="off"
              normalize={upper}
            />
            <TextField<VesselForm>
              name="operatorCarrierCode"
              label="Operator"
              required
              maxLength={4}
              placeholder="LDGU"
              description="SCAC or SMDG carrier code"
              normalize={upper}
            />
            <IntegerField<VesselForm> name="teuCapacity" label="TEU capacity" required min={1} max={30_000} />
          </SimpleGrid>
          <CheckboxField<VesselForm> name="active" label="Active (can be deployed on a service)" />
          <Text size="xs" c="dimmed">
            The IMO number is 7 digits; its last digit is a check digit, verified when you save.
          </Text>
          {stale && <StaleRecordAlert message={stale} reloadText="Reload vessels" onReload={onStale} />}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {vessel ? 'Save vessel' : 'Add vessel'}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
