import { CUT_OFF_CODES, type PointToPointResult } from '@lading/contract/voyages';
import { Box, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/button-link';
import { StatusPill } from '../../../components/status-pill';
import { formatPortTime } from '../../../lib/port-time';

type PortOfCall = { code: string; name: string };

// Long port and vessel names wrap rather than widen the card (a phone never scrolls sideways).
const WRAP = { overflowWrap: 'anywhere' } as const;
// The cut-offs: two or three to a line where there is room, one on a phone.
const CUT_OFF_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))',
  gap: '2px var(--mantine-spacing-md)',
  ...WRAP,
} as const;
const portLabel = (port: PortOfCall) => `${port.name} (${port.code})`;

/** One labelled fact of a sailing. */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} miw={0} style={WRAP}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/** "Direct", or the transhipment port with the arrival there and the onward vessel's departure. */
function Transhipment({ sailing }: { sailing: PointToPointResult }) {
  const via = sailing.transhipment;
  if (!via) return <>Direct</>;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} component="div">
        Via {portLabel(via)}
      </Text>
      <Text size="sm" component="div">
        Arrives {formatPortTime(via.eta, via.timeZone)}
      </Text>
      <Text size="sm" component="div">
        Connects to {via.vesselName} · voyage {via.carrierVoyageNumber} ({via.serviceCode}), departing{' '}
        {formatPortTime(via.etd, via.timeZone)}
      </Text>
    </Stack>
  );
}

/** The loading call's cut-offs, by time: code, name and the time at the port of loading; the ones past say so. */
function CutOffs({ sailing, now }: { sailing: PointToPointResult; now: number }) {
  if (sailing.cutOffs.length === 0) return <Text size="sm">None published</Text>;
  return (
    <Box component="dl" m={0} style={CUT_OFF_GRID}>
      {sailing.cutOffs.map((cutOff) => {
        const passed = Date.parse(cutOff.at) <= now;
        return (
          <div key={cutOff.code} data-testid="cut-off">
            <Box component="dt" display="inline">
              <Text span size="sm" fw={700}>
                {cutOff.code}
              </Text>{' '}
              <Text span size="sm">
                {CUT_OFF_CODES[cutOff.code]}:
              </Text>{' '}
            </Box>
            <Box component="dd" display="inline" m={0}>
              <Text span size="sm">
                {formatPortTime(cutOff.at, sailing.pol.timeZone)}
              </Text>
              {passed && (
                <Text span size="sm" fw={600} c="red.9">
                  {' '}
                  (passed)
                </Text>
              )}
            </Box>
          </div>
        );
      })}
    </Box>
  );
}

/**
 * One sailing of the search, as a card (every width: on a phone one column, nothing wider than the screen): the
 * vessel and voyage, service, the departure from the port of loading and the arrival at the port of discharge in
 * each port's local time with its offset, transit days, the transhipment and its connection, the cut-offs at the
 * port of loading, and "Get a price" for those who make rate enquiries.
 */
export function SailingCard({
  sailing,
  headingId,
  canPrice,
  now,
}: {
  sailing: PointToPointResult;
  headingId: string;
  canPrice: boolean;
  now: number;
}) {
  const title = `${sailing.vesselName} · voyage ${sailing.carrierVoyageNumber}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      miw={0}
      data-testid="sailing"
      data-etd={sailing.etd}
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} miw={0} style={WRAP}>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Service {sailing.serviceCode} · IMO {sailing.vesselImo}
              </Text>
              <StatusPill
                status={sailing.transhipment ? '1 transhipment' : 'Direct'}
                color={sailing.transhipment ? '#9a3c00' : '#1e6b30'}
              />
            </Group>
          </Stack>
          {canPrice && (
            <ButtonLink
              to="/app-dashboard/app-rate-enquiry"
              search={{ pol: sailing.pol.code, pod: sailing.pod.code, voyageId: sailing.voyageId }}
              aria-label={`Get a price for ${title}`}
            >
              Get a price
            </ButtonLink>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Fact label={`ETD ${portLabel(sailing.pol)}`} testId="sailing-etd">
            {formatPortTime(sailing.etd, sailing.pol.timeZone)}
          </Fact>
          <Fact label={`ETA ${portLabel(sailing.pod)}`} testId="sailing-eta">
            {formatPortTime(sailing.eta, sailing.pod.timeZone)}
          </Fact>
          <Fact label="Transit" testId="sailing-transit">
            {sailing.transitDays} {sailing.transitDays === 1 ? 'day' : 'days'}
          </Fact>
        </SimpleGrid>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Fact label="Transhipment" testId="sailing-transhipment">
              <Transhipment sailing={sailing} />
            </Fact>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Fact label={`Cut-offs at ${sailing.pol.name}`}>
              <CutOffs sailing={sailing} now={now} />
            </Fact>
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}
