// The accounts module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { createAccessTokenVerifier } from './access-tokens';
export { purgeExpiredAccountData } from './accounts.repository';
export { accountsRoutes } from './accounts.routes';
export { createAccountsService } from './accounts.service';
export { createOAuthProvider, mountOAuthProvider } from './oauth-provider';
export { purgeExpiredOidcPayloads, revokeGrant } from './oidc-adapter';
