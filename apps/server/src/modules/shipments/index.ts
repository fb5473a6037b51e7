// The shipments module's front door: the shipment page's read (issue 26), composed from the bookings,
// bills-of-lading, quotations and voyages modules through their own front doors. For app.ts only.
export { shipmentsRoutes } from './shipments.routes';
export { createShipmentsService } from './shipments.service';
