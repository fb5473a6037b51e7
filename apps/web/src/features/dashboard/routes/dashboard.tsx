import type { AttentionItem, AttentionKind, CustomerDashboard } from '@lading/contract/dashboards';
import { Alert, Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { HrefLink } from '../../../components/href-link';
import { PageFrame } from '../../../components/page-frame';
import { QueryStatus } from '../../../components/query-status';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useCustomerDashboard } from '../api/get-customer-dashboard';
import classes from '../components/attention-row.module.css';
import { activityText, monthLabel } from '../components/dashboard-format';
import { DashboardSection } from '../components/dashboard-section';
import { LazyVolumeChart } from '../components/lazy-volume-chart';

const KIND_BADGES: Record<AttentionKind, { label: string; color: string }> = {
  BL_RETURNED: { label: 'Returned', color: 'red' },
  QUOTATION_EXPIRING: { label: 'Expiring', color: 'orange' },
  BL_DRAFT: { label: 'Draft', color: 'blue' },
  BOOKING_AWAITING_CONFIRMATION: { label: 'Awaiting carrier', color: 'gray' },
};

function AttentionRow({ item }: { item: AttentionItem }) {
  const badge = KIND_BADGES[item.kind];
  return (
    <li className={classes.row} data-testid="attention-item">
      <Badge color={badge.color} variant="light" className={classes.badge}>
        {badge.label}
      </Badge>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <HrefLink href={item.link} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </HrefLink>
        {item.detail && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.detail}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {item.due ? `Valid until ${formatDate(item.due)}` : `Since ${formatDate(item.since)}`}
        </Text>
      </Stack>
    </li>
  );
}

function Attention({ data }: { data: CustomerDashboard }) {
  return (
    <DashboardSection id="attention-title" title="Needs your attention">
      {data.attention.length === 0 ? (
        <Text c="dimmed">Nothing needs you right now.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.attention.map((item) => (
            <AttentionRow key={`${item.kind}-${item.link}-${item.title}`} item={item} />
          ))}
        </Stack>
      )}
      {data.attentionTotal > data.attention.length && (
        <Text size="sm" c="dimmed">
          And {data.attentionTotal - data.attention.length} more: see the counts below.
        </Text>
      )}
    </DashboardSection>
  );
}

type CountLink = { status: string; count: number; link: ReactNode };

/** One status and its count; the count links to the list filtered by that status (the same records). */
function CountList({ title, id, rows }: { title: string; id: string; rows: CountLink[] }) {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Stack gap={6} component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title} ({total})
      </Title>
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Group component="li" key={row.status} justify="space-between" gap="xs" wrap="nowrap">
            {row.link}
            <Text span size="sm" fw={700} aria-hidden="true">
              {row.count}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** The list each count opens, filtered by the count's status (`?status=`). */
const LIST_ROUTES = {
  quotations: '/app-dashboard/app-active-quotation',
  bookings: '/app-dashboard/app-booking-list',
  bills: '/app-dashboard/bl-list',
} as const;

const LIST_NAMES = { quotations: 'Quotations', bookings: 'Bookings', bills: 'Bills of lading' } as const;

function countRows(list: keyof typeof LIST_ROUTES, counts: Record<string, number>): CountLink[] {
  return Object.entries(counts).map(([status, count]) => ({
    status,
    count,
    link: (
      <AnchorLink
        to={LIST_ROUTES[list]}
        search={{ status } as never}
        size="sm"
        // The accessible name says records, status and count ("Bills of lading DRAFT: 3"): quotations and bookings
        // share statuses, and a screen reader's list of links shows the names without their headings.
        aria-label={`${LIST_NAMES[list]} ${status}: ${count}`}
        data-testid="count-link"
        data-list={list}
        data-count={count}
      >
        {status}
      </AnchorLink>
    ),
  }));
}

function Counts({ counts }: { counts: CustomerDashboard['counts'] }) {
  return (
    <DashboardSection id="counts-title" title="At a glance">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <CountList
          title="Quotations"
          id="count-quotations"
          rows={countRows('quotations', counts.quotations)}
        />
        <CountList title="Bookings" id="count-bookings" rows={countRows('bookings', counts.bookings)} />
        <CountList title="Bills of lading" id="count-bills" rows={countRows('bills', counts.bills)} />
      </SimpleGrid>
    </DashboardSection>
  );
}

