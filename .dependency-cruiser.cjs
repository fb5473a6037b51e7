// The house rules that `npm run lint` checks (ARCHITECTURE.md, "Allowed arrows"). Each rule's comment says why.
// `npm run lint:deps` runs them alone; scripts/lint-rules.test.ts proves each one fails on a deliberately wrong import.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
