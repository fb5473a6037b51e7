// The reference-data module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).

export { createGeocoder } from './geocoding';
export { referenceDataRoutes } from './reference-data.routes';
export { seedReferenceData } from './reference-data.seed';
export { createReferenceDataService } from './reference-data.service';
