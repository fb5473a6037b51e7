import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Database, openDatabase } from './db/client';
import { type Env, loadEnv } from './env';
import { purgeExpiredLinkTokens } from './lib/link-tokens';
import { accessRoutes, cachePrincipals, createAccessService } from './modules/access';
import { apiClientsRoutes, createApiClientsService } from './modules/api-clients';
import { auditRoutes, createAuditService } from './modules/audit';
import {
  billOfLadingDocumentsRoutes,
  billOfLadingReviewRoutes,
  billsOfLadingRoutes,
  createBillOfLadingDocumentsService,
  createBillOfLadingReviewService,
  createBillsOfLadingService,
} from './modules/bills-of-lading';
import { bookingsRoutes, createBookingsService } from './modules/bookings';
import {
  companiesRoutes,
  companyAdminRoutes,
  createCompaniesService,
  createCompanyAdminService,
} from './modules/companies';
import { createDashboardsService, dashboardsRoutes } from './modules/dashboards';
import {
  commercialSchedulesRoutes,
  createCommercialSchedulesService,
  createDcsaService,
  createTrackAndTraceService,
  dcsaRoutes,
  startWebhookWorker,
  trackAndTraceRoutes,
  type WebhookWorker,
} from './modules/dcsa';
import { createEventDispatcher } from './modules/events';
import { healthRoutes } from './modules/health';
import {
  createAccessTokenVerifier,
  createIdentityService,
  createOAuthProvider,
  deviceCookieName,
  identityRoutes,
  mountOAuthProvider,
  sessionPolicyOf,
} from './modules/identity';
import { type MailWorker, startMailWorker } from './modules/mail';
import {
  createNotificationStreams,
  createNotificationsService,
  type NotificationsService,
  notificationEventHandlers,
  notificationsRoutes,
} from './modules/notifications';
import { createOfficesService, officesRoutes } from './modules/offices';
import { createProfileService, profileRoutes } from './modules/profile';
import { createQuotationsService, quotationsRoutes } from './modules/quotations';
import { createReferenceDataService, referenceDataRoutes } from './modules/reference-data';
import { createRegistrationService, registrationRoutes } from './modules/registration';
import { createShipmentsService, shipmentsRoutes } from './modules/shipments';
import {
  createInlandTariffsService,
  createTariffsService,
  inlandTariffsRoutes,
  tariffsRoutes,
} from './modules/tariffs';
import { createTrackingService, SHIPMENT_EVENT_SOURCES, trackingRoutes } from './modules/tracking';
import { createUsersService, usersRoutes } from './modules/users';
import { createVgmService, vgmRoutes } from './modules/vgm';
import { createVoyagesService, voyagesRoutes } from './modules/voyages';
import { registerMethodNotAllowed } from './plugins/allowed-methods';
import { assertEveryRouteDeclaresAccess, type RegisteredRoute, registerAuth } from './plugins/auth';
import { mediaAwareSerializerCompiler } from './plugins/compiled-serializer';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { loggerOptions, RequestLogController } from './plugins/logging';
import { registerOpenApi } from './plugins/openapi';
import { purgeExpiredRateLimits, registerRateLimits } from './plugins/rate-limit';
import { registerSameOriginCheck } from './plugins/same-origin';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';
import { strictNumberTextValidatorCompiler } from './plugins/strict-number-text';
import { migrateAndSeed, unpackFirstStartTemplate } from './seed/first-start';

export type BuildAppOptions = {
  env?: Env;
  /** An open, migrated database. When absent, buildApp opens the configured one, migrates it and closes it with the app. */
  database?: Database;
  /** Override logging (tests pass false). */
  logger?: boolean;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: { write(line: string): void };
  /** Where the built SPA lives (tests may point elsewhere). */
  webDist?: string;
  /** How often the mail worker looks for due mail (ms). */
  mailIntervalMs?: number;
  /** How long a live notification stream stays open before the client must reconnect (ms; 5 minutes). */
  notificationStreamMs?: number;
  /**
   * The DCSA Track & Trace push (decision 029): how often the worker looks for due deliveries, how long it waits for a
   * receiver, and the first retry's delay (ms; 2 s, 10 s, 10 s by default).
   */
  webhooks?: { intervalMs?: number; timeoutMs?: number; retryBaseMs?: number };
};

export type AppContext = {
  env: Env;
  database: Database;
  mail: MailWorker;
  notifications: NotificationsService;
  /** The DCSA Track & Trace push worker (tests flush it). */
  webhooks: WebhookWorker;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every registered route with its access declaration (the access matrix test walks them). */
    routeAccess(): RegisteredRoute[];
  }
}

