import type { Shipment, ShipmentBill, ShipmentTask } from '@lading/contract/shipments';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { QueryStatus } from '../../../components/query-status';
import { useNow } from '../../../lib/deadline';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useShipment } from '../api/get-shipment';
import { BookingStatusBadge } from '../components/booking-status-badge';
import classes from '../components/shipment.module.css';
import { portText } from '../components/shipment-format';
import {
  ContainersSection,
  DocumentsSection,
  LogSection,
  OverviewSection,
  PlanSection,
  PricingSection,
  ShipmentSection,
  TasksSection,
} from '../components/shipment-sections';
import { VgmDeclarations } from '../components/vgm-declarations';

const VGM_SECTION = 'shipment-vgm';
const TRACKING_SECTION = 'shipment-tracking';

/** The page's sections in order, each with the id of its heading (the VGM declarations name their own). */
const SECTIONS = [
  { id: 'shipment-overview', label: 'Overview' },
  { id: 'shipment-plan', label: 'Transport plan' },
  { id: TRACKING_SECTION, label: 'Tracking' },
  { id: 'shipment-tasks', label: 'Tasks' },
  { id: 'shipment-containers', label: 'Containers' },
  { id: VGM_SECTION, label: 'VGM', heading: 'vgm-heading' },
  { id: 'shipment-documents', label: 'Documents' },
  { id: 'shipment-pricing', label: 'Pricing' },
  { id: 'shipment-log', label: 'Log' },
] as const;
type Section = (typeof SECTIONS)[number];

/** Links to the page's sections: a plain in-page jump (the focus follows to the section's heading). */
function SectionLinks({ withVgm, withTracking }: { withVgm: boolean; withTracking: boolean }) {
  const jump = (section: Section) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    const heading = document.getElementById('heading' in section ? section.heading : `${section.id}-title`);
    if (!heading) return;
    event.preventDefault();
    heading.setAttribute('tabindex', '-1');
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  };
  return (
    <nav aria-label="Sections of this shipment">
      <ul className={classes.nav}>
        {SECTIONS.filter(
          (section) =>
            (withVgm || section.id !== VGM_SECTION) && (withTracking || section.id !== TRACKING_SECTION),
        ).map((section) => (
          <li key={section.id}>
            <Anchor href={`#${section.id}`} size="sm" onClick={jump(section)}>
              {section.label}
            </Anchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const BackLink = () => (
  <AnchorLink to="/app-dashboard/app-booking-list" size="sm">
    Back to bookings
  </AnchorLink>
);

/**
 * app-dashboard/app-shipment/{bookingId} (issue 26): one booking's shipment on one page, in sections — overview
 * (status, route, equipment, cargo, parties), transport plan (legs and calls with ETA/ETD/ATA/ATD in each port's time),
 * tasks with deadlines (SI by the DCO, VGM by the VCO: done, due or overdue, renewed every minute), containers and
 * their SOLAS VGM declarations (the VgmDeclarations section, for holders of CP.VGM.VIEW),
 * documents (the bill of lading, and the actions `billActions` the app hands in from the bills-of-lading feature),
 * pricing (the quotation's charges) and the log. Customers reach their own bookings, staff those in their scope (the
 * server answers 404 otherwise). Every section wraps to the screen: a phone never scrolls the page sideways.
 * Carrier staff's actions come from the app as well: `taskAction` beside a task (a late acceptance of the SI or
 * VGM), `planActions` under the transport plan (a roll-over to another sailing); each checks its own permission.
 * Track and trace (issue 30) comes the same way: `tracking` draws the shipment's route strip, container timelines and
 * document events (the tracking feature's), in a section after the transport plan, for readers the server gives them
 * to (CP.TRACKING.VIEW).
 */
export function ShipmentPage({
  bookingId,
  billActions,
  taskAction,
  planActions,
  tracking,
}: {
  bookingId: number;
  billActions?: (bill: ShipmentBill) => ReactNode;
  taskAction?: (task: ShipmentTask, shipment: Shipment) => ReactNode;
  planActions?: (shipment: Shipment) => ReactNode;
  tracking?: (tracking: NonNullable<Shipment['tracking']>) => ReactNode;
}) {
  const shipment = useShipment(bookingId);
  const can = useCan();
  const userId = useSession()?.user.id;
  const now = useNow();
  if (!shipment.data)
    return (
      <PageFrame title="Shipment" actions={<BackLink />}>
        {Number.isInteger(bookingId) && bookingId > 0 ? (
          <QueryStatus
            query={shipment}
            skeletonHeight={480}
            holdFooter
            errorTitle="The shipment could not be loaded"
            notFoundText="There is no such booking, or your account has no access to it."
          />
        ) : (
          <Text>There is no such booking.</Text>
        )}
      </PageFrame>
    );
  const data = shipment.data;
  const { booking } = data;
  // The SOLAS declarations (features/bookings' own section) once the booking is live: customers declare there.
  const withVgm = can('CP.VGM.VIEW') && booking.status !== 'CANCELLED' && booking.status !== 'REJECTED';
  const withTracking = Boolean(tracking && data.tracking);
  return (
    <PageFrame
      title={`Shipment ${booking.number}`}
      actions={
        <Stack gap={4} mt={4}>
          <Group gap="sm" wrap="wrap">
            <BookingStatusBadge status={booking.status} />
            <Text size="sm" className={classes.wrap}>
              {portText(booking.pol)} → {portText(booking.pod)}
            </Text>
          </Group>
          <BackLink />
        </Stack>
      }
    >
      <Paper withBorder radius="md" px="md" py="xs">
        <SectionLinks withVgm={withVgm} withTracking={withTracking} />
      </Paper>
      <QueryStatus query={shipment} errorTitle="The shipment could not be refreshed" />
      <OverviewSection shipment={data} id="shipment-overview" />
      <PlanSection shipment={data} id="shipment-plan" actions={planActions?.(data)} />
      {withTracking && data.tracking && (
        <ShipmentSection id={TRACKING_SECTION} title="Tracking">
          {tracking?.(data.tracking)}
        </ShipmentSection>
      )}
      <TasksSection
        shipment={data}
        id="shipment-tasks"
        now={now}
        vgmAnchor={withVgm ? VGM_SECTION : undefined}
        taskAction={taskAction}
      />
      <ContainersSection shipment={data} id="shipment-containers" />
      {withVgm && (
        <div id={VGM_SECTION}>
          <VgmDeclarations bookingId={booking.id} />
        </div>
      )}
      <DocumentsSection
        shipment={data}
        id="shipment-documents"
        canEdit={can('CP.BL.EDIT')}
        billActions={billActions}
      />
      <PricingSection shipment={data} id="shipment-pricing" />
      <LogSection shipment={data} id="shipment-log" readerIsCustomer={userId === booking.createdById} />
    </PageFrame>
  );
}
