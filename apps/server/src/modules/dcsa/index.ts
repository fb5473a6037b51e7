// The dcsa module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { commercialSchedulesRoutes } from './commercial-schedules.routes';
export { createCommercialSchedulesService } from './commercial-schedules.service';
export { dcsaRoutes } from './dcsa.routes';
export { createDcsaService } from './dcsa.service';
export { trackAndTraceRoutes } from './track-and-trace.routes';
export { createTrackAndTraceService } from './track-and-trace.service';
export { startWebhookWorker, type WebhookWorker } from './webhooks';
