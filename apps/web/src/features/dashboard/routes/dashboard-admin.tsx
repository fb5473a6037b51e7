import {
  type AdminDashboard,
  type AdminSearchResult,
  type QueueCode,
  SEARCH_MIN_LENGTH,
  type WorkQueue,
} from '@lading/contract/dashboards';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { HrefLink } from '../../../components/href-link';
import { PageFrame } from '../../../components/page-frame';
import { QueryStatus } from '../../../components/query-status';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { useSearchAdminDashboard } from '../api/search-admin-dashboard';
import { formatAge, monthLabel } from '../components/dashboard-format';
import { DashboardSection } from '../components/dashboard-section';
import { LazyVolumeChart } from '../components/lazy-volume-chart';
import type { VolumeRow } from '../components/volume-chart';

/** Each queue's name, what it holds, and the work list it opens. */
const QUEUES: Record<QueueCode, { title: string; hint: string; href: string }> = {
  BL_REVIEW: {
    title: 'Bills of lading to review',
    hint: 'Customer changes awaiting approval',
    href: '/app-dashboard-admin/bl-review',
  },
  QUOTATION_PRICING: {
    title: 'Quotations to price',
    hint: 'Enquiries no tariff could price',
    href: '/app-dashboard-admin/quotations-to-price',
  },
  BOOKING_CONFIRMATION: {
    title: 'Bookings to confirm',
    hint: 'Allocate a sailing and containers, or reject',
    href: '/app-dashboard-admin/bookings-to-confirm',
  },
  COMPANY_APPROVAL: {
    title: 'Company requests',
    hint: 'Membership and new-company requests (all offices)',
    href: '/app-dashboard-admin/company-requests',
  },
};

function QueueCard({ queue }: { queue: WorkQueue }) {
  const meta = QUEUES[queue.code];
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="work-queue"
      data-queue={queue.code}
      data-count={queue.count}
    >
      <Stack gap={4}>
        <HrefLink href={meta.href} fw={700}>
          {`${meta.title} (${queue.count})`}
        </HrefLink>
        <Text size="sm" c="dimmed">
          {meta.hint}
        </Text>
        <Text size="sm">
          {queue.oldestAt ? `Oldest waiting ${formatAge(queue.oldestAt)}` : 'Nothing waiting'}
        </Text>
      </Stack>
    </Paper>
  );
}

function SearchResults({ results }: { results: AdminSearchResult[] }) {
  if (results.length === 0) return <Text c="dimmed">No bill of lading or booking matches.</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Search results">
      {results.map((row) => (
        <Group component="li" key={`${row.kind}-${row.id}`} gap="xs" wrap="wrap" data-testid="search-result">
          <Badge variant="light" color={row.kind === 'BOOKING' ? 'grape' : 'blue'}>
            {row.kind === 'BOOKING' ? 'Booking' : 'BL'}
          </Badge>
          <HrefLink href={row.link} fw={600}>
            {row.number}
          </HrefLink>
          <Text size="sm">{row.status}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.customer ?? row.customerEmail}
            {row.polCode ? ` · ${row.polCode} → ${row.podCode ?? '—'}` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** One search box across customers: BL number, booking number or company name (the office's records). */
function CustomerSearch() {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const search = useSearchAdminDashboard(debounced);
  const ready = debounced.length >= SEARCH_MIN_LENGTH;
  return (
    <Paper withBorder p="md" radius="md" component="search" aria-label="Search customers' records">
      <Stack gap="sm">
        <TextInput
          label="Search customers' records"
          description="BL number, booking number or company name (at least 3 characters)"
          placeholder="e.g. LDG2611, BKG2611 or Harbour"
          type="search"
          value={term}
          maxLength={80}
          onChange={(event) => setTerm(event.currentTarget.value)}
        />
        {ready && search.isError && <Alert color="red">The search failed. Please try again.</Alert>}
        {ready && search.data && <SearchResults results={search.data.results} />}
      </Stack>
    </Paper>
  );
}

/** The largest lanes or customers by TEU, as horizontal bars. */
function TopVolumes({ title, rows }: { title: string; rows: VolumeRow[] }) {
  const noun = title.replace('By ', '');
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {rows.length ? (
        <LazyVolumeChart
          rows={rows}
          caption={`Containers and TEU by ${noun}`}
          rowHeader={noun.charAt(0).toUpperCase() + noun.slice(1)}
          orientation="vertical"
        />
      ) : (
        <Text c="dimmed">No shipments yet.</Text>
      )}
    </Stack>
  );
}

function Volumes({ volumes }: { volumes: AdminDashboard['volumes'] }) {
  const lanes = volumes.byLane.map((row) => ({
    label: row.polCode ? `${row.polCode} → ${row.podCode ?? '—'}` : 'No lane',
    containers: row.containers,
    teu: row.teu,
  }));
  const customers = volumes.byCustomer.map((row) => ({
    label: row.name,
    containers: row.containers,
    teu: row.teu,
  }));
  return (
    <DashboardSection id="volumes-title" title="Volumes, the last 12 months">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={3} size="h5">
            By sailing month
          </Title>
          <LazyVolumeChart
            rows={volumes.byMonth.map((row) => ({ ...row, label: monthLabel(row.month) }))}
            caption="Containers and TEU by sailing month"
            rowHeader="Month"
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <TopVolumes title="By lane" rows={lanes} />
          <TopVolumes title="By customer" rows={customers} />
        </SimpleGrid>
      </Stack>
    </DashboardSection>
  );
}

/**
 * Carrier staff's home (GET cp/dashboard-admin/, one request, scoped by the office they work as): the work queues
 * with their counts and oldest age, each opening its work list; one search across customers; volume charts.
 */
export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  const can = useCan();
  const office = dashboard.data?.office;
  return (
    <PageFrame
      title="Admin Dashboard"
      actions={
        office ? (
          <Text size="sm" c="dimmed">
            Working as {office.name} ({office.code}){office.isCorporate ? ': every office' : ''} ·{' '}
            {formatDate(new Date().toISOString())}
          </Text>
        ) : undefined
      }
    >
      <CustomerSearch />
      <QueryStatus
        query={dashboard}
        skeletonHeight={160}
        holdFooter
        errorTitle="The dashboard could not be loaded"
      />
      {dashboard.data && (
        <>
          <DashboardSection
            id="queues-title"
            title="Work queues"
            actions={
              <Button
                variant="default"
                size="xs"
                onClick={() => void dashboard.refetch()}
                loading={dashboard.isFetching}
              >
                Refresh
              </Button>
            }
          >
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
              {dashboard.data.queues.map((queue) => (
                <QueueCard key={queue.code} queue={queue} />
              ))}
            </SimpleGrid>
            {can('ADMIN.TARIFF.VIEW') && (
              <Text size="sm">
                <AnchorLink to="/app-dashboard-admin/tariffs">Tariffs</AnchorLink>
                {can('ADMIN.TARIFF.EDIT')
                  ? ': rates by lane and size-type'
                  : ': rates by lane and size-type (view only)'}
                {' · '}
                <AnchorLink to="/app-dashboard-admin/inland-tariffs">Inland tariffs</AnchorLink>: rail and
                door haulage to and from the ports
              </Text>
            )}
          </DashboardSection>
          <Volumes volumes={dashboard.data.volumes} />
        </>
      )}
    </PageFrame>
  );
}
