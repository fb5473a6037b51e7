// The dashboards module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { dashboardsRoutes } from './dashboards.routes';
export { createDashboardsService } from './dashboards.service';
