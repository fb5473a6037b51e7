import { recogniseReference } from '@lading/contract/tracking';
import { Alert, Anchor, Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api-client';
import { formatPortDateTime } from '../../../lib/port-time';
import { queryClient } from '../../../lib/query-client';
import { usePublicTrack } from '../api/public-track';
import { parseTrackSearch } from '../components/track-search';
import { type FocusRequest, TrackSearchForm } from '../components/track-search-form';
import classes from '../components/tracking.module.css';
import { classifierText, placeText, recognisedText } from '../components/tracking-format';

const route = getRouteApi('/track');

const NO_INFORMATION = 'No tracking information for this number';

/** What was searched and its milestones (event, place, local time), or that there is nothing to show. */
function PublicResult({ typed, focusRequest }: { typed: string; focusRequest: FocusRequest | null }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a search, once this shows what was searched: the focus goes to what was recognised.
  useEffect(() => {
    if (focusRequest?.ref === typed) headingRef.current?.focus();
  }, [focusRequest, typed]);
  const recognised = recogniseReference(typed);
  const result = usePublicTrack(recognised.valid ? recognised.reference : null);
  const data = result.data;
  const tooMany = result.error instanceof ApiError && result.error.status === 429;
  const heading = data?.kind ? recognisedText(data.kind, data.reference) : recognised.reference;
  return (
    <Stack gap="sm" component="section" aria-labelledby="public-track-result">
      <Title order={2} size="h4" id="public-track-result" ref={headingRef} tabIndex={-1}>
        {heading}
      </Title>
      {!recognised.valid ? (
        <Alert color="yellow" title="Not a container number">
          Container {recognised.reference}: {recognised.message}.
        </Alert>
      ) : tooMany ? (
        <Alert color="yellow" title="Too many searches">
          Too many searches from here in the last minute. Try again in a minute.
        </Alert>
      ) : result.isPending ? (
        <Skeleton height={160} />
      ) : (
        <QueryError query={result} errorTitle="The tracking could not be loaded" />
      )}
      {data && data.milestones.length === 0 && <Text data-testid="public-track-none">{NO_INFORMATION}.</Text>}
      {data && data.milestones.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            Milestones so far, oldest first, in local time at each place.
          </Text>
          <ol className={classes.timeline} aria-label={`Milestones of ${data.reference}`}>
            {data.milestones.map((milestone) => {
              const sureness = classifierText(milestone.classifier);
              return (
                <li
                  key={`${milestone.code}-${milestone.place.code}-${milestone.at}`}
                  className={classes.event}
                  data-classifier={milestone.classifier}
                  data-testid="public-milestone"
                >
                  <span className={classes.marker} aria-hidden="true" />
                  <Text size="sm" fw={600}>
                    {milestone.label}
                    {sureness && <span className={classes.tag}>{sureness}</span>}
                  </Text>
                  <Text size="sm">{placeText(milestone.place)}</Text>
                  <Text size="sm" c="dimmed">
                    <time dateTime={milestone.at}>
                      {formatPortDateTime(milestone.at, milestone.place.timeZone)}
                    </time>
                  </Text>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </Stack>
  );
}

function PublicTrack() {
  const { ref } = parseTrackSearch(route.useSearch());
  const navigate = route.useNavigate();
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  useEffect(() => {
    document.title = 'Track a shipment · Lading';
  }, []);
  return (
    <Box component="main" mih="100vh" p="md" bg="var(--mantine-color-lading-0)">
      <Paper withBorder shadow="sm" p="xl" maw={720} mx="auto" radius="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={800} c="lading.9" size="lg">
              Lading
            </Text>
            <Anchor component={Link} to="/app-login" size="sm">
              Sign in
            </Anchor>
          </Group>
          <Stack gap={4}>
            <Title order={1} size="h2">
              Track a shipment
            </Title>
            <Text size="sm" c="dimmed">
              By container or bill of lading number: where the shipment has got to. Sign in to see your
              bookings, documents and every event.
            </Text>
          </Stack>
          <TrackSearchForm
            key={ref ?? ''}
            initial={ref ?? ''}
            label="Container or bill of lading number"
            searchLabel="Track a shipment"
            onSearch={(next) => {
              void navigate({ search: { ref: next } });
              setFocusRequest({ ref: next });
            }}
          />
          {ref && <PublicResult typed={ref} focusRequest={focusRequest} />}
        </Stack>
      </Paper>
    </Box>
  );
}

/**
 * /track (issue 30): public tracking, no sign-in, linked from the login page. By container or bill-of-lading number
 * only, it shows the milestones (event, place, time) and nothing else: the API answers no parties, cargo, weights,
 * prices or booking numbers, and an unknown number, a booking number and one without milestones alike. The search
 * is kept in the address (`?ref=`). The signed-out screens carry no query client, so this one brings the portal's.
 */
export function PublicTrackPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <PublicTrack />
    </QueryClientProvider>
  );
}
