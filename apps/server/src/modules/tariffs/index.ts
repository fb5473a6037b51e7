// The tariffs module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { inlandTariffsRoutes } from './inland-tariffs.routes';
export { createInlandTariffsService } from './inland-tariffs.service';
export { tariffsRoutes } from './tariffs.routes';
export { createTariffsService } from './tariffs.service';
