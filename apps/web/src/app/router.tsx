import { createRootRoute, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/accounts/routes/forgot-password';
import { LoginPage } from '../features/accounts/routes/login';
import { OAuthCallbackPage } from '../features/accounts/routes/oauth-callback';
import { ProfilePage } from '../features/accounts/routes/profile';
import { RegistrationPage } from '../features/accounts/routes/registration';
import { ResetPasswordPage } from '../features/accounts/routes/reset-password';
import { TermsPage } from '../features/accounts/routes/terms';
import { VerifyEmailPage } from '../features/accounts/routes/verify-email';
import { parseBlListSearch } from '../features/bills-of-lading/components/bl-list-search';
import { BlListPage } from '../features/bills-of-lading/routes/bl-list';
import { BlReviewPage } from '../features/bills-of-lading/routes/bl-review';
import { BlViewPage } from '../features/bills-of-lading/routes/bl-view';
import { BookingListPage } from '../features/bookings/routes/booking-list';
import { DashboardPage } from '../features/dashboard/routes/dashboard';
import { AdminDashboardPage } from '../features/dashboard/routes/dashboard-admin';
import { QuotationListPage } from '../features/quotations/routes/quotation-list';
import { RateEnquiryPage } from '../features/rate-enquiry/routes/rate-enquiry';
import { getSession } from '../lib/session';
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
  component: function LoginRoute() {
    const { redirect } = loginRoute.useSearch();
    return <LoginPage redirect={redirect} />;
  },
});
const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app-verify-email',
  validateSearch: tokenSearch,
  component: function VerifyEmailRoute() {
    return <VerifyEmailPage token={verifyEmailRoute.useSearch().token} />;
  },
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app-forgot-password',
  component: ForgotPasswordPage,
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app-reset-password',
  validateSearch: tokenSearch,
  component: function ResetPasswordRoute() {
    return <ResetPasswordPage token={resetPasswordRoute.useSearch().token} />;
  },
});
const oauthCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'oauth/callback',
  component: OAuthCallbackPage,
});
const registrationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app-registration',
  component: RegistrationPage,
});
const termsRoute = createRoute({ getParentRoute: () => rootRoute, path: 'app-terms', component: TermsPage });

/** Signed-in screens share the header and footer. Signed-out users go to app-login, which brings them back after. */
const portalRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'portal',
  component: PortalLayout,
  beforeLoad: ({ location }) => {
    if (!getSession()) throw redirect({ to: '/app-login', search: { redirect: location.href } });
  },
});
const isAdmin = () => getSession()?.user.is_admin === true;

const profileRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-profile',
  component: ProfilePage,
});
// Customers cannot open the admin area.
const adminDashboardRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin',
  component: AdminDashboardPage,
  beforeLoad: () => {
    if (!isAdmin()) throw redirect({ to: '/app-dashboard' });
  },
});

// The carrier's review of one bill; admins only, like the admin dashboard.
const blReviewRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'app-dashboard-admin/bl-review/$id',
  beforeLoad: () => {
    if (!isAdmin()) throw redirect({ to: '/app-dashboard' });
  },
  component: function BlReviewRoute() {
    const { id } = blReviewRoute.useParams();
    return <BlReviewPage id={Number(id)} />;
  },
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
  validateSearch: parseBlListSearch,
  component: function BlListRoute() {
    const navigate = blListRoute.useNavigate();
    return (
      <BlListPage
        search={blListRoute.useSearch()}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
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
  verifyEmailRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  oauthCallbackRoute,
  portalRoute.addChildren([
    profileRoute,
    adminDashboardRoute,
    blReviewRoute,
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
