import {
  type InlandTariff,
  type InlandTariffBody,
  InlandTariffBodySchema,
} from '@lading/contract/inland-tariffs';
import { todayIso } from '@lading/contract/quotations';
import type { Port } from '@lading/contract/reference-data';
import { SimpleGrid, Text } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { SelectField, TypeaheadField } from '../../../components/form/choice-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { DecimalField, IntegerField } from '../../../components/form/number-fields';
import { findPorts } from '../../../lib/reference-data/find-ports';
import { findRailwayStations } from '../../../lib/reference-data/find-railway-stations';
import {
  INLAND_TARIFF,
  type InlandTariffForm,
  inlandTariffFormDefaults,
  toInlandTariffBody,
  toInlandTariffFormField,
} from './inland-tariff-mapping';
import { TariffEditorForm, type TariffEditorProps } from './tariff-editor-form';
import { portLabel, TariffTerms } from './tariff-fields';

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

/**
 * Create or edit an inland haulage tariff: the mode decides what else is asked (a station or ICD for rail, a band of
 * km for a door). An overlap (409) marks the field the server names and says so above the buttons; a stale edit (412)
 * offers to reload.
 */
export function InlandTariffEditor({ tariff, ...done }: TariffEditorProps<InlandTariff>) {
  const form = useForm<InlandTariffForm, unknown, InlandTariffBody>({
    defaultValues: inlandTariffFormDefaults(tariff, todayIso()),
    resolver,
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  return (
    <TariffEditorForm
      kind={INLAND_TARIFF}
      tariff={tariff}
      form={form}
      toField={toInlandTariffFormField}
      overlap={{ title: 'Overlaps another inland tariff' }}
      {...done}
    >
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
          getOptionLabel={portLabel}
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
      <TariffTerms cols={3}>
        <DecimalField<InlandTariffForm> name="amount" label="Amount per container" required />
      </TariffTerms>
    </TariffEditorForm>
  );
}
