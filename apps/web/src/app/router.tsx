import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  useRouterState,
} from '@tanstack/react-router';
import { ensureAuthData } from '../features/accounts/api/get-auth-data';
import { parseBlListSearch } from '../features/bills-of-lading/components/bl-list-search';
import type { BookingListSearch } from '../features/bookings/components/booking-list-search';
import type { QuotationListSearch } from '../features/quotations/components/quotation-list-search';
import type { RateEnquirySearch } from '../features/quotations/components/rate-enquiry-search';
import type { ScheduleSearch } from '../features/schedules/components/schedule-search';
import type { TrackSearch } from '../features/tracking/components/track-search';
import type { VoyageListSearch } from '../features/voyages/components/voyage-list-search';
import type { PermissionCode } from '../lib/permissions';
import { customerDashboardRedirect } from '../lib/route-access';
import { getSession } from '../lib/session';
import { typedSearch } from '../lib/typed-search';
import { BusyOverlay } from './busy-overlay';
import { PortalErrorPage } from './portal-error';

/*
 * Every screen is a lazy route: its module (and what only it uses) is a chunk of its own, fetched when the route is
 * first matched (or on hover/focus of a link to it: defaultPreload 'intent'), so a first load carries only the
 * shell and the screen shown. To add a screen:
 *
 *   const thingRoute = createRoute({
 *     getParentRoute: () => portalRoute,
 *     path: 'app-thing/$id',
 *     staticData: { requires: 'CP.THING.VIEW' },
 *     component: lazyRouteComponent(() => import('../features/things/routes/thing'), 'ThingRoute'),
 *   });
 *
 * and add it to the tree at the bottom. Never import a screen's module statically here: that puts it, and everything
 * it imports, into the first load of every page (the first-load budget, apps/web/build/bundle-budget.ts, run by
 * `npm test`, fails when first loads grow). A screen that needs params or search reads them itself with
 * `getRouteApi('<route id>')` (see BlViewRoute in features/bills-of-lading/routes/bl-view.tsx). Search parsers
 * (`validateSearch`) stay small modules imported here; newer screens only type their search here
 * (`typedSearch<T>`) and check it in their own lazy module.
 */
function RootLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <>
      <Outlet />
      <BusyOverlay pathname={pathname} />
    </>
  );
}

const rootRoute = createRootRoute({
  component: RootLayout,
  // An address that is no page: rare, so its page is fetched when needed, not carried by every first load.
  notFoundComponent: lazyRouteComponent(() => import('./not-found'), 'NotFoundPage'),
});

// The empty path redirects to app-login (specification section 2).
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app-login' });
  },
});

/** `?token=` of the links sent by e-mail. */
const tokenSearch = (search: Record<string, unknown>): { token?: string } => ({
  token: typeof search.token === 'string' ? search.token : undefined,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app-login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
  }),
  component: lazyRouteComponent(() => import('../features/accounts/routes/login'), 'LoginRoute'),
});
const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app-verify-email',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('../features/accounts/routes/verify-email'), 'VerifyEmailRoute'),
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app-forgot-password',
  component: lazyRouteComponent(
    () => import('../features/accounts/routes/forgot-password'),
    'ForgotPasswordPage',
  ),
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app-reset-password',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(
    () => import('../features/accounts/routes/reset-password'),
    'ResetPasswordRoute',
  ),
});
const oauthCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'oauth/callback',
  component: lazyRouteComponent(
    () => import('../features/accounts/routes/oauth-callback'),
    'OAuthCallbackPage',
  ),
});
const registrationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app-registration',
  component: lazyRouteComponent(() => import('../features/accounts/routes/registration'), 'RegistrationPage'),
});
const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app-terms',
  component: lazyRouteComponent(() => import('../features/accounts/routes/terms'), 'TermsPage'),
});
// Public tracking (issue 30): no sign-in, milestones only, linked from the login page.
const publicTrackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'track',
  validateSearch: typedSearch<TrackSearch>,
  component: lazyRouteComponent(() => import('../features/tracking/routes/public-track'), 'PublicTrackPage'),
});

