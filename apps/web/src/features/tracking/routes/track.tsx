import { recogniseReference, type TrackResult } from '@lading/contract/tracking';
import { Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useTrack } from '../api/track';
import { parseTrackSearch } from '../components/track-search';
import { type FocusRequest, TrackSearchForm } from '../components/track-search-form';
import { TrackingDetails } from '../components/tracking-details';
import { recognisedText } from '../components/tracking-format';

const route = getRouteApi('/portal/app-dashboard/app-track');

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The shipment page and the bill of lading of what was found, for those who may open them. */
function RecordLinks({ result }: { result: TrackResult }) {
  const can = useCan();
  const { booking, bill } = result;
  const shipment = booking && can('CP.BOOKING.VIEW');
  const billLink = bill && can('CP.BL.VIEW');
  if (!shipment && !billLink) return null;
  return (
    <Group gap="md" wrap="wrap">
      {shipment && (
        <AnchorLink
          to="/app-dashboard/app-shipment/$bookingId"
          params={{ bookingId: String(booking.id) }}
          size="sm"
        >
          Shipment page of booking {booking.number}
        </AnchorLink>
      )}
      {billLink && (
        <AnchorLink to="/bl_view/$id" params={{ id: String(bill.id) }} size="sm">
          Bill of lading {bill.number}
        </AnchorLink>
      )}
    </Group>
  );
}

/**
 * What was searched: what the text was recognised as (the heading, which takes the focus after each search), then
 * why nothing is shown (a wrong check digit, checked here before any call; no such record within reach) or the
 * shipment's route, containers and document events.
 */
function Result({ typed, focusRequest }: { typed: string; focusRequest: FocusRequest | null }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a search, once this shows what was searched: the focus goes to what was recognised.
  useEffect(() => {
    if (focusRequest?.ref === typed) headingRef.current?.focus();
  }, [focusRequest, typed]);
  const recognised = recogniseReference(typed);
  const result = useTrack(recognised.valid ? recognised.reference : null);
  const data = result.data;
  const refused = result.error instanceof ApiError && result.error.status === 400 ? result.error : null;
  const message = !recognised.valid ? recognised.message : (data?.message ?? null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="track-result">
      <Title order={2} size="h4" id="track-result" ref={headingRef} tabIndex={-1}>
        {recognisedText(data?.kind ?? recognised.kind, data?.reference ?? recognised.reference)}
      </Title>
      {message ? (
        <Alert color="yellow" title="Nothing to show" data-testid="track-message">
          {sentence(message)}
        </Alert>
      ) : refused ? (
        <Alert color="red" title="This search cannot be made">
          {Object.values(refused.fields)[0] ?? refused.message}
        </Alert>
      ) : result.isPending ? (
        <Skeleton height={240} />
      ) : (
        <QueryError query={result} errorTitle="The tracking could not be loaded" />
      )}
      {data && !data.message && (
        <>
          <RecordLinks result={data} />
          <TrackingDetails route={data.route} containers={data.containers} documents={data.documents} />
        </>
      )}
    </Stack>
  );
}

/**
 * app-dashboard/app-track (issue 30): one search box for a container, bill-of-lading or booking number, within the
 * caller's shipments (customers and staff, CP.TRACKING.VIEW). The search is kept in the address (`?ref=`), so a
 * result can be linked; the bell's milestone notices refresh it (the `tracking` root). Each search moves the focus
 * to what was recognised, which screen readers then read.
 */
export function TrackPage() {
  const { ref } = parseTrackSearch(route.useSearch());
  const navigate = route.useNavigate();
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  return (
    <PageFrame title="Track">
      <TrackSearchForm
        key={ref ?? ''}
        initial={ref ?? ''}
        label="Container, bill of lading or booking number"
        description="As on the papers: MSCU 123456-6, a bill of lading number, or a booking number (BKG…)"
        searchLabel="Track a shipment"
        onSearch={(next) => {
          void navigate({ search: { ref: next } });
          setFocusRequest({ ref: next });
        }}
      />
      {ref ? (
        <Result typed={ref} focusRequest={focusRequest} />
      ) : (
        <Text size="sm" c="dimmed">
          Type a container number, a bill of lading number or a booking number to see where the shipment is.
        </Text>
      )}
    </PageFrame>
  );
}
