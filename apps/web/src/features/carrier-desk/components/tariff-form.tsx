import { todayIso } from '@lading/contract/quotations';
import type { Port } from '@lading/contract/reference-data';
import { type Tariff, type TariffBody, TariffBodySchema } from '@lading/contract/tariffs';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { CheckboxField, SelectField, TypeaheadField } from '../../../components/form/choice-fields';
import { DateField } from '../../../components/form/date-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { DecimalField } from '../../../components/form/number-fields';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { ApiError } from '../../../lib/api-client';
import { useIsoEquipment } from '../../../lib/reference-data/find-iso-equipment';
import { findPorts } from '../../../lib/reference-data/find-ports';
import { toast } from '../../../lib/toast';
import { useSaveTariff } from '../api/save-tariff';
import classes from './carrier-desk.module.css';
import { ChargeLinesField } from './charge-lines-field';
import { DESK_CURRENCIES } from './currencies';
import {
  emptyTariffCharge,
  type TariffForm,
  tariffFormDefaults,
  toTariffBody,
  toTariffFormField,
} from './tariff-form-mapping';

const resolver = mappedBodyResolver(TariffBodySchema, { toBody: toTariffBody, toField: toTariffFormField });

type LanePort = NonNullable<TariffForm['pol']>;
const portLabel = (port: LanePort) => `${port.name} (${port.code})`;
export const searchSeaPorts = async (term: string, signal: AbortSignal): Promise<Port[]> =>
  (await findPorts({ limit: 5, name: term, portType: ['SP', 'DP'] }, signal)).results;

/** ISO size-types for a select: "22G1 · 20' general purpose". */
export function useSizeTypeOptions() {
  const equipment = useIsoEquipment();
  return (equipment.data ?? []).map((item) => ({
    value: item.code,
    label: `${item.code} · ${item.description}`,
  }));
}

function TariffCharges() {
  return (
    <ChargeLinesField<TariffForm>
      titleOrder={3}
      rowClassName={classes.tariffCharge}
      rowTestId="tariff-charge"
      cells={(index, n) => (
        <>
          <DecimalField<TariffForm> name={`charges.${index}.amount`} label={`Amount (line ${n})`} required />
          <div className={classes.checkbox}>
            <CheckboxField<TariffForm>
              name={`charges.${index}.hazardousOnly`}
              label="HAZ only"
              aria-label={`Hazardous cargo only (line ${n})`}
            />
          </div>
        </>
      )}
      actions={(append) => (
        <Button variant="default" size="xs" onClick={() => append(emptyTariffCharge())}>
          Add charge
        </Button>
      )}
    />
  );
}

/** What went wrong at the whole-form level: an overlap (409) or someone else's save since it was opened (412). */
type Refusal = { kind: 'overlap' | 'stale' | 'other'; message: string } | null;

/**
 * Create or edit a tariff. An overlapping validity (409) marks "Valid from" with the server's words and says so
 * above the buttons; a stale edit (412) says someone saved the tariff since and offers to reload it.
 */
export function TariffEditor({
  tariff,
  onSaved,
  onCancel,
  onStale,
}: {
  tariff: Tariff | null;
  onSaved: (tariff: Tariff) => void;
  onCancel: () => void;
  /** After a 412: fetch the list again and close, so the editor reopens on the current version. */
  onStale: () => void;
}) {
  const save = useSaveTariff();
  const sizeTypes = useSizeTypeOptions();
  const [refusal, setRefusal] = useState<Refusal>(null);
  const form = useForm<TariffForm, unknown, TariffBody>({
    defaultValues: tariffFormDefaults(tariff, todayIso()),
    resolver,
  });
  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      const saved = await save.mutateAsync({ tariff, body });
      toast.success(`Tariff ${saved.pol.code} → ${saved.pod.code} ${saved.isoCode} saved`);
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setRefusal({
          kind: 'other',
          message: 'The tariff could not be saved. Please try again in a moment.',
        });
        return;
      }
      if (error.status === 412) {
        setRefusal({
          kind: 'stale',
          message:
            'Someone saved this tariff after you opened it. Reload it to see their changes, then edit again.',
        });
        return;
      }
      applyServerFieldErrors(error.fields, form.setError, toTariffFormField);
      setRefusal({
        kind: error.status === 409 ? 'overlap' : 'other',
        message:
          error.status === 409
            ? `Not saved: the validity overlaps another tariff of this lane and size-type. ${error.fields.validFrom ? `Valid from ${error.fields.validFrom}.` : error.message}`
            : error.message,
      });
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={tariff ? 'Edit tariff' : 'New tariff'}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TypeaheadField<TariffForm, LanePort>
              name="pol"
              label="Port of loading"
              required
              placeholder="Search ports by name or code"
              search={searchSeaPorts}
              getOptionLabel={portLabel}
              getOptionKey={(port) => String(port.id)}
            />
            <TypeaheadField<TariffForm, LanePort>
              name="pod"
              label="Port of discharge"
              required
              placeholder="Search ports by name or code"
              search={searchSeaPorts}
              getOptionLabel={portLabel}
              getOptionKey={(port) => String(port.id)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <SelectField<TariffForm>
              name="isoCode"
              label="Size-type"
              required
              allowDeselect={false}
              data={sizeTypes.length ? sizeTypes : [form.getValues('isoCode')]}
            />
            <SelectField<TariffForm>
              name="currency"
              label="Currency"
              required
              allowDeselect={false}
              data={[...DESK_CURRENCIES]}
            />
            <DateField<TariffForm> name="validFrom" label="Valid from" required />
            <DateField<TariffForm> name="validTo" label="Valid to" required />
          </SimpleGrid>
          <TariffCharges />
          {refusal && (
            <Alert
              color={refusal.kind === 'stale' ? 'yellow' : 'red'}
              title={
                refusal.kind === 'overlap'
                  ? 'Validity overlaps'
                  : refusal.kind === 'stale'
                    ? 'Changed by someone else'
                    : 'Not saved'
              }
              role="alert"
              data-testid="tariff-refusal"
            >
              <Stack gap="xs">
                <Text size="sm">{refusal.message}</Text>
                {refusal.kind === 'stale' && (
                  <Group>
                    <Button size="xs" variant="default" onClick={onStale}>
                      Reload tariffs
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {tariff ? 'Save tariff' : 'Create tariff'}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
