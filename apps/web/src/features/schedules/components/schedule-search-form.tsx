import { type PointToPointQuery, PointToPointQuerySchema } from '@lading/contract/voyages';
import { Button, Group, Paper, Radio, SimpleGrid } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { TypeaheadField } from '../../../components/form/choice-fields';
import { DateField } from '../../../components/form/date-fields';
import { mappedBodyResolver } from '../../../components/form/mapped-body-resolver';
import { searchSeaPorts } from '../../../lib/reference-data/find-sea-ports';
import { usePortByCode } from '../api/find-port';
import { scheduleKeys } from '../api/query-keys';
import {
  type ScheduleForm,
  type SchedulePort,
  scheduleFormDefaults,
  toScheduleField,
  toScheduleMessage,
  toScheduleQuery,
  toScheduleSearch,
} from './schedule-form';
import type { ScheduleSearch } from './schedule-search';

const resolver = mappedBodyResolver(PointToPointQuerySchema, {
  toBody: toScheduleQuery,
  toField: toScheduleField,
  toMessage: toScheduleMessage,
});

const portLabel = (port: SchedulePort) => `${port.name} (${port.code})`;

function PortField({ name, label }: { name: 'pol' | 'pod'; label: string }) {
  return (
    <TypeaheadField<ScheduleForm, SchedulePort>
      name={name}
      label={label}
      required
      placeholder="Search ports by name or code"
      search={searchSeaPorts}
      getOptionLabel={portLabel}
      getOptionKey={(port) => port.code}
    />
  );
}

/** Direct only, or up to one transhipment: two radio buttons in a labelled group. */
function TranshipmentField() {
  const { field } = useController<ScheduleForm, 'maxTranshipment'>({ name: 'maxTranshipment' });
  return (
    <Radio.Group label="Route" value={field.value} onChange={field.onChange} name={field.name}>
      <Group gap="md" mt={8}>
        <Radio value="0" label="Direct only" />
        <Radio value="1" label="Up to one transhipment" />
      </Group>
    </Radio.Group>
  );
}

/**
 * The schedule search: from and to (sea-port typeaheads), the departure window (today to four weeks on unless the
 * address says otherwise), direct only or up to one transhipment. The contract's query schema checks it (both ports,
 * different, a window of at most three months, in order); `onSearch` gets the checked search for the address. The
 * page mounts the form afresh for every search in the address (a key), so Back shows the search it returns to; the
 * ports the address names are looked up by code (or known from this browser's own searches) and shown.
 */
export function ScheduleSearchForm({
  search,
  today,
  onSearch,
}: {
  search: ScheduleSearch;
  today: string;
  onSearch: (search: ScheduleSearch) => void;
}) {
  const queryClient = useQueryClient();
  // Known at once when this browser searched them before (the ports picked are kept by code on every search).
  const pol = usePortByCode(search.pol);
  const pod = usePortByCode(search.pod);
  const form = useForm<ScheduleForm, unknown, PointToPointQuery>({
    defaultValues: { ...scheduleFormDefaults(search, today), pol: pol.data ?? null, pod: pod.data ?? null },
    resolver,
  });
  const { getValues, setValue } = form;
  useEffect(() => {
    if (pol.data && !getValues('pol')) setValue('pol', pol.data);
  }, [pol.data, getValues, setValue]);
  useEffect(() => {
    if (pod.data && !getValues('pod')) setValue('pod', pod.data);
  }, [pod.data, getValues, setValue]);
  const submit = form.handleSubmit((query) => {
    for (const port of [getValues('pol'), getValues('pod')])
      if (port) queryClient.setQueryData(scheduleKeys.port(port.code), { code: port.code, name: port.name });
    onSearch(toScheduleSearch(query));
  });

  return (
    <Paper withBorder p="md" radius="md" component="search" aria-label="Find sailings">
      <FormProvider {...form}>
        <form noValidate onSubmit={submit}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PortField name="pol" label="From (port of loading)" />
            <PortField name="pod" label="To (port of discharge)" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            <DateField<ScheduleForm> name="departureFrom" label="Departing from" required />
            <DateField<ScheduleForm> name="departureTo" label="Departing until" required />
            <TranshipmentField />
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <Button type="submit">Search sailings</Button>
          </Group>
        </form>
      </FormProvider>
    </Paper>
  );
}
