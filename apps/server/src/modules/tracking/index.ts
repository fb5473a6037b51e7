// The tracking module's front door (issue 30): track-and-trace events. For app.ts, the routes and the service
// factory; for `shipments` (the Track screen and the shipment page), the `TrackingService` type; for `voyages`
// (through app.ts), the `CallChange` it reports; for the demo seed, `seedDemoEvents`; for `dcsa` (the DCSA
// Track & Trace API and its webhook worker, decision 029), the feed's and the push outbox's types.

export { seedDemoEvents } from './tracking.demo';
export { trackingRoutes } from './tracking.routes';
export {
  createTrackingService,
  SHIPMENT_EVENT_SOURCES,
  type TrackingService,
} from './tracking.service';
export {
  DEFAULT_RETRY,
  type DeliveryAttempt,
  type DueDelivery,
  type FeedEventRow,
  type FeedFilter,
  type RetryPolicy,
  type SubscriptionInput,
  type SubscriptionRow,
} from './tracking-feed.service';
