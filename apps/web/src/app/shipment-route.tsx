import { getRouteApi } from '@tanstack/react-router';
import { BlDocumentActions } from '../features/bills-of-lading/components/bl-document-actions';
import { LateAcceptanceAction } from '../features/bills-of-lading/components/late-acceptance-action';
import { ShipmentPage } from '../features/bookings/routes/shipment';
import { RollOverAction } from '../features/carrier-desk/components/roll-over-action';
import { TrackingDetails } from '../features/tracking/components/tracking-details';

const route = getRouteApi('/portal/app-dashboard/app-shipment/$bookingId');

/**
 * app-dashboard/app-shipment/{bookingId}: the bookings feature's shipment page with the bills-of-lading feature's
 * document actions (PDF, DCSA JSON, e-mail) on its bill and late acceptance beside its SI and VGM tasks, and the
 * carrier desk's roll-over under its transport plan (each shown only to those whose permissions allow it), and the
 * tracking feature's route strip and container timelines (issue 30). The features meet here, where the app puts its
 * screens together, so none imports another.
 */
export function ShipmentRoute() {
  const bookingId = Number(route.useParams().bookingId);
  return (
    <ShipmentPage
      bookingId={bookingId}
      billActions={(bill) => <BlDocumentActions bill={bill} />}
      taskAction={(task, shipment) => <LateAcceptanceAction task={task} shipment={shipment} />}
      planActions={(shipment) => <RollOverAction shipment={shipment} />}
      tracking={(tracking) => <TrackingDetails {...tracking} />}
    />
  );
}