/**
 * Signed-in screens share the header and footer. Signed-out users go to app-login, which brings them back after.
 * The auth data (permission set, offices) is refreshed once per page load, when the first signed-in screen opens.
 *
 * Route guards: a screen declares the permission it needs as `staticData.requires` next to its route below; the
 * portal layout checks every matched route's requirement and shows the not-permitted page in place of the screen
 * (the address stays as typed). The server refuses the calls anyway; the guard only spares a screen of refusals.
 */
const portalRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'portal',
  component: lazyRouteComponent(() => import('./layout/portal-layout'), 'PortalLayout'),
  errorComponent: PortalErrorPage,
  beforeLoad: async ({ location }) => {
    const toLogin = () => redirect({ to: '/app-login', search: { redirect: location.href } });
    const session = getSession();
    if (!session) throw toLogin();
    // Auth data stored by an earlier load serves at once: the screen (and its calls) start while the refresh runs,
    // and the layout's guard re-checks when it lands (the server checks every call anyway). A failed refresh keeps
    // the stored data; a 401 ends the session and the API client sends the user to app-login. Only without stored
    // data does the screen wait for it.
    if (session.authData) {
      void ensureAuthData().catch(() => {});
      return;
    }
    try {
      await ensureAuthData();
    } catch (error) {
      // 401: the API client has already ended the session.
      if (!getSession()) throw toLogin();
      throw error;
    }
  },
});

const profileRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-profile',
  staticData: { requires: 'CP.PROFILE.VIEW' },
  component: lazyRouteComponent(() => import('./profile-route'), 'ProfileRoute'),
});
const adminDashboardRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin',
  staticData: { requires: 'ADMIN.DASHBOARD.VIEW' },
  component: lazyRouteComponent(
    () => import('../features/dashboard/routes/dashboard-admin'),
    'AdminDashboardPage',
  ),
});

// The carrier's BL review work list (the admin dashboard's BL_REVIEW queue) and the review of one bill.
const blReviewQueueRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/bl-review',
  staticData: { requires: 'ADMIN.BL_REVIEW.VIEW' },
  component: lazyRouteComponent(
    () => import('../features/bills-of-lading/routes/bl-review-queue'),
    'BlReviewQueuePage',
  ),
});
const blReviewRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/bl-review/$id',
  staticData: { requires: 'ADMIN.BL_REVIEW.VIEW' },
  component: lazyRouteComponent(
    () => import('../features/bills-of-lading/routes/bl-review'),
    'BlReviewRoute',
  ),
});

// The carrier's desk (features/carrier-desk): work lists and tariffs, each behind its own VIEW permission.
const quotationsToPriceRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/quotations-to-price',
  staticData: { requires: 'ADMIN.QUOTATION.VIEW' },
  component: lazyRouteComponent(
    () => import('../features/carrier-desk/routes/quotations-to-price'),
    'QuotationsToPricePage',
  ),
});
const quotationToPriceRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/quotations-to-price/$id',
  staticData: { requires: 'ADMIN.QUOTATION.VIEW' },
  component: lazyRouteComponent(
    () => import('../features/carrier-desk/routes/quotation-to-price'),
    'QuotationToPriceRoute',
  ),
});
const bookingsToConfirmRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/bookings-to-confirm',
  staticData: { requires: 'ADMIN.BOOKING.VIEW' },
  component: lazyRouteComponent(
    () => import('../features/carrier-desk/routes/bookings-to-confirm'),
    'BookingsToConfirmPage',
  ),
});
const bookingToConfirmRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/bookings-to-confirm/$id',
  staticData: { requires: 'ADMIN.BOOKING.VIEW' },
  component: lazyRouteComponent(
    () => import('../features/carrier-desk/routes/booking-to-confirm'),
    'BookingToConfirmRoute',
  ),
});
const tariffsRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/tariffs',
  staticData: { requires: 'ADMIN.TARIFF.VIEW' },
  component: lazyRouteComponent(() => import('../features/carrier-desk/routes/tariffs'), 'TariffsPage'),
});
const inlandTariffsRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/inland-tariffs',
  staticData: { requires: 'ADMIN.TARIFF.VIEW' },
  component: lazyRouteComponent(
    () => import('../features/carrier-desk/routes/inland-tariffs'),
    'InlandTariffsPage',
  ),
});

