import type { Port } from '@lading/contract/reference-data';
import type { Voyage } from '@lading/contract/voyages';
import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/anchor-link';
import { DateInput } from '../../../components/date-input';
import { isDateValue } from '../../../components/form/date-text';
import { ListFilters, type ListNoun, ListPage, useListPage } from '../../../components/list-page';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { Typeahead } from '../../../components/typeahead';
import type { WorkListColumn } from '../../../components/work-list';
import { formatPortTime } from '../../../lib/port-time';
import { searchSeaPorts } from '../../../lib/reference-data/find-sea-ports';
import { useServices } from '../api/find-services';
import { useVoyages } from '../api/find-voyages';
import { parseVoyageListSearch } from '../components/voyage-list-search';

const route = getRouteApi('/portal/app-dashboard-admin/voyages');

type Filters = {
  serviceId: string | null;
  port: Port | null;
  voyageNumber: string;
  departureFrom: string;
  departureTo: string;
};
const NO_FILTERS: Filters = {
  serviceId: null,
  port: null,
  voyageNumber: '',
  departureFrom: '',
  departureTo: '',
};
const VOYAGES: ListNoun = { one: 'voyage', many: 'voyages' };
const day = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** A call's port and time: "Nhava Sheva (INNSA) · Fri 28/11/2026 18:00 GMT+5:30". */
function CallTime({ call, at }: { call: Voyage['calls'][number] | undefined; at: 'etd' | 'eta' }) {
  if (!call) return <>—</>;
  return (
    <Stack gap={0}>
      <Text size="sm">
        {call.port.name} ({call.port.code})
      </Text>
      <Text size="xs" c="dimmed">
        {formatPortTime(call[at], call.port.timeZone)}
      </Text>
    </Stack>
  );
}

/**
 * The voyages, by first departure: filters for the service, a port called at, the voyage number and the departure
 * window (a service's "Voyages" opens it filtered), paged; each voyage opens its page.
 */
export function VoyagesPage() {
  const opening = parseVoyageListSearch(route.useSearch());
  const services = useServices();
  const { filters, set, range, pages } = useListPage<Filters>({
    ...NO_FILTERS,
    serviceId: opening.serviceId ? String(opening.serviceId) : null,
    departureFrom: opening.departureFrom ?? '',
  });
  const [voyageNumber] = useDebouncedValue(filters.voyageNumber, 300);
  const list = useVoyages({
    serviceId: filters.serviceId ? Number(filters.serviceId) : undefined,
    port: filters.port?.code,
    voyageNumber,
    departureFrom: day(filters.departureFrom),
    departureTo: day(filters.departureTo),
    ...range,
  });
  const columns: WorkListColumn<Voyage>[] = [
    {
      label: 'Voyage',
      render: (voyage) => (
        <AnchorLink
          to="/app-dashboard-admin/voyages/$id"
          params={{ id: String(voyage.id) }}
          fw={600}
          aria-label={`Voyage ${voyage.carrierVoyageNumber} of ${voyage.service.code}`}
        >
          {voyage.carrierVoyageNumber}
        </AnchorLink>
      ),
    },
    { label: 'Service', render: (voyage) => `${voyage.service.code} · ${voyage.service.name}` },
    { label: 'Vessel', render: (voyage) => voyage.vessel.name },
    { label: 'Departs', render: (voyage) => <CallTime call={voyage.calls[0]} at="etd" /> },
    { label: 'Arrives', render: (voyage) => <CallTime call={voyage.calls.at(-1)} at="eta" /> },
    {
      label: 'Calls',
      render: (voyage) => {
        const omitted = voyage.calls.filter((call) => call.status === 'OMITTED').length;
        return `${voyage.calls.length}${omitted ? ` (${omitted} omitted)` : ''}`;
      },
    },
  ];
  const active = [
    filters.serviceId,
    filters.port,
    filters.voyageNumber || null,
    filters.departureFrom || null,
    filters.departureTo || null,
  ].filter((value) => value !== null).length;
  return (
    <ListPage
      title="Voyages"
      filters={
        <ListFilters
          label="Filter voyages"
          cols={{ base: 1, sm: 2, lg: 5 }}
          active={active}
          onClear={() => set(NO_FILTERS)}
          count={list.data?.count}
          noun={VOYAGES}
        >
          <OnDemandSelect
            label="Service"
            placeholder="Any"
            clearable
            searchable
            data={(services.data?.results ?? []).map((service) => ({
              value: String(service.id),
              label: `${service.code} · ${service.name}`,
            }))}
            value={filters.serviceId}
            onChange={(serviceId) => set({ serviceId })}
          />
          <Typeahead<Port>
            label="Calling at"
            value={filters.port}
            onChange={(port) => set({ port })}
            search={searchSeaPorts}
            getOptionLabel={(port) => `${port.name} (${port.code})`}
            getOptionKey={(port) => port.code}
            placeholder="Any port"
          />
          <TextInput
            label="Voyage number"
            value={filters.voyageNumber}
            maxLength={20}
            onChange={(event) => set({ voyageNumber: event.currentTarget.value })}
          />
          <DateInput
            label="Departing from"
            value={filters.departureFrom}
            onChange={(departureFrom) => {
              if (isDateValue(departureFrom)) set({ departureFrom });
            }}
          />
          <DateInput
            label="Departing until"
            value={filters.departureTo}
            onChange={(departureTo) => {
              if (isDateValue(departureTo)) set({ departureTo });
            }}
          />
        </ListFilters>
      }
      noun={VOYAGES}
      countSuffix=", by first departure"
      query={list}
      empty="No voyage matches these filters."
      columns={columns}
      pages={{ ...pages, size: 'md' }}
    />
  );
}
