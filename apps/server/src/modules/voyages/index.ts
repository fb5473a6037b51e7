// The voyages module's front door: vessels, liner services, voyages with their calls and cut-offs, and the
// point-to-point schedule search. Nothing else of the folder is reached from outside it (npm run lint checks).

// For dcsa (Commercial Schedules): what `VoyagesService.scheduleVoyages` takes and answers.
export type { ScheduleFilter, ScheduleVoyage } from './voyages.repository';
export { sailingJoin } from './voyages.repository';
export { voyagesRoutes } from './voyages.routes';
// For the demo data (seed/demo-voyages.ts).
export { type ScheduleSeed, seedSchedule } from './voyages.seed';
export type { VoyagesService } from './voyages.service';
export { createVoyagesService, cutOffPassed } from './voyages.service';