const POSITION_TEXT: Record<CustomerDashboard['tracking']['shipments'][number]['status'], string> = {
  NOT_GATED_IN: 'Not gated in yet',
  AT_ORIGIN: 'At origin',
  AT_SEA: 'At sea',
  AT_TRANSHIPMENT: 'At a transhipment port',
  ARRIVED: 'Arrived',
  DELIVERED: 'Delivered',
  RETURNED: 'Empty returned',
};

/**
 * Track and trace (issue 30): the active shipments counted at sea, arrived and delayed (the ETA moved more than 24 hours),
 * then each one's position and next step, linking to its Track screen.
 */
function Shipments({ tracking }: { tracking: CustomerDashboard['tracking'] }) {
  const counts = [
    { label: 'At sea', count: tracking.atSea },
    { label: 'Arrived', count: tracking.arrived },
    { label: 'Delayed', count: tracking.delayed },
  ];
  return (
    <DashboardSection
      id="tracking-title"
      title="Shipments on the way"
      actions={<HrefLink href="/app-dashboard/app-track">Track a shipment</HrefLink>}
    >
      <Group gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {counts.map(({ label, count }) => (
          <li key={label} data-testid={`tracking-count-${label.toLowerCase().replace(' ', '-')}`}>
            <Text span fw={700} size="lg">
              {count}
            </Text>{' '}
            <Text span size="sm">
              {label}
            </Text>
          </li>
        ))}
      </Group>
      {tracking.shipments.length === 0 ? (
        <Text c="dimmed">No shipment on the way.</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {tracking.shipments.map((shipment) => (
            <Stack component="li" gap={0} key={shipment.bookingId} data-testid="active-shipment">
              <Group gap="xs">
                <HrefLink
                  href={`/app-dashboard/app-track?ref=${encodeURIComponent(shipment.bookingNumber)}`}
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {shipment.bookingNumber}
                </HrefLink>
                <Text size="sm">{POSITION_TEXT[shipment.status]}</Text>
                {shipment.delayed && (
                  <Badge color="orange" variant="light">
                    Delayed
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {shipment.next
                  ? `Next: ${shipment.next.label}${shipment.next.place ? ` at ${shipment.next.place.name}` : ''}, ${formatDate(shipment.next.at)}${shipment.next.classifier === 'EST' ? ' (estimated)' : shipment.next.classifier === 'PLN' ? ' (planned)' : ''}`
                  : 'No next step announced'}
                {shipment.pod && shipment.eta
                  ? ` · ETA ${shipment.pod.name} ${formatDate(shipment.eta)}`
                  : ''}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </DashboardSection>
  );
}

function Recent({ recent }: { recent: CustomerDashboard['recent'] }) {
  return (
    <DashboardSection id="recent-title" title="Recent activity">
      {recent.length === 0 ? (
        <Text c="dimmed">Nothing yet.</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {recent.map((entry) => (
            <Stack component="li" gap={0} key={entry.id}>
              <HrefLink href={entry.link} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {activityText(entry)}
              </HrefLink>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {formatDate(entry.at)} · {entry.byYou ? 'by you' : 'by the carrier'}
                {entry.comment ? ` · “${entry.comment}”` : ''}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </DashboardSection>
  );
}

/**
 * app-dashboard, the customer's home (GET cp/dashboard/, one request): first what needs them, then their counts by
 * status linking to the lists, the shipments on the way (track and trace), containers/TEU per month (a lazily loaded chart), and recent activity.
 */
export function DashboardPage() {
  const user = useSession()?.user;
  const dashboard = useCustomerDashboard();
  return (
    <PageFrame title="Dashboard">
      {user?.companyStatus === 'PENDING' && (
        <Alert color="orange" title="Company membership pending approval">
          Your membership of {user.party_name ?? 'your company'} is waiting for the carrier's approval.{' '}
          <Anchor component={Link} to="/app-profile">
            See your profile
          </Anchor>
        </Alert>
      )}
      <QueryStatus
        query={dashboard}
        skeletonHeight={240}
        holdFooter
        errorTitle="The dashboard could not be loaded"
      />
      {dashboard.data && (
        <>
          <Attention data={dashboard.data} />
          <Shipments tracking={dashboard.data.tracking} />
          <Counts counts={dashboard.data.counts} />
          <DashboardSection id="shipments-title" title="Containers and TEU by sailing month">
            <LazyVolumeChart
              rows={dashboard.data.shipmentsByMonth.map((row) => ({ ...row, label: monthLabel(row.month) }))}
              caption="Containers and TEU by sailing month, the last 12 months"
              rowHeader="Month"
            />
          </DashboardSection>
          <Recent recent={dashboard.data.recent} />
        </>
      )}
    </PageFrame>
  );
}
