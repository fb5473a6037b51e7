import { createRootRoute, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/accounts/routes/login';
import { ProfilePage } from '../features/accounts/routes/profile';
import { RegistrationPage } from '../features/accounts/routes/registration';
import { TermsPage } from '../features/accounts/routes/terms';
import { BlListPage } from '../features/bills-of-lading/routes/bl-list';
import { BlViewPage } from '../features/bills-of-lading/routes/bl-view';
import { BookingListPage } from '../features/bookings/routes/booking-list';
import { DashboardPage } from '../features/dashboard/routes/dashboard';
import { AdminDashboardPage } from '../features/dashboard/routes/dashboard-admin';
import { QuotationListPage } from '../features/quotations/routes/quotation-list';
import { RateEnquiryPage } from '../features/rate-enquiry/routes/rate-enquiry';
import { BusyOverlay } from './busy-overlay';
import { PortalLayout } from './layout/portal-layout';
import { NotFoundPage } from './not-found';

const rootRoute = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <BusyOverlay />
    </>
  ),
  notFoundComponent: NotFoundPage,
});

// The empty path redirects to app-login (specification section 2).
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app-login' });
  },
});

const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: 'app-login', component: LoginPage });
const registrationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app-registration',
  component: RegistrationPage,
});
const termsRoute = createRoute({ getParentRoute: () => rootRoute, path: 'app-terms', component: TermsPage });

/** Signed-in screens share the header and footer. */
const portalRoute = createRoute({ getParentRoute: () => rootRoute, id: 'portal', component: PortalLayout });

const profileRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-profile',
  component: ProfilePage,
});
const adminDashboardRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin',
  component: AdminDashboardPage,
});

const dashboardRoute = createRoute({ getParentRoute: () => portalRoute, path: 'app-dashboard' });
const dashboardIndexRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: '/',
  component: DashboardPage,
});
const rateEnquiryRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'app-rate-enquiry',
  component: RateEnquiryPage,
});
const bookingListRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'app-booking-list',
  component: BookingListPage,
});
const blListRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'bl-list',
  component: BlListPage,
});
const quotationListRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'app-active-quotation',
  component: QuotationListPage,
});

const blViewRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'bl_view/$id',
  component: function BlViewRoute() {
    const { id } = blViewRoute.useParams();
    return <BlViewPage id={id} />;
  },
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  registrationRoute,
  termsRoute,
  portalRoute.addChildren([
    profileRoute,
    adminDashboardRoute,
    dashboardRoute.addChildren([
      dashboardIndexRoute,
      rateEnquiryRoute,
      bookingListRoute,
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
}
