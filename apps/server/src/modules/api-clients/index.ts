// The api-clients module's front door: what app.ts may use. Nothing else of the folder is reached from outside it
// (npm run lint checks).
export { apiClientsRoutes } from './api-clients.routes';
export { createApiClientsService } from './api-clients.service';
