import { RAIL_COUNTRY } from '@lading/contract/inland-tariffs';
import {
  CARGO_TYPES,
  type CreateQuotationBody,
  EQUIPMENT_LINES_MAX,
  HAZARD_CLASSES,
  todayIso,
  WEIGHT_UNITS,
} from '@lading/contract/quotations';
import type { HsnCode, Port, RailwayStation } from '@lading/contract/reference-data';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMemo, useRef } from 'react';
import { type SubmitHandler, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { SelectField, TypeaheadField } from '../../../components/form/choice-fields';
import { DateField } from '../../../components/form/date-fields';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid';
import { DecimalField, IntegerField } from '../../../components/form/number-fields';
import { TextField, useField } from '../../../components/form/text-fields';
import { createLocalSearch } from '../../../components/local-search';
import { useCargoTypes } from '../../../lib/reference-data/find-cargo-types';
import { useHsnCodes } from '../../../lib/reference-data/find-hsn-codes';
import { useIsoEquipment } from '../../../lib/reference-data/find-iso-equipment';
import { findPlaces, type GeocodedPlace } from '../../../lib/reference-data/find-places';
import { findPorts } from '../../../lib/reference-data/find-ports';
import { findRailwayStations } from '../../../lib/reference-data/find-railway-stations';
import classes from './rate-enquiry-form.module.css';
import {
  emptyEquipmentLine,
  type InlandChoice,
  isCommodityCode,
  type RateEnquiryForm,
} from './rate-enquiry-mapping';

const portLabel = (port: Port) => `${port.name} (${port.code})`;
const searchPorts = async (term: string, signal: AbortSignal) =>
  (await findPorts({ limit: 5, name: term, portType: ['SP', 'DP'] }, signal)).results;

/**
 * A port of the lane. The railway stations are Indian, so a rail pick-up (delivery) is only for an Indian port of
 * loading (discharge): picking a port outside India drops a rail choice of that side.
 */
function PortField({ name, label }: { name: 'pol' | 'pod'; label: string }) {
  const { getValues, setValue } = useFormContext<RateEnquiryForm>();
  const side = name === 'pol' ? 'pickup' : 'delivery';
  return (
    <TypeaheadField<RateEnquiryForm, Port>
      name={name}
      label={label}
      required
      placeholder="Search ports by name or code"
      search={searchPorts}
      getOptionLabel={portLabel}
      getOptionKey={(port) => String(port.id)}
      onPick={(port) => {
        // While the port is retyped (no port for a moment) the rail choice stays; another country's port drops it.
        if (!port || railOffered(port) || getValues(`${side}.kind`) !== 'RAIL') return;
        setValue(`${side}.kind`, 'NONE');
        setValue(`${side}.station`, null);
      }}
    />
  );
}

/** Rail / ICD only for an Indian port (the railway station list is Indian). */
const railOffered = (port: Port | null | undefined) => port?.countryCode === RAIL_COUNTRY;

const INLAND_CHOICES: { value: InlandChoice; label: string }[] = [
  { value: 'NONE', label: 'Port' },
  { value: 'RAIL', label: 'Rail / ICD' },
  { value: 'DOOR', label: 'Door' },
];

/**
 * Pick-up or delivery: at the port (none), an inland railway station / ICD, or a door address (geocoded). Rail / ICD
 * is offered only when that side's port is in India (the station list is Indian); the line below says why otherwise.
 */
function InlandField({ side, legend }: { side: 'pickup' | 'delivery'; legend: string }) {
  const { field } = useField<RateEnquiryForm>(`${side}.kind`);
  const { setValue } = useFormContext<RateEnquiryForm>();
  const port = useWatch<RateEnquiryForm, 'pol' | 'pod'>({ name: side === 'pickup' ? 'pol' : 'pod' });
  const kind = field.value as InlandChoice;
  // A rail choice made for an Indian port stays offered while that port is being retyped.
  const rail = railOffered(port) || kind === 'RAIL';
  const portWords = side === 'pickup' ? 'port of loading' : 'port of discharge';
  return (
    <Fieldset legend={legend} variant="unstyled" className={classes.inland}>
      <Stack gap={6}>
        <SegmentedControl
          aria-label={side === 'pickup' ? 'Pick-up from' : 'Delivery to'}
          fullWidth
          data={rail ? INLAND_CHOICES : INLAND_CHOICES.filter((choice) => choice.value !== 'RAIL')}
          value={kind}
          onChange={(next) => {
            field.onChange(next);
            setValue(`${side}.station`, null);
            setValue(`${side}.place`, null);
          }}
        />
        {!rail && (
          <Text size="xs" c="dimmed" data-testid={`${side}-rail-hint`}>
            {port
              ? `Rail / ICD is offered for a ${portWords} in India (the stations are Indian).`
              : `Rail / ICD: choose an Indian ${portWords} first.`}
          </Text>
        )}
        {kind === 'RAIL' && (
          <TypeaheadField<RateEnquiryForm, RailwayStation>
            name={`${side}.station`}
            label={`${legend} station or ICD`}
            required
            placeholder="Search railway stations"
            search={(term, signal) => findRailwayStations(term, signal)}
            getOptionLabel={(station) => `${station.name} (${station.code})`}
            getOptionKey={(station) => String(station.id)}
          />
        )}
        {kind === 'DOOR' && (
          <TypeaheadField<RateEnquiryForm, GeocodedPlace>
            name={`${side}.place`}
            label={`${legend} address`}
            required
            minLength={2}
            placeholder="Search a town, district or postcode"
            search={(term, signal) => findPlaces(term, signal)}
            getOptionLabel={(place) => place.label}
            getOptionKey={(place) => `${place.label}|${place.latitude}|${place.longitude}`}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

function CommodityField() {
  const hsCodes = useHsnCodes();
  const search = useMemo(
    () =>
      createLocalSearch(
        (hsCodes.data ?? []).filter(isCommodityCode),
        (hs) => `${hs.commodity} ${hs.hsnCode}`,
        20,
      ),
    [hsCodes.data],
  );
  return (
    <TypeaheadField<RateEnquiryForm, HsnCode>
      name="commodity"
      label="Commodity"
      required
      placeholder={hsCodes.isLoading ? 'Loading HS codes…' : 'Search commodity or HS code'}
      search={search}
      getOptionLabel={(hs) => `${hs.commodity} (${hs.hsnCode})`}
      getOptionKey={(hs) => String(hs.id)}
    />
  );
}

function EquipmentLines() {
  const { control, formState } = useFormContext<RateEnquiryForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'equipment' });
  const isoEquipment = useIsoEquipment();
  const isoOptions = useMemo(
    () =>
      (isoEquipment.data ?? []).map((item) => ({
        value: item.code,
        label: `${item.code} · ${item.description}`,
      })),
    [isoEquipment.data],
  );
  const listError = formState.errors.equipment?.root?.message ?? formState.errors.equipment?.message;
  return (
    <Fieldset legend="Equipment" className={classes.equipment}>
      <Stack gap="xs" component="ol" className={classes.lines} aria-label="Equipment lines">
        {fields.map((line, index) => (
          <li key={line.id} className={classes.line} data-testid="equipment-line">
            <SelectField<RateEnquiryForm>
              name={`equipment.${index}.isoCode`}
              label={`Size-type ${index + 1}`}
              required
              placeholder="Choose 22G1, 45G1, …"
              data={isoOptions}
              className={classes.iso}
            />
            <IntegerField<RateEnquiryForm>
              name={`equipment.${index}.quantity`}
              label="Quantity"
              required
              min={1}
              max={99}
              className={classes.quantity}
            />
            <DecimalField<RateEnquiryForm>
              name={`equipment.${index}.weightPerUnit`}
              label="Weight per container"
              required
              decimals={3}
              className={classes.weight}
            />
            <SelectField<RateEnquiryForm>
              name={`equipment.${index}.weightUnit`}
              label="Unit"
              searchable={false}
              allowDeselect={false}
              data={[...WEIGHT_UNITS]}
              className={classes.unit}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              className={classes.remove}
              aria-label={`Remove equipment line ${index + 1}`}
              disabled={fields.length <= 1}
              onClick={() => remove(index)}
            >
              ×
            </ActionIcon>
          </li>
        ))}
      </Stack>
      {listError && (
        <Text c="red" size="sm" role="alert">
          {listError}
        </Text>
      )}
      <Button
        variant="light"
        mt="xs"
        disabled={fields.length >= EQUIPMENT_LINES_MAX}
        onClick={() => append(emptyEquipmentLine())}
      >
        Add equipment ({fields.length}/{EQUIPMENT_LINES_MAX})
      </Button>
    </Fieldset>
  );
}

/**
 * The rate enquiry (in the page's FormProvider): lane, optional pick-up and delivery, cargo type (HAZ reveals the
 * hazard class and UN number), commodity, equipment lines (1-5) and the cargo ready date.
 */
export function RateEnquiryFields({
  onSubmit,
  isSubmitting,
}: {
  onSubmit: SubmitHandler<CreateQuotationBody>;
  isSubmitting: boolean;
}) {
  const { handleSubmit, setValue } = useFormContext<RateEnquiryForm, unknown, CreateQuotationBody>();
  const formRef = useRef<HTMLFormElement>(null);
  // The first invalid cell in reading order gets the focus, clear of the header (the form's own focus skips the
  // typeaheads).
  const focusFirstError = () => focusFirstInvalid(formRef.current);
  const cargoType = useWatch<RateEnquiryForm, 'cargoType'>({ name: 'cargoType' });
  const cargoTypes = useCargoTypes();
  const names = new Map((cargoTypes.data ?? []).map((type) => [type.code, type.name]));
  const withName = (code: string) => ({
    value: code,
    label: names.has(code) ? `${code} · ${names.get(code)}` : code,
  });
  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit(onSubmit, focusFirstError)}
      noValidate
      aria-label="Rate enquiry"
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PortField name="pol" label="Port of loading" />
            <PortField name="pod" label="Port of discharge" />
            <InlandField side="pickup" legend="Pick-up" />
            <InlandField side="delivery" legend="Delivery" />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SelectField<RateEnquiryForm>
              name="cargoType"
              label="Cargo type"
              required
              searchable={false}
              allowDeselect={false}
              data={CARGO_TYPES.map(withName)}
              onOptionSubmit={(next) => {
                if (next !== 'HAZ') {
                  setValue('hazardClass', '');
                  setValue('unNumber', '');
                }
              }}
            />
            <CommodityField />
            {cargoType === 'HAZ' && (
              <>
                <SelectField<RateEnquiryForm>
                  name="hazardClass"
                  label="Hazard class"
                  required
                  searchable={false}
                  data={HAZARD_CLASSES.map(withName)}
                />
                <TextField<RateEnquiryForm>
                  name="unNumber"
                  label="UN number"
                  required
                  inputMode="numeric"
                  maxLength={4}
                  placeholder="e.g. 1263"
                  normalize={(value) => value.replace(/\D/g, '')}
                />
              </>
            )}
            <DateField<RateEnquiryForm>
              name="cargoReadyDate"
              label="Cargo ready date"
              required
              min={todayIso()}
            />
          </SimpleGrid>
        </Paper>
        <EquipmentLines />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={isSubmitting}>
            Get price
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