// The admin workspace (features/admin-workspace): each screen behind its own VIEW permission.
const companyRequestsRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/company-requests',
  staticData: { requires: 'ADMIN.COMPANY.VIEW' },
  component: lazyRouteComponent(
    () => import('../features/admin-workspace/routes/company-requests'),
    'CompanyRequestsPage',
  ),
});
const companiesRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/companies',
  staticData: { requires: 'ADMIN.COMPANY.VIEW' },
  component: lazyRouteComponent(
    () => import('../features/admin-workspace/routes/companies'),
    'CompaniesPage',
  ),
});
const usersRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/users',
  staticData: { requires: 'ADMIN.USER.VIEW' },
  component: lazyRouteComponent(() => import('../features/admin-workspace/routes/users'), 'UsersPage'),
});
const officesRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/offices',
  staticData: { requires: 'ADMIN.OFFICE.VIEW' },
  component: lazyRouteComponent(() => import('../features/admin-workspace/routes/offices'), 'OfficesPage'),
});
// The carrier's schedule (features/voyages, issue 26): vessels, liner services and their voyages.
const vesselsRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/vessels',
  staticData: { requires: 'ADMIN.VESSEL.VIEW' },
  component: lazyRouteComponent(() => import('../features/voyages/routes/vessels'), 'VesselsPage'),
});
const servicesRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/services',
  staticData: { requires: 'ADMIN.SERVICE.VIEW' },
  component: lazyRouteComponent(() => import('../features/voyages/routes/services'), 'ServicesPage'),
});
const voyagesRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/voyages',
  staticData: { requires: 'ADMIN.VOYAGE.VIEW' },
  validateSearch: typedSearch<VoyageListSearch>,
  component: lazyRouteComponent(() => import('../features/voyages/routes/voyages'), 'VoyagesPage'),
});
const voyageRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/voyages/$id',
  staticData: { requires: 'ADMIN.VOYAGE.VIEW' },
  component: lazyRouteComponent(() => import('../features/voyages/routes/voyage'), 'VoyageRoute'),
});
// Track and trace (issue 30): staff record container moves, one event or a terminal's CSV.
const equipmentEventsRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/equipment-events',
  staticData: { requires: 'ADMIN.EQUIPMENT_EVENT.CREATE' },
  component: lazyRouteComponent(
    () => import('../features/tracking/routes/equipment-events'),
    'EquipmentEventsPage',
  ),
});
const auditRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/audit',
  staticData: { requires: 'ADMIN.AUDIT.VIEW' },
  component: lazyRouteComponent(() => import('../features/admin-workspace/routes/audit'), 'AuditPage'),
});

