// The notifications module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { notificationEventHandlers } from './notifications.handlers';
export { createNotificationStreams } from './notifications.realtime';
export { notificationsRoutes } from './notifications.routes';
export { createNotificationsService, type NotificationsService } from './notifications.service';
