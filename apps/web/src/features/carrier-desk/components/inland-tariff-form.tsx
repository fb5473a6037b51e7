import {
  type InlandTariff,
  type InlandTariffBody,
  InlandTariffBodySchema,
} from '@lading/contract/inland-tariffs';
import { todayIso } from '@lading/contract/quotations';
import type { Port } from '@lading/contract/reference-data';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { SelectField, TypeaheadField } from '../../../components/form/choice-fields';
import { DateField } from '../../../components/form/date-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { DecimalField, IntegerField } from '../../../components/form/number-fields';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { ApiError } from '../../../lib/api-client';
import { findPorts } from '../../../lib/reference-data/find-ports';
import { findRailwayStations } from '../../../lib/reference-data/find-railway-stations';
import { toast } from '../../../lib/toast';
import { useSaveInlandTariff } from '../api/inland-tariffs';
import { DESK_CURRENCIES } from './currencies';
import {
  type InlandTariffForm,
  inlandTariffFormDefaults,
  inlandTariffName,
  toInlandTariffBody,
  toInlandTariffFormField,
} from './inland-tariff-mapping';
import { useSizeTypeOptions } from './tariff-form';

const resolver = mappedBodyResolver(InlandTariffBodySchema, {
  toBody: toInlandTariffBody,
  toField: toInlandTariffFormField,
});

type FormPort = NonNullable<InlandTariffForm['port']>;
type FormStation = NonNullable<InlandTariffForm['station']>;

export const MODE_OPTIONS = [
  { value: 'RAIL', label: 'Rail: station or ICD' },
  { value: 'DOOR', label: 'Door: distance band' },
];

/** Sea ports by name or code; for a rail tariff only Indian ones (the railway stations are Indian). */
const portSearch =
  (railOnly: boolean) =>
  async (term: string, signal: AbortSignal): Promise<Port[]> =>
    (await findPorts({ limit: railOnly ? 20 : 5, name: term, portType: ['SP', 'DP'] }, signal)).results
      .filter((port) => !railOnly || port.countryCode === 'IN')
      .slice(0, 5);

type Refusal = { kind: 'overlap' | 'stale' | 'other'; message: string } | null;

/**
 * Create or edit an inland haulage tariff: the mode decides what else is asked (a station or ICD for rail, a band of
 * km for a door). An overlap (409) marks the field the server names and says so above the buttons; a stale edit (412)
 * offers to reload.
 */
export function InlandTariffEditor({
  tariff,
  onSaved,
  onCancel,
  onStale,
}: {
  tariff: InlandTariff | null;
  onSaved: (tariff: InlandTariff) => void;
  onCancel: () => void;
  onStale: () => void;
}) {
  const save = useSaveInlandTariff();
  const sizeTypes = useSizeTypeOptions();
  const [refusal, setRefusal] = useState<Refusal>(null);
  const form = useForm<InlandTariffForm, unknown, InlandTariffBody>({
    defaultValues: inlandTariffFormDefaults(tariff, todayIso()),
    resolver,
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      const saved = await save.mutateAsync({ tariff, body });
      toast.success(`Inland tariff ${inlandTariffName(saved)} saved`);
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setRefusal({
          kind: 'other',
          message: 'The inland tariff could not be saved. Please try again in a moment.',
        });
        return;
      }
      if (error.status === 412) {
        setRefusal({
          kind: 'stale',
          message:
            'Someone saved this inland tariff after you opened it. Reload it to see their changes, then edit again.',
        });
        return;
      }
      applyServerFieldErrors(error.fields, form.setError, toInlandTariffFormField);
      setRefusal({ kind: error.status === 409 ? 'overlap' : 'other', message: error.message });
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={tariff ? 'Edit inland tariff' : 'New inland tariff'}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SelectField<InlandTariffForm>
              name="mode"
              label="Mode"
              required
              searchable={false}
              allowDeselect={false}
              data={MODE_OPTIONS}
              onOptionSubmit={(next) => {
                if (next === 'DOOR') form.setValue('station', null);
                const port = form.getValues('port');
                if (next === 'RAIL' && port && port.countryCode !== 'IN') form.setValue('port', null);
              }}
            />
            <TypeaheadField<InlandTariffForm, FormPort>
              name="port"
              label="Port"
              required
              placeholder={mode === 'RAIL' ? 'Search Indian ports' : 'Search ports by name or code'}
              search={portSearch(mode === 'RAIL')}
              getOptionLabel={(port) => `${port.name} (${port.code})`}
              getOptionKey={(port) => String(port.id)}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {mode === 'RAIL'
              ? 'From a railway station or ICD to an Indian port, and back (the station list is Indian).'
              : 'From a door to the port, and back, by the straight-line distance between the geocoded address and the port.'}
          </Text>
          {mode === 'RAIL' ? (
            <TypeaheadField<InlandTariffForm, FormStation>
              name="station"
              label="Railway station or ICD"
              required
              placeholder="Search railway stations and ICDs"
              search={(term, signal) => findRailwayStations(term, signal)}
              getOptionLabel={(station) => `${station.name} (${station.code})`}
              getOptionKey={(station) => String(station.id)}
            />
          ) : (
            <SimpleGrid cols={{ base: 2 }} spacing="sm">
              <IntegerField<InlandTariffForm>
                name="fromKm"
                label="From km"
                required
                min={0}
                description="Straight line from the port, inclusive"
              />
              <IntegerField<InlandTariffForm>
                name="toKm"
                label="To km"
                required
                min={1}
                description="Up to, not including"
              />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            <SelectField<InlandTariffForm>
              name="isoCode"
              label="Size-type"
              required
              allowDeselect={false}
              data={sizeTypes.length ? sizeTypes : [form.getValues('isoCode')]}
            />
            <SelectField<InlandTariffForm>
              name="currency"
              label="Currency"
              required
              allowDeselect={false}
              data={[...DESK_CURRENCIES]}
            />
            <DecimalField<InlandTariffForm> name="amount" label="Amount per container" required />
            <DateField<InlandTariffForm> name="validFrom" label="Valid from" required />
            <DateField<InlandTariffForm> name="validTo" label="Valid to" required />
          </SimpleGrid>
          {refusal && (
            <Alert
              color={refusal.kind === 'stale' ? 'yellow' : 'red'}
              title={
                refusal.kind === 'overlap'
                  ? 'Overlaps another inland tariff'
                  : refusal.kind === 'stale'
                    ? 'Changed by someone else'
                    : 'Not saved'
              }
              role="alert"
              data-testid="inland-tariff-refusal"
            >
              <Stack gap="xs">
                <Text size="sm">{refusal.message}</Text>
                {refusal.kind === 'stale' && (
                  <Group>
                    <Button size="xs" variant="default" onClick={onStale}>
                      Reload inland tariffs
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
              {tariff ? 'Save inland tariff' : 'Create inland tariff'}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
