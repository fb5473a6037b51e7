// The bookings module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { bookingsRoutes } from './bookings.routes';
export type { BookingsService } from './bookings.service';
export { createBookingsService } from './bookings.service';
