// The identity module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { createAccessTokenVerifier } from './access-tokens';
export { identityRoutes } from './identity.routes';
export { createIdentityService, type IdentityService } from './identity.service';
export { createOAuthProvider, mountOAuthProvider } from './oauth-provider';
export { sealTotpSecret } from './second-factor';
export { deviceCookieName, sessionPolicyOf } from './sessions';
