// The house rules that `npm run lint` checks (ARCHITECTURE.md, "Allowed arrows"). Each rule's comment says why.
// `npm run lint:deps` runs them alone; scripts/lint-rules.test.ts proves each one fails on a deliberately wrong import.
const { readdirSync } = require('node:fs');

/**
 * The tables each server module owns are declared in apps/server/src/db/schema/<module>.ts (drizzle-kit reads the
 * whole folder for one migration set, and db/ stays below the modules). A module's code imports its own schema
 * file; the few it may also import, and why, are listed here. Everything else of another module's is reached
 * through that module's front door.
 */
const SCHEMA_ALSO = {
  // The principal is read from the user's row and company membership; the selected office is kept on the user row.
  access: ['users', 'companies', 'offices'],
  // Sign-in reads the user row (active, verified, password) and its company for the ID token; the portal's sessions,
  // OAuth payloads and signing keys are its own.
  identity: ['users', 'companies', 'signing-keys'],
  // Sign-up writes the new customer's users row in its transaction; the link tokens are identity's table (lib/link-tokens.ts).
  registration: ['users', 'identity'],
  // The profile updates the user's own names, phone and password on the users row.
  profile: ['users'],
  // The audit viewer reads the shared trail that lib/audit.ts writes.
  audit: ['audit'],
  // A membership's approval sets the user's company.
  companies: ['users'],
  // The user read of the specification (section 3) carries the user's roles (is_admin) and company.
  users: ['access', 'companies'],
  // The party register is loaded by the reference-data importer and read by the party typeaheads.
  'reference-data': ['companies'],
};

const serverModules = readdirSync(`${__dirname}/apps/server/src/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One rule per module: its code imports its own schema file, column-types.ts and what SCHEMA_ALSO lists. */
const schemaOwnership = serverModules.map((module) => ({
  name: `server-schema-of-its-own:${module}`,
  comment: `modules/${module} imports only db/schema/${module}.ts (and ${(SCHEMA_ALSO[module] ?? []).join(', ') || 'nothing else'}); another module's tables are reached through that module's front door.`,
  severity: 'error',
  from: { path: `^apps/server/src/modules/${module}/`, pathNot: '\\.test\\.ts$' },
  to: {
    path: '^apps/server/src/db/schema/',
    pathNot: `^apps/server/src/db/schema/(${[module, 'column-types', ...(SCHEMA_ALSO[module] ?? [])].join('|')})\\.ts$`,
  },
}));
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...schemaOwnership,
    // ---- server ----------------------------------------------------------------------------------------------
    {
      name: 'server-module-front-door',
      comment:
        "A server module is reached only through its front door, modules/<m>/index.ts: never another module's " +
        'repository, schema, service file or helpers.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-outside-through-front-door',
      comment:
        'Above the modules (app.ts, the seed, read models) a module is still reached through its front door only.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/modules/', '^apps/server/src/test/', '\\.test\\.ts$'],
      },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'server-lower-layers-stay-below',
      comment:
        'db/, lib/ and plugins/ stand below the modules: they never import a module, the seed or app.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/(db|lib|plugins)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(modules|seed|read-models)/|^apps/server/src/app\\.ts$' },
    },
    {
      name: 'server-db-below-plugins',
      comment:
        'db/ and lib/ do not reach up into plugins/ (a circle env -> plugin -> db -> env once stood here).',
      severity: 'error',
      from: { path: '^apps/server/src/(db|lib)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/plugins/' },
    },
    {
      name: 'server-env-is-a-leaf',
      comment: 'env.ts parses configuration; it imports no part of the server.',
      severity: 'error',
      from: { path: '^apps/server/src/env\\.ts$' },
      to: { path: '^apps/server/src/', pathNot: '^apps/server/src/env\\.ts$' },
    },
    {
      name: 'server-modules-not-in-a-circle',
      comment: 'No circle between server modules (a quotations <-> bookings loop once stood here).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/' },
      to: { circular: true, pathNot: '\\.test\\.ts$' },
    },
    {
      name: 'contract-imports-no-app',
      comment: 'The contract package is below both apps: it never imports server or web code.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-never-imports-server',
      comment: 'Imports go one way: the web never imports server code.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    // ---- web (see the web section of ARCHITECTURE.md) ------------------------------------------------------
    // The web's parts and arrows: apps/web/README.md. Which modules may import Mantine's overlays is a rule about
    // named imports, which dependency-cruiser cannot see: it is biome.json's noRestrictedImports (overrides).
    {
      name: 'web-feature-sealed',
      comment:
        'A web feature (features/<f>/) never imports another feature: what two features share moves to lib/ or ' +
        'components/, and features meet only where app/ puts screens together (app/profile-route.tsx).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-layers-stay-below',
      comment:
        'lib/ and components/ stand below the features and the app: they never import features/ or app/ ' +
        '(lib/sign-out.ts once reached up for app/query-client.ts).',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-lib-below-components',
      comment:
        'lib/ is the floor of the web: API and query clients, session, helpers. It renders nothing of components/.',
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/components/' },
    },
    {
      name: 'web-features-below-app',
      comment:
        'app/ (router, layout, composition) stands above the features; a feature never imports it. Tests may mount ' +
        "the app's hosts (the toast host) to see what a feature shows.",
      severity: 'error',
      from: { path: '^apps/web/src/features/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build/out|coverage|\\.tools)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
