import { getRouteApi } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { VgmDeclarations } from '../components/vgm-declarations';

const route = getRouteApi('/portal/app-dashboard/app-vgm/$bookingId');

/**
 * app-dashboard/app-vgm/{bookingId} (issue 26): a booking's SOLAS VGM declarations on a screen of their own, reached
 * from the booking list; the shipment page mounts the same section.
 */
export function VgmPage() {
  const bookingId = Number(route.useParams().bookingId);
  return (
    <PageFrame
      title="VGM declarations"
      actions={
        <AnchorLink to="/app-dashboard/app-booking-list" size="sm">
          Back to bookings
        </AnchorLink>
      }
    >
      <VgmDeclarations bookingId={bookingId} />
    </PageFrame>
  );
}
