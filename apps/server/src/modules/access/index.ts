// The access module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).

export { type PrincipalRow, principalColumns, toPrincipalData } from './access.repository';
export { accessRoutes } from './access.routes';
export { seedAccessModel } from './access.seed';
export { createAccessService } from './access.service';
export { cachePrincipals } from './principal-cache';
