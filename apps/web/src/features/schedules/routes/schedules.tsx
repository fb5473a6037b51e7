import { todayIso } from '@lading/contract/quotations';
import type { PointToPointResult } from '@lading/contract/voyages';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { PageFrame } from '../../../components/page-frame';
import { QueryStatus } from '../../../components/query-status';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { usePortByCode } from '../api/find-port';
import { type PointToPointSearch, useSailings } from '../api/find-sailings';
import { SailingCard } from '../components/sailing-card';
import { pointToPointSearch, widerWindowEnd } from '../components/schedule-form';
import { parseScheduleSearch } from '../components/schedule-search';
import { ScheduleSearchForm } from '../components/schedule-search-form';

const route = getRouteApi('/portal/app-dashboard/app-schedules');

/** By departure, then arrival (the server's order, kept whatever it sends). */
const byDeparture = (a: PointToPointResult, b: PointToPointResult) =>
  a.etd.localeCompare(b.etd) || a.eta.localeCompare(b.eta);

const sailingKey = (sailing: PointToPointResult) =>
  `${sailing.voyageId}-${sailing.transhipment?.voyageId ?? 'direct'}`;

/** "Nhava Sheva (INNSA)" once the port is known, the code until then. */
function usePortName(code: string) {
  const port = usePortByCode(code);
  return port.data ? `${port.data.name} (${port.data.code})` : code;
}

function Results({
  search,
  onWiden,
  summaryRef,
}: {
  search: PointToPointSearch;
  onWiden: (departureTo: string) => void;
  summaryRef: Ref<HTMLParagraphElement>;
}) {
  const can = useCan();
  const sailings = useSailings(search);
  const [now] = useState(Date.now);
  const ids = useId();
  const from = usePortName(search.pol);
  const to = usePortName(search.pod);
  const departing = `departing ${formatDate(search.departureFrom)} to ${formatDate(search.departureTo)}`;
  const wider = widerWindowEnd(search);
  const results = sailings.data ? [...sailings.data.results].sort(byDeparture) : undefined;
  const refused = sailings.error instanceof ApiError && sailings.error.status === 400 ? sailings.error : null;
  return (
    <Stack gap="sm" component="section" aria-label="Sailings">
      <Text size="sm" aria-live="polite" ref={summaryRef} tabIndex={-1} data-testid="sailings-summary">
        {results === undefined
          ? ' '
          : results.length === 0
            ? `No ${search.maxTranshipment === 0 ? 'direct ' : ''}sailings from ${from} to ${to} ${departing}.`
            : `${results.length} ${results.length === 1 ? 'sailing' : 'sailings'} from ${from} to ${to} ${departing}, by departure.`}
      </Text>
      {refused ? (
        <Alert color="red" title="This search cannot be made">
          {Object.values(refused.fields)[0] ?? refused.message}
        </Alert>
      ) : (
        <QueryStatus
          query={sailings}
          skeletonHeight={200}
          holdFooter
          errorTitle="Could not load the sailings"
        />
      )}
      {results && results.length === 0 && (
        <Paper withBorder p="md" radius="md" data-testid="no-sailings">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Try a wider departure window
              {search.maxTranshipment === 0 ? ', or allow one transhipment' : ''}: sailings on this lane may
              be weekly or less often.
            </Text>
            {wider && (
              <Button variant="default" size="sm" onClick={() => onWiden(wider)}>
                Search until {formatDate(wider)}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      {results && results.length > 0 && (
        <Stack
          component="ol"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`Sailings from ${from} to ${to}`}
        >
          {results.map((sailing, index) => (
            <SailingCard
              key={sailingKey(sailing)}
              sailing={sailing}
              headingId={`${ids}-${index}`}
              canPrice={can('CP.RATE_ENQUIRY.VIEW')}
              now={now}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * app-dashboard/app-schedules (issue 26): the point-to-point sailing schedule for customers and staff. The search is
 * kept in the address, so "Get a price" and Back return to the same sailings; each search moves the focus to the
 * results' summary, which screen readers then read.
 */
export function SchedulesPage() {
  const search = parseScheduleSearch(route.useSearch());
  const navigate = route.useNavigate();
  const [today] = useState(todayIso);
  const query = pointToPointSearch(search, today);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const [searched, setSearched] = useState(0);
  useEffect(() => {
    if (searched > 0) summaryRef.current?.focus();
  }, [searched]);
  return (
    <PageFrame title="Schedules">
      <ScheduleSearchForm
        key={JSON.stringify(search)}
        search={search}
        today={today}
        onSearch={(next) => {
          void navigate({ search: next });
          setSearched((count) => count + 1);
        }}
      />
      {query ? (
        <Results
          search={query}
          summaryRef={summaryRef}
          onWiden={(departureTo) => {
            void navigate({ search: { ...search, departureFrom: query.departureFrom, departureTo } });
            setSearched((count) => count + 1);
          }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Choose a port of loading and a port of discharge to see the sailings between them.
        </Text>
      )}
    </PageFrame>
  );
}