const dashboardRoute = createRoute({ getParentRoute: () => portalRoute, path: 'app-dashboard' });
const dashboardIndexRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: '/',
  staticData: { requires: 'CP.DASHBOARD.VIEW' },
  // Carrier staff opening the customer home are sent to their own dashboard instead of a refusal (see
  // customerDashboardRedirect); anyone else without CP.DASHBOARD.VIEW gets the not-permitted page.
  beforeLoad: () => {
    const to = customerDashboardRedirect(getSession()?.authData?.permissions);
    if (to) throw redirect({ to, replace: true });
  },
  component: lazyRouteComponent(() => import('../features/dashboard/routes/dashboard'), 'DashboardPage'),
});
const rateEnquiryRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'app-rate-enquiry',
  staticData: { requires: 'CP.RATE_ENQUIRY.VIEW' },
  // The schedules' "Get a price": the lane and the sailing chosen.
  validateSearch: typedSearch<RateEnquirySearch>,
  component: lazyRouteComponent(
    () => import('../features/quotations/routes/rate-enquiry'),
    'RateEnquiryPage',
  ),
});
// Sailing schedules (issue 26): customers and staff.
const schedulesRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'app-schedules',
  staticData: { requires: 'CP.SCHEDULE.VIEW' },
  validateSearch: typedSearch<ScheduleSearch>,
  component: lazyRouteComponent(() => import('../features/schedules/routes/schedules'), 'SchedulesPage'),
});
// Track and trace (issue 30): a container, bill-of-lading or booking number, customers and staff.
const trackRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'app-track',
  staticData: { requires: 'CP.TRACKING.VIEW' },
  validateSearch: typedSearch<TrackSearch>,
  component: lazyRouteComponent(() => import('../features/tracking/routes/track'), 'TrackPage'),
});
const bookingListRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'app-booking-list',
  staticData: { requires: 'CP.BOOKING.VIEW' },
  validateSearch: typedSearch<BookingListSearch>,
  component: lazyRouteComponent(() => import('../features/bookings/routes/booking-list'), 'BookingListPage'),
});
// A booking's SOLAS VGM declarations (issue 26): customers declare, staff read them.
const vgmRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'app-vgm/$bookingId',
  staticData: { requires: 'CP.VGM.VIEW' },
  component: lazyRouteComponent(() => import('../features/bookings/routes/vgm'), 'VgmPage'),
});
const blListRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'bl-list',
  staticData: { requires: 'CP.BL.VIEW' },
  validateSearch: parseBlListSearch,
  // The page's list call starts once the auth data is in, not after the first render (not on hover: preload).
  loaderDeps: ({ search }) => search,
  loader: ({ deps, preload }) => {
    if (preload) return;
    void import('../features/bills-of-lading/routes/prefetch-bl-list').then((module) =>
      module.prefetchBlList(deps),
    );
  },
  component: lazyRouteComponent(() => import('../features/bills-of-lading/routes/bl-list'), 'BlListRoute'),
});
// One booking's shipment (issue 26): plan, deadlines, documents, pricing, log; app/ adds the bills' document actions.
const shipmentRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'app-shipment/$bookingId',
  staticData: { requires: 'CP.BOOKING.VIEW' },
  component: lazyRouteComponent(() => import('./shipment-route'), 'ShipmentRoute'),
});
const quotationListRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'app-active-quotation',
  staticData: { requires: 'CP.QUOTATION.VIEW' },
  validateSearch: typedSearch<QuotationListSearch>,
  component: lazyRouteComponent(
    () => import('../features/quotations/routes/quotation-list'),
    'QuotationListPage',
  ),
});

// Viewing needs CP.BL.VIEW; the screen itself turns read-only without CP.BL.EDIT (carrier staff).
const blViewRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'bl_view/$id',
  staticData: { requires: 'CP.BL.VIEW' },
  // The bill's requests start once the auth data is in, not after the first render (not on hover: preload).
  loader: ({ params, preload }) => {
    if (preload) return;
    void import('../features/bills-of-lading/routes/prefetch-bill-view').then((module) =>
      module.prefetchBillView(Number(params.id)),
    );
  },
  component: lazyRouteComponent(() => import('../features/bills-of-lading/routes/bl-view'), 'BlViewRoute'),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  registrationRoute,
  termsRoute,
  publicTrackRoute,
  verifyEmailRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  oauthCallbackRoute,
  portalRoute.addChildren([
    profileRoute,
    adminDashboardRoute,
    blReviewQueueRoute,
    blReviewRoute,
    quotationsToPriceRoute,
    quotationToPriceRoute,
    bookingsToConfirmRoute,
    bookingToConfirmRoute,
    tariffsRoute,
    inlandTariffsRoute,
    companyRequestsRoute,
    companiesRoute,
    usersRoute,
    officesRoute,
    vesselsRoute,
    servicesRoute,
    voyagesRoute,
    voyageRoute,
    equipmentEventsRoute,
    auditRoute,
    dashboardRoute.addChildren([
      dashboardIndexRoute,
      schedulesRoute,
      rateEnquiryRoute,
      bookingListRoute,
      vgmRoute,
      shipmentRoute,
      trackRoute,
      blListRoute,
      quotationListRoute,
    ]),
    blViewRoute,
  ]),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The permission a signed-in screen needs (checked by the portal layout for every matched route). */
    requires?: PermissionCode;
  }
}
