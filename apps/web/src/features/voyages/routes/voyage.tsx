import { CUT_OFF_CODES, type TransportCall, type TransportCallStatus } from '@lading/contract/voyages';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { QueryStatus } from '../../../components/query-status';
import { StatusPill } from '../../../components/status-pill';
import { WorkList, type WorkListColumn } from '../../../components/work-list';
import { useCan } from '../../../lib/permissions';
import { formatPortTime } from '../../../lib/port-time';
import { useVoyage } from '../api/get-voyage';
import { CallChangeModal } from '../components/call-change-modal';
import { actualsLabel, type CallAction, callActions } from '../components/call-changes';

const BackLink = () => (
  <AnchorLink to="/app-dashboard-admin/voyages" size="sm">
    Back to voyages
  </AnchorLink>
);

const STATUS: Record<TransportCallStatus, { text: string; color: string }> = {
  SCHEDULED: { text: 'Scheduled', color: '#1864ab' },
  ARRIVED: { text: 'Arrived', color: '#1e6b30' },
  DEPARTED: { text: 'Departed', color: '#495057' },
  OMITTED: { text: 'Omitted', color: '#c92a2a' },
};

/** One labelled fact of the voyage. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Planned, estimated and actual times of an arrival or a departure, in the port's time with its offset. */
function Times({
  call,
  planned,
  estimated,
  actual,
}: {
  call: TransportCall;
  planned: string;
  estimated: string;
  actual: string | null;
}) {
  const tz = call.port.timeZone;
  const moved = Date.parse(planned) !== Date.parse(estimated);
  return (
    <Stack gap={0}>
      <Text size="xs" component="div">
        <Text span size="xs" c="dimmed">
          Planned{' '}
        </Text>
        {formatPortTime(planned, tz)}
      </Text>
      <Text size="xs" component="div" fw={moved ? 700 : undefined}>
        <Text span size="xs" c="dimmed" fw={400}>
          Estimated{' '}
        </Text>
        {formatPortTime(estimated, tz)}
      </Text>
      <Text size="xs" component="div">
        <Text span size="xs" c="dimmed">
          Actual{' '}
        </Text>
        {formatPortTime(actual, tz)}
      </Text>
    </Stack>
  );
}

/** The call's cut-offs by time: code (its name on hover and for screen readers) and the time at the port. */
function CallCutOffs({ call }: { call: TransportCall }) {
  if (call.cutOffs.length === 0) return <>—</>;
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {call.cutOffs.map((cutOff) => (
        <Text size="xs" component="li" key={cutOff.code}>
          <Text span size="xs" fw={700}>
            <abbr title={CUT_OFF_CODES[cutOff.code]}>{cutOff.code}</abbr>
          </Text>{' '}
          {formatPortTime(cutOff.at, call.port.timeZone)}
        </Text>
      ))}
    </Stack>
  );
}

const ACTION_TEXT: Record<CallAction, (call: TransportCall) => string> = {
  delay: () => 'Delay',
  omit: () => 'Omit',
  actuals: actualsLabel,
  'cut-offs': () => 'Edit cut-offs',
};

/**
 * One voyage: service and vessel, then its calls in sequence (port and terminal; planned, estimated and actual
 * arrival and departure in the port's time with its offset; status; cut-offs) and, for holders of
 * ADMIN.VOYAGE.EDIT, what may still be done to each call (delay, omit, record arrival or departure, edit cut-offs).
 * A branch changes only the calls at its own port: the server refuses the others, and the dialog says so.
 */
export function VoyagePage({ id }: { id: number }) {
  const voyage = useVoyage(id);
  const can = useCan();
  const [action, setAction] = useState<{ kind: CallAction; sequence: number } | null>(null);
  if (voyage.isPending || voyage.isError)
    return (
      <PageFrame title="Voyage" actions={<BackLink />}>
        <QueryStatus
          query={voyage}
          skeletonHeight={320}
          holdFooter
          errorTitle="Could not load the voyage"
          notFoundText="There is no voyage with this id."
        />
      </PageFrame>
    );
  const data = voyage.data;
  const canEdit = can('ADMIN.VOYAGE.EDIT');
  const first = data.calls[0];
  const last = data.calls.at(-1);
  const columns: WorkListColumn<TransportCall>[] = [
    {
      label: 'Call',
      render: (call) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {call.sequence}. {call.port.name} ({call.port.code})
          </Text>
          <Text size="xs" c="dimmed">
            {call.terminalName ?? 'Terminal not set'}
          </Text>
        </Stack>
      ),
    },
    {
      label: 'Arrival',
      render: (call) => (
        <Times call={call} planned={call.plannedArrival} estimated={call.eta} actual={call.ata} />
      ),
    },
    {
      label: 'Departure',
      render: (call) => (
        <Times call={call} planned={call.plannedDeparture} estimated={call.etd} actual={call.atd} />
      ),
    },
    {
      label: 'Status',
      render: (call) => <StatusPill status={STATUS[call.status].text} color={STATUS[call.status].color} />,
    },
    { label: 'Cut-offs', render: (call) => <CallCutOffs call={call} /> },
    ...(canEdit
      ? [
          {
            label: 'Actions',
            actions: true,
            render: (call: TransportCall) => {
              const actions = callActions(call);
              if (actions.length === 0)
                return (
                  <Text size="xs" c="dimmed">
                    Nothing to change
                  </Text>
                );
              return (
                <Group gap={4} wrap="wrap">
                  {actions.map((kind) => (
                    <Button
                      key={kind}
                      size="compact-sm"
                      variant={kind === 'omit' ? 'subtle' : 'default'}
                      color={kind === 'omit' ? '#c92a2a' : undefined}
                      aria-label={`${ACTION_TEXT[kind](call)}: call ${call.sequence}, ${call.port.name}`}
                      onClick={() => setAction({ kind, sequence: call.sequence })}
                    >
                      {ACTION_TEXT[kind](call)}
                    </Button>
                  ))}
                </Group>
              );
            },
          } satisfies WorkListColumn<TransportCall>,
        ]
      : []),
  ];
  return (
    <PageFrame title={`Voyage ${data.carrierVoyageNumber}`} actions={<BackLink />}>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Fact label="Service">
            {data.service.code} · {data.service.name}
          </Fact>
          <Fact label="Vessel">
            {data.vessel.name} (IMO {data.vessel.imoNumber}, flag {data.vessel.flag})
          </Fact>
          <Fact label="Departs">
            {first ? `${first.port.name}, ${formatPortTime(first.etd, first.port.timeZone)}` : '—'}
          </Fact>
          <Fact label="Arrives">
            {last ? `${last.port.name}, ${formatPortTime(last.eta, last.port.timeZone)}` : '—'}
          </Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="calls-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="calls-title">
            Calls
          </Title>
          <Text size="sm" c="dimmed">
            Times are each port’s local time, with its offset from UTC.
          </Text>
          <WorkList
            caption={`Calls of voyage ${data.carrierVoyageNumber}`}
            items={data.calls}
            columns={columns}
          />
        </Stack>
      </Paper>
      <CallChangeModal
        voyage={data}
        action={action}
        onClose={() => setAction(null)}
        onReload={() => voyage.refetch()}
      />
    </PageFrame>
  );
}

/** `/app-dashboard-admin/voyages/$id` (lazy-loaded with its page). */
export function VoyageRoute() {
  const { id } = useParams({ from: '/portal/app-dashboard-admin/voyages/$id' });
  return <VoyagePage key={id} id={Number(id)} />;
}
