// The profile module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { checkPasswordPolicy } from './password-policy';
export { profileRoutes } from './profile.routes';
export { createProfileService } from './profile.service';
