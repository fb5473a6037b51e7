import { getRouteApi } from '@tanstack/react-router';
import { BlDocumentActions } from '../features/bills-of-lading/components/bl-document-actions';
import { ShipmentPage } from '../features/bookings/routes/shipment';

const route = getRouteApi('/portal/app-dashboard/app-shipment/$bookingId');

/**
 * app-dashboard/app-shipment/{bookingId}: the bookings feature's shipment page with the bills-of-lading feature's
 * document actions (PDF, DCSA JSON, e-mail) on its bill. The two features meet here, where the app puts its screens
 * together, so neither imports the other.
 */
export function ShipmentRoute() {
  const bookingId = Number(route.useParams().bookingId);
  return <ShipmentPage bookingId={bookingId} billActions={(bill) => <BlDocumentActions bill={bill} />} />;
}