/** The whole application; server.ts and every test build it the same way. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const env = options.env ?? loadEnv();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(env.LOG_LEVEL), ...(options.logStream ? { stream: options.logStream } : {}) },
    logController: new RequestLogController(),
    genReqId: () => randomUUID(),
    trustProxy: env.trustProxy,
    bodyLimit: 1_048_576,
    // A request (headers and body) must arrive within REQUEST_TIMEOUT_MS: a client trickling its body cannot hold
    // a connection open. Node checks every second instead of every 30 s.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    http: { connectionsCheckingInterval: 1000, headersTimeout: Math.min(env.REQUEST_TIMEOUT_MS, 20_000) },
    return503OnClosing: true,
    // Idle keep-alive connections are closed by the shutdown sweep below, after a grace period, not at once.
    forceCloseConnections: false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(strictNumberTextValidatorCompiler);
  app.setSerializerCompiler(mediaAwareSerializerCompiler);

  const ownsDatabase = !options.database;
  // A first start on an empty PGlite folder begins from the build's migrated and seeded copy (seed/first-start.ts).
  if (!options.database) await unpackFirstStartTemplate(env.database);
  const database = options.database ?? (await openDatabase(env.database, app.log));
  if (ownsDatabase) {
    await migrateAndSeed(database);
    app.addHook('onClose', async () => database.close());
  }
  const events = createEventDispatcher({
    db: database.db,
    handlers: notificationEventHandlers(env.publicUrl),
    log: app.log,
  });
  const mail = startMailWorker({
    db: database.db,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    log: app.log,
    intervalMs: options.mailIntervalMs,
    storeDir: env.NODE_ENV === 'test' ? null : env.mailDir,
    beforeDelivery: () => events.dispatch(),
  });
  // Registered after the database's onClose hook, so it runs first (hooks run in reverse): mail stops before the database closes.
  app.addHook('onClose', async () => mail.stop());
  const notifications = createNotificationsService({ db: database.db, kickMail: mail.kick });
  // Track and trace (issue 30): the event store, and the DCSA push of its events to subscribers (decision 029).
  const tracking = createTrackingService({ db: database.db });
  const callbackPolicy = { production: env.NODE_ENV === 'production' };
  const webhooks = startWebhookWorker({
    tracking,
    sessionSecret: env.sessionSecret,
    policy: callbackPolicy,
    log: app.log,
    intervalMs: options.webhooks?.intervalMs,
    timeoutMs: options.webhooks?.timeoutMs,
    ...(options.webhooks?.retryBaseMs !== undefined
      ? { retry: { baseMs: options.webhooks.retryBaseMs } }
      : {}),
  });
  // After the database's onClose hook, so it runs first: a delivery in flight finishes before the database closes.
  app.addHook('onClose', async () => webhooks.stop());
  app.decorate('ctx', { env, database, mail, notifications, webhooks });
  // "About to expire" notices: a sweep every 10 minutes (and soon after start outside tests); once per quotation.
  const sweepExpiring = () => {
    notifications
      .sweepExpiringQuotations()
      .catch((error) => app.log.warn({ err: error }, 'expiring-quotation sweep failed'));
  };
  const sweepTimer = setInterval(sweepExpiring, 600_000).unref();
  const firstSweep = env.NODE_ENV === 'test' ? undefined : setTimeout(sweepExpiring, 5000).unref();
  app.addHook('onClose', async () => {
    clearInterval(sweepTimer);
    clearTimeout(firstSweep);
  });

  // Graceful shutdown: once closing starts, answers in flight close their connection, so keep-alive sockets do not
  // hold the process open (Fastify's keep-alive timeout is 72 s); new requests get 503 (return503OnClosing).
  // Requests already sent over open keep-alive connections get a second to be read (and answered: 503 once closing
  // has begun) before connections with nothing in flight are closed; a busy event loop (PGlite) may not have read
  // them yet, and dropping them would reset the client's request without an answer.
  // Connections that never sent a request (a client's spare, pre-opened connection) are not "idle" to Node's
  // closeIdleConnections and would hold close() until the client drops them: the sweep ends those too.
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage) => unused.delete(request.socket));
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    // Node's server.close() (called by Fastify right after this hook) closes idle keep-alive connections at once, and
    // a request a client has just sent on one would be reset unanswered (issue 27, finding 3): the sweep below does
    // it instead, after the grace.
    const closeIdleConnections = app.server.closeIdleConnections.bind(app.server);
    app.server.closeIdleConnections = () => {};
    sweep = setTimeout(function closeIdle() {
      closeIdleConnections();
      for (const socket of unused) socket.destroy();
      sweep = setTimeout(closeIdle, 250).unref();
    }, 1000).unref();
  });
  app.addHook('onClose', async () => clearTimeout(sweep));
  // Live notification streams never finish by themselves: they end when closing starts, so close() is not held.
  const streams = createNotificationStreams({
    database,
    log: app.log,
    lifetimeMs: options.notificationStreamMs,
  });
  await streams.start();
  app.addHook('preClose', async () => streams.close());
  app.addHook('onSend', async (request, reply) => {
    // Not on a hashed asset served as asked (54 bytes on each of a first load's files, issue 29): nobody reports one.
    if (!(request.url.startsWith('/assets/') && reply.statusCode < 400))
      reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    // Nothing answered to a signed-in caller, or by the sign-in endpoints, may be kept by a browser or proxy cache.
    const access = request.routeOptions.config?.access;
    if ((access !== undefined && access !== 'public') || request.url.startsWith('/authenticate/')) {
      reply.header('cache-control', 'no-store');
    }
  });

  registerErrorHandler(app);
  // Security headers first among the request hooks, so refusals (403 from the origin check, 401) carry them too.
  await registerSecurityHeaders(app, env.publicUrl.startsWith('https://'));
  registerSameOriginCheck(app, env.publicUrl);
  registerInputGuard(app);
  // The access hook first, so that it sees (and checks) every route registered after it.
  // Companies' API clients are the authorization server's confidential clients (client-credentials grant); the
  // bearer check reads their principal, and the auth hook records their calls (decision 025).
  const apiClients = createApiClientsService({ db: database.db, publicUrl: env.publicUrl });
  const { provider, cookieName } = await createOAuthProvider(env, database.db, app.log, apiClients.directory);
  const access = createAccessService({ db: database.db });
  // Verified tokens are kept until the database announces a change to them or their principal (issue 11).
  const principals = cachePrincipals(createAccessTokenVerifier(provider, apiClients.directory), {
    watch: (onNotify) => database.watch('lading_principal', onNotify),
  });
  app.addHook('onClose', async () => principals.close());
  const sessionPolicy = sessionPolicyOf(env);
  const identity = createIdentityService({
    db: database.db,
    provider,
    policy: sessionPolicy,
    isStaffAccount: async (userId) =>
      (await access.loadPrincipal(userId))?.permissions.modules.some((m) => m.code === 'ADMIN') ?? false,
    requiresSecondFactor: access.requiresSecondFactor,
    publicUrl: env.publicUrl,
    kickMail: mail.kick,
    sessionSecret: env.sessionSecret,
  });
  // Before the access hook: a method the path does not declare is a 405 whoever asks.
  const allowedMethods = registerMethodNotAllowed(app);
  const auth = registerAuth(app, {
    verify: principals.verify,
    loadPrincipal: access.loadPrincipal,
    session: identity.sessionActivity,
    recordApiClientCall: (principal, call) => apiClients.recordCall(principal, call),
    // A session that may only set up a second factor is known by its cookie alone (decision 023); the cookie is read
    // here because the auth hook runs before the cookie plugin's own.
    enrolmentSession: async (request) => {
      const header = request.headers.cookie;
      if (!header?.includes(cookieName)) return null;
      return identity.enrolmentSessionOf(app.parseCookie(header)[cookieName]);
    },
  });
  // An answer of up to 64 KB (a 100-row list page is 46 KB) is compressed in one call, not streamed through the
  // compressor in 16 KB chunks (the plugin's cut-off on two cores is 8 KB); brotli in its text mode, as JSON is.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 65_536,
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
  await app.register(cookie, { secret: env.sessionSecret });
  await app.register(formbody);
  // Per-IP limits are set on the routes that need them. Outside production the local machine (tests, e2e, a
  // developer's browser) is exempt; the per-account sign-in throttle applies everywhere.
  await registerRateLimits(app, {
    db: database.db,
    redisUrl: env.REDIS_URL,
    production: env.NODE_ENV === 'production',
  });
  await registerOpenApi(app, env.publicUrl);

  // Hourly housekeeping of expired tokens, sessions and links.
  const purge = setInterval(() => {
    Promise.all([
      identity.purgeExpired(),
      purgeExpiredLinkTokens(database.db),
      purgeExpiredRateLimits(database.db),
    ]).catch((error) => app.log.warn({ err: error }, 'purge of expired account data failed'));
  }, 3_600_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  await mountOAuthProvider(app, provider);
  const companies = createCompaniesService({ db: database.db, kickMail: mail.kick });
  // Users and registration need each other (sign-up creates the account through users; the admin workspace resends
  // the verification mail): users takes registration's function, called only once both exist.
  const users = createUsersService({
    db: database.db,
    kickMail: mail.kick,
    endSessionsOf: (tx, userId) => identity.endSessionsOf(tx, userId, 'deactivated'),
    sessionsOf: (userId, current) => identity.sessionsOf(userId, current),
    endSessions: (tx, userId, which) =>
      identity.endSessions(
        tx,
        userId,
        which === 'all' ? { exceptGrantId: undefined } : which,
        'ended-by-admin',
      ),
    sendVerification: (tx, user) => registration.sendVerificationTo(tx, user),
    resetSecondFactor: (tx, userId, reason) => identity.resetSecondFactor(tx, userId, reason),
  });
  const registration = createRegistrationService({ db: database.db, env, kickMail: mail.kick, users });
  const profile = createProfileService({
    db: database.db,
    env,
    kickMail: mail.kick,
    companies,
    identity,
    users,
  });
  events.subscribe('PASSWORD_RESET_REQUESTED', (tx, event) => profile.sendResetLink(tx, event.payload.email));
  await app.register(registrationRoutes, { registration });
  await app.register(identityRoutes, {
    identity,
    cookieName,
    deviceCookieName: deviceCookieName(env.publicUrl),
  });
  await app.register(profileRoutes, { profile });

  await app.register(accessRoutes, { access });
  await app.register(companiesRoutes, { companies });
  await app.register(apiClientsRoutes, { apiClients });
  // The admin workspace: users, companies, offices, audit trail (ADMIN.USER / COMPANY / OFFICE / AUDIT).
  await app.register(usersRoutes, { users });
  await app.register(companyAdminRoutes, { companyAdmin: createCompanyAdminService({ db: database.db }) });
  await app.register(officesRoutes, { offices: createOfficesService({ db: database.db }) });
  await app.register(auditRoutes, { audit: createAuditService({ db: database.db }) });
  await app.register(healthRoutes, { database });
  await app.register(referenceDataRoutes, {
    referenceData: createReferenceDataService({
      db: database.db,
      mapboxToken: env.MAPBOX_TOKEN,
      mapboxUrl: env.MAPBOX_API_URL,
    }),
  });
  // Track and trace (issue 30): a call's new estimate or actual becomes a transport event in the same transaction;
  // the bookings' and bills' domain events become shipment events, through the dispatcher (exactly once).
  for (const type of SHIPMENT_EVENT_SOURCES)
    events.subscribe(type, (tx, event) =>
      tracking.recordShipmentEvent(tx, { ...event, type, payload: event.payload as { number: string } }),
    );
  const voyages = createVoyagesService({
    db: database.db,
    onCallChange: (tx, caller, change) => tracking.recordCallChange(tx, caller, change),
  });
  await app.register(trackingRoutes, { tracking });
  const bills = createBillsOfLadingService({ db: database.db, voyages });
  const bookings = createBookingsService({ db: database.db, voyages });
  await app.register(billsOfLadingRoutes, { bills });
  await app.register(dcsaRoutes, { dcsa: createDcsaService({ db: database.db, bills, bookings }) });
  const review = createBillOfLadingReviewService({ db: database.db, kickMail: mail.kick });
  await app.register(billOfLadingReviewRoutes, { review });
  const quotations = createQuotationsService({ db: database.db, kickMail: mail.kick, bookings, voyages });
  await app.register(quotationsRoutes, { quotations });
  await app.register(bookingsRoutes, { bookings });
  await app.register(shipmentsRoutes, {
    shipments: createShipmentsService({
      bookings,
      bills,
      billHistory: review,
      quotations,
      voyages,
      tracking,
    }),
  });
  await app.register(notificationsRoutes, { notifications, streams });
  await app.register(tariffsRoutes, { tariffs: createTariffsService({ db: database.db }) });
  await app.register(inlandTariffsRoutes, {
    inlandTariffs: createInlandTariffsService({ db: database.db }),
  });
  await app.register(voyagesRoutes, { voyages });
  await app.register(vgmRoutes, { vgm: createVgmService({ db: database.db, voyages }) });
  // DCSA Commercial Schedules 1.0.3 over the same schedule, for customers' systems (its own error shape).
  await app.register(commercialSchedulesRoutes, {
    schedules: createCommercialSchedulesService({ voyages }),
  });
  // DCSA Track & Trace 3.0.0-Beta-1 over the tracking module's events and subscriptions (its own error shape).
  await app.register(trackAndTraceRoutes, {
    tnt: createTrackAndTraceService({
      tracking,
      publicUrl: env.publicUrl,
      sessionSecret: env.sessionSecret,
      policy: callbackPolicy,
    }),
  });
  await app.register(billOfLadingDocumentsRoutes, {
    documents: createBillOfLadingDocumentsService({ db: database.db, kickMail: mail.kick }),
  });
  await app.register(dashboardsRoutes, {
    dashboards: createDashboardsService({ db: database.db, tracking }),
  });
  await registerStaticWeb(app, allowedMethods, options.webDist);
  assertEveryRouteDeclaresAccess(auth.routes);
  app.decorate('routeAccess', () => auth.routes);

  return app;
}
