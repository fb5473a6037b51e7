import type { Port } from '@lading/contract/reference-data';
import { type RecordEquipmentEventBody, RecordEquipmentEventBodySchema } from '@lading/contract/tracking';
import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { CheckboxField, SelectField, TypeaheadField } from '../../../components/form/choice-fields';
import { DateField } from '../../../components/form/date-fields';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-fields';
import { ApiError } from '../../../lib/api-client';
import { searchEventPlaces } from '../api/find-event-places';
import { useRecordEquipmentEvent } from '../api/record-equipment-events';
import {
  EVENT_CODE_OPTIONS,
  EVENT_FIELD_LABELS,
  equipmentEventDefaults,
  FACILITY_TYPE_OPTIONS,
  type EquipmentEventForm as Form,
  toEquipmentEventBody,
  toEquipmentEventField,
  toEquipmentEventMessage,
} from './equipment-event-mapping';
import { eventTimeText, eventTitle, placeText } from './tracking-format';

const resolver = mappedBodyResolver(RecordEquipmentEventBodySchema, {
  toBody: toEquipmentEventBody,
  toField: toEquipmentEventField,
  toMessage: toEquipmentEventMessage,
});

const upper = (value: string) => value.toUpperCase();
const portLabel = (port: Pick<Port, 'code' | 'name'>) => `${port.name} (${port.code})`;

/** Two or three choices as radio buttons in a labelled group. */
function RadioField({
  name,
  label,
  options,
}: {
  name: 'eventClassifierCode' | 'emptyIndicatorCode';
  label: string;
  options: { value: string; label: string }[];
}) {
  const { field } = useController<Form, typeof name>({ name });
  return (
    <Radio.Group label={label} value={field.value} onChange={field.onChange} name={field.name}>
      <Group gap="md" mt={8} mb="sm">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * Record one equipment event (POST cp/admin/equipment-events/, ADMIN.EQUIPMENT_EVENT.CREATE), in the standard's
 * terms: the container (ISO 6346, its check digit checked as the server does), the event code, actual / estimated /
 * planned, the time in UTC, the place (a UN/LOCODE picked from the ports), facility, empty or laden, the voyage of a
 * vessel move, and whether it is a transhipment move. The contract's schema checks the form; the server's 400 (no
 * confirmed booking carries the container, a place the office does not serve, no voyage for a vessel move) lands on
 * the field it names. A recorded event is said above the form, as the Track screen will show it.
 */
export function EquipmentEventForm() {
  const record = useRecordEquipmentEvent();
  const [problem, setProblem] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<string | null>(null);
  const form = useForm<Form, unknown, RecordEquipmentEventBody>({
    defaultValues: equipmentEventDefaults(),
    resolver,
    shouldFocusError: false,
  });
  const submit = form.handleSubmit(
    async (body) => {
      setProblem(null);
      setRecorded(null);
      try {
        const event = await record.mutateAsync(body);
        const text = `${eventTitle(event)} of ${event.containerNumber ?? body.equipmentReference} at ${placeText(event.place)}, ${eventTimeText(event)}`;
        setRecorded(text);
      } catch (error) {
        const fields =
          error instanceof ApiError
            ? Object.fromEntries(
                Object.entries(error.fields).map(([field, message]) => [
                  field,
                  toEquipmentEventMessage(toEquipmentEventField(field) ?? field, message),
                ]),
              )
            : {};
        const placed = applyServerFieldErrors(fields, form.setError, toEquipmentEventField);
        if (placed < Object.keys(fields).length || placed === 0)
          setProblem(error instanceof ApiError ? error.message : 'The event could not be recorded.');
      }
    },
    () => focusFirstInvalid(document.getElementById('equipment-event-form')),
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="equipment-event-title">
      <Title order={2} size="h4" id="equipment-event-title" mb="xs">
        Record one event
      </Title>
      <FormProvider {...form}>
        <form id="equipment-event-form" onSubmit={submit} noValidate>
          <Stack gap={4}>
            {recorded && (
              <Alert color="green" title="Event recorded" role="status" mb="sm" data-testid="event-recorded">
                {recorded}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              <TextField<Form>
                name="equipmentReference"
                label={EVENT_FIELD_LABELS.equipmentReference}
                required
                maxLength={20}
                placeholder="MSCU1234566"
                autoComplete="off"
                normalize={upper}
              />
              <SelectField<Form>
                name="equipmentEventTypeCode"
                label={EVENT_FIELD_LABELS.equipmentEventTypeCode}
                required
                data={EVENT_CODE_OPTIONS}
                placeholder="GTIN, LOAD, DISC…"
              />
              <DateField<Form>
                name="eventDateTime"
                label={EVENT_FIELD_LABELS.eventDateTime}
                fieldName="Event time"
                withTime
                required
                description="dd/mm/yyyy hh:mm, in UTC"
              />
              <TypeaheadField<Form, Port>
                name="place"
                label={EVENT_FIELD_LABELS.place}
                required
                placeholder="Search ports by name or code"
                search={searchEventPlaces}
                getOptionLabel={portLabel}
                getOptionKey={(port) => port.code}
              />
              <TextField<Form>
                name="facilitySMDGCode"
                label={EVENT_FIELD_LABELS.facilitySMDGCode}
                maxLength={6}
                placeholder="NSICT"
                autoComplete="off"
                normalize={upper}
              />
              <SelectField<Form>
                name="facilityTypeCode"
                label={EVENT_FIELD_LABELS.facilityTypeCode}
                data={FACILITY_TYPE_OPTIONS}
                clearable
              />
              <TextField<Form>
                name="carrierExportVoyageNumber"
                label={EVENT_FIELD_LABELS.carrierExportVoyageNumber}
                description="For a vessel move (LOAD, DISC) on another voyage than the booking's"
                maxLength={50}
                autoComplete="off"
                normalize={upper}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <RadioField
                name="eventClassifierCode"
                label={EVENT_FIELD_LABELS.eventClassifierCode}
                options={[
                  { value: 'ACT', label: 'Actual' },
                  { value: 'EST', label: 'Estimated' },
                  { value: 'PLN', label: 'Planned' },
                ]}
              />
              <RadioField
                name="emptyIndicatorCode"
                label={EVENT_FIELD_LABELS.emptyIndicatorCode}
                options={[
                  { value: 'LADEN', label: 'Laden' },
                  { value: 'EMPTY', label: 'Empty' },
                ]}
              />
            </SimpleGrid>
            <CheckboxField<Form>
              name="isTransshipmentMove"
              label="Transhipment move (discharged or loaded at the transhipment port)"
            />
            {problem && (
              <Alert color="red" title="Not recorded" data-testid="event-problem">
                {problem}
              </Alert>
            )}
            <Group justify="space-between" align="center" mt="sm" wrap="wrap">
              <Text size="xs" c="dimmed">
                An actual event is what happened (not later than now); estimated and planned ones are
                expected.
              </Text>
              <Button type="submit" loading={record.isPending}>
                Record event
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
}
