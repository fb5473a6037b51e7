// The registration module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).

export { registrationRoutes } from './registration.routes';
export { createRegistrationService } from './registration.service';
