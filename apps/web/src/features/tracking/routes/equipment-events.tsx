import { Text } from '@mantine/core';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { EquipmentEventForm } from '../components/equipment-event-form';
import { MovesImport } from '../components/moves-import';

/**
 * app-dashboard-admin/equipment-events (issue 30, ADMIN.EQUIPMENT_EVENT.CREATE): carrier staff record container
 * moves, one event by the form or a terminal's CSV of moves, all or nothing. A branch records at the ports its office
 * serves and for its office's bookings (the server says so by field). Actual milestones reach the booking's customer
 * (bell and e-mail), whose Track screen and shipment page refresh.
 */
export function EquipmentEventsPage() {
  return (
    <PageFrame
      title="Equipment events"
      actions={
        <Text size="sm" c="dimmed">
          Container moves in DCSA Track &amp; Trace terms. Customers see them on{' '}
          <AnchorLink to="/app-dashboard/app-track" size="sm">
            Track
          </AnchorLink>{' '}
          and their shipment pages.
        </Text>
      }
    >
      <MovesImport />
      <EquipmentEventForm />
    </PageFrame>
  );
}
