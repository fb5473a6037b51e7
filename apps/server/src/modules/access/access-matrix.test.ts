import { prefillBillForm, toUpdatePayload, withCheckDigit } from '@lading/contract/bills-of-lading';
import { toShippingInstructions } from '@lading/contract/dcsa';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { companyMemberships } from '../../db/schema/companies';
import { offices } from '../../db/schema/offices';
import { hashPassword } from '../../lib/passwords';
import { CookieJar, login, signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUserWithRole } from '../../test/users';

/**
 * The access matrix: every route the app registers (read from the app itself, so a route added without a row here
 * fails) x anonymous / customer A / customer B / branch staff (Chennai) / corporate administrator (TSX), and the API
 * clients of A's and B's companies (client-credentials tokens holding every scope, decision 025): a client is refused
 * (403) on every route that is not public, unless the row opens it (`clients`: the reads that declare a scope).
 *
 * Each row sends one request per caller against customer A's records (a bill issued by the corporate office, A's
 * user, A's company membership) and names the status each caller must get. Requests that reach a service are built
 * so that they stop before changing anything where possible (a stale version -> 412, an original print of an
 * unissued bill -> 409, an already decided membership -> 409), which shows the caller got through to the record.
 * Every refused call (401, 403, 404) must leave the database exactly as it was and answer only the error shape.
 */

/** A session id that no session has. */
const UNKNOWN_SESSION = '00000000-0000-4000-8000-000000000000';

const CALLERS = ['anonymous', 'customerA', 'customerB', 'branch', 'corporate'] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;
/** Companies' API clients: A's company's and B's, each holding every scope. */
const CLIENT_CALLERS = ['clientA', 'clientB'] as const;
type ClientCaller = (typeof CLIENT_CALLERS)[number];

type Ctx = {
  billId: number;
  billNumber: string;
  billBody: Record<string, unknown>;
  /** The bill's DCSA export as shipping instructions. */
  shippingInstructions: Record<string, unknown>;
  userA: number;
  emailA: string;
  partyA: number;
  membershipA: number;
  branchOfficeId: number;
  /** A's quotation (INNSA, the corporate office's), already rejected: accept and reject then answer 409. */
  quotationA: number;
  /** A's booking of the bill above (confirmed: cancelling it answers 409). */
  bookingA: number;
  /** A container of that bill (and booking): what a VGM declaration names. */
  containerA: string;
  /** A demo tariff. */
  tariffId: number;
  /** A demo inland haulage tariff. */
  inlandTariffId: number;
  /** One of A's notifications. */
  notificationA: number;
  /** A passkey of A's (stored as a registration would: what the routes read of it is the row). */
  passkeyA: number;
  /** A demo vessel and service. */
  vesselId: number;
  serviceId: number;
  /** Three demo voyages of the India–Gulf shuttle (call 1 at INNSA, the corporate office's port) and their versions. */
  voyages: { id: number; version: number; etd: string }[];
  /** An API client of A's company, already revoked: revoking it again answers 409. */
  revokedClientA: number;
  /** A gate-in of A's container (its DCSA eventID). */
  eventA: string;
  /** Two of A's DCSA event subscriptions: one read and changed, one deleted. */
  subscriptionA: string;
  subscriptionGone: string;
};

type Row = {
  request: (ctx: Ctx, method: InjectOptions['method']) => Omit<InjectOptions, 'method'>;
  expect: Expected;
  /** For a route registered for several methods: what a method other than the first must get. */
  expectByMethod?: Partial<Record<string, Expected>>;
  /** What the API clients get, for a route that declares a scope; else 403 (or what anonymous gets, if public). */
  clients?: Record<ClientCaller, number>;
};

const all = (status: number): Expected => ({
  anonymous: status,
  customerA: status,
  customerB: status,
  branch: status,
  corporate: status,
});
/** Any signed-in caller gets `status`; anonymous 401. */
const signedIn = (status: number): Expected => ({ ...all(status), anonymous: 401 });
const who = (customerA: number, customerB: number, branch: number, corporate: number): Expected => ({
  anonymous: 401,
  customerA,
  customerB,
  branch,
  corporate,
});
const STALE = { 'if-match': 'W/"999"' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const get = (url: string) => () => ({ url });

const MATRIX: Record<string, Row> = {
  // Public: the provider, sign-up, sign-in and reset flows, health and the API reference.
  'GET /docs': { request: get('/docs'), expect: all(301) },
  'GET /docs/': { request: get('/docs/'), expect: all(200) },
  'GET /docs/js/scalar.js': { request: get('/docs/js/scalar.js'), expect: all(200) },
  'GET /docs/openapi.json': { request: get('/docs/openapi.json'), expect: all(200) },
  'GET /authenticate/o/authorize/': { request: get('/authenticate/o/authorize/'), expect: all(400) },
  'GET /authenticate/o/authorize/*': { request: get('/authenticate/o/authorize/'), expect: all(400) },
  'POST /authenticate/oauth/token/': {
    request: () => ({ url: '/authenticate/oauth/token/' }),
    expect: all(400),
  },
  'POST /authenticate/oauth/revoke/': {
    request: () => ({ url: '/authenticate/oauth/revoke/' }),
    expect: all(400),
  },
  'GET /authenticate/oauth/jwks/': { request: get('/authenticate/oauth/jwks/'), expect: all(200) },
  // GET shows the provider's sign-out confirmation; POST .../confirm without its form fields is refused.
  'GET,POST /authenticate/oauth/session/end/*': {
    request: (_c, method) =>
      method === 'GET'
        ? { url: '/authenticate/oauth/session/end/' }
        : { url: '/authenticate/oauth/session/end/confirm', headers: FORM, payload: '' },
    expect: all(200),
    expectByMethod: { POST: all(400) },
  },
  'GET /.well-known/openid-configuration': {
    request: get('/.well-known/openid-configuration'),
    expect: all(200),
  },
  'POST /authenticate/oauth/users/create-cp-users/': {
    request: () => ({ url: '/authenticate/oauth/users/create-cp-users/', payload: {} }),
    expect: all(400),
  },
  'POST /authenticate/oauth/users/verify-email/': {
    request: () => ({ url: '/authenticate/oauth/users/verify-email/', payload: { token: 'x'.repeat(43) } }),
    expect: all(400),
  },
  'POST /authenticate/oauth/users/resend-verification/': {
    request: () => ({ url: '/authenticate/oauth/users/resend-verification/', payload: {} }),
    expect: all(400),
  },
  'POST /authenticate/oauth/login/mfa/': {
    request: () => ({ url: '/authenticate/oauth/login/mfa/', payload: {} }),
    expect: all(400),
  },
  'GET /authenticate/oauth/mfa/': {
    request: get('/authenticate/oauth/mfa/'),
    expect: who(200, 200, 200, 200),
  },
  // Starts an enrolment (an unconfirmed secret asks nothing at sign-in): every signed-in caller may. The demo staff
  // have their authenticator app already (decision 023): a second one is refused.
  'POST /authenticate/oauth/mfa/totp/': {
    request: () => ({ url: '/authenticate/oauth/mfa/totp/' }),
    expect: who(200, 200, 409, 409),
  },
  'POST /authenticate/oauth/mfa/totp/confirm/': {
    request: () => ({ url: '/authenticate/oauth/mfa/totp/confirm/', payload: {} }),
    expect: who(400, 400, 400, 400),
  },
  'DELETE /authenticate/oauth/mfa/totp/': {
    request: () => ({ url: '/authenticate/oauth/mfa/totp/', payload: {} }),
    expect: who(400, 400, 400, 400),
  },
  // Passkeys: the caller's own (none here, so a passkey id nobody has answers 404 to everyone: nothing of another's).
  'GET /authenticate/oauth/mfa/webauthn/': {
    request: get('/authenticate/oauth/mfa/webauthn/'),
    expect: who(200, 200, 200, 200),
  },
  'POST /authenticate/oauth/mfa/webauthn/registration-options/': {
    request: () => ({ url: '/authenticate/oauth/mfa/webauthn/registration-options/' }),
    expect: who(200, 200, 200, 200),
  },
  'POST /authenticate/oauth/mfa/webauthn/': {
    request: () => ({ url: '/authenticate/oauth/mfa/webauthn/', payload: {} }),
    expect: who(400, 400, 400, 400),
  },
  'PATCH /authenticate/oauth/mfa/webauthn/:id/': {
    request: (c) => ({
      url: `/authenticate/oauth/mfa/webauthn/${c.passkeyA}/`,
      payload: { name: 'Renamed' },
    }),
    expect: who(200, 404, 404, 404),
  },
  // A wrong password: A gets past the lookup to the password check (400); the others never learn the passkey exists.
  'DELETE /authenticate/oauth/mfa/webauthn/:id/': {
    request: (c) => ({
      url: `/authenticate/oauth/mfa/webauthn/${c.passkeyA}/`,
      payload: { password: 'not it' },
    }),
    expect: who(400, 404, 404, 404),
  },
  // Public steps of a sign-in with a passkey: without the half-done sign-in's cookie, 401; the options of a sign-in
  // without the password are for anyone; its assertion needs the body.
  'POST /authenticate/oauth/login/mfa/webauthn-options/': {
    request: () => ({ url: '/authenticate/oauth/login/mfa/webauthn-options/' }),
    expect: all(401),
  },
  'POST /authenticate/oauth/login/passkey-options/': {
    request: () => ({ url: '/authenticate/oauth/login/passkey-options/' }),
    expect: all(200),
  },
  'POST /authenticate/oauth/login/passkey/': {
    request: () => ({ url: '/authenticate/oauth/login/passkey/', payload: {} }),
    expect: all(400),
  },
  'GET /authenticate/oauth/sessions/': {
    request: get('/authenticate/oauth/sessions/'),
    expect: who(200, 200, 200, 200),
  },
  // A session id nobody has: every signed-in caller is told it is not theirs, and nothing ends.
  'DELETE /authenticate/oauth/sessions/:sessionId/': {
    request: () => ({ url: `/authenticate/oauth/sessions/${UNKNOWN_SESSION}/` }),
    expect: who(404, 404, 404, 404),
  },
  'POST /authenticate/oauth/sessions/end-others/': {
    request: () => ({ url: '/authenticate/oauth/sessions/end-others/' }),
    expect: who(200, 200, 200, 200),
  },
  'POST /authenticate/oauth/login/': {
    request: () => ({ url: '/authenticate/oauth/login/', payload: {} }),
    expect: all(400),
  },
  'GET /authenticate/interaction/:uid/': {
    request: get('/authenticate/interaction/unknown-uid/'),
    expect: all(400),
  },
  'POST /authenticate/oauth/users/forgot-password/': {
    request: () => ({ url: '/authenticate/oauth/users/forgot-password/', payload: {} }),
    expect: all(400),
  },
  'POST /authenticate/oauth/users/reset-password/': {
    request: () => ({ url: '/authenticate/oauth/users/reset-password/', payload: {} }),
    expect: all(400),
  },
  'GET /': { request: get('/'), expect: all(302) },
  'GET /healthz': { request: get('/healthz'), expect: all(200) },
  'GET /readyz': { request: get('/readyz'), expect: all(200) },

  // Users: their own record; other users only with ADMIN.USER.VIEW (the corporate administrator).
  'GET /authenticate/oauth/users/check-first-login/': {
    request: (c) => ({ url: `/authenticate/oauth/users/check-first-login/?id=${c.userA}` }),
    expect: who(200, 404, 404, 200),
  },
  'GET /authenticate/oauth/users/:id': {
    request: (c) => ({ url: `/authenticate/oauth/users/${c.userA}` }),
    expect: who(200, 404, 404, 200),
  },
  'PATCH /authenticate/oauth/users/:id/update-cp-users/': {
    request: (c) => ({
      url: `/authenticate/oauth/users/${c.userA}/update-cp-users/`,
      payload: {
        id: c.userA,
        party: c.partyA,
        country: 'India',
        contact_number: '+912226000001',
        address: 'Unit 4, Andheri East, Mumbai',
      },
    }),
    expect: who(200, 404, 403, 403),
  },
  'POST /authenticate/oauth/users/:id/change-password/': {
    request: (c) => ({
      url: `/authenticate/oauth/users/${c.userA}/change-password/`,
      payload: { current_password: 'not-the-password', new_password: 'a brand new passphrase 2026' },
    }),
    expect: who(400, 404, 404, 404),
  },
  'GET /authenticate/oauth/users/:id/auth-data/': {
    request: (c) => ({ url: `/authenticate/oauth/users/${c.userA}/auth-data/` }),
    expect: who(200, 404, 404, 404),
  },
  'PUT /authenticate/oauth/users/:id/selected-office/': {
    request: (c) => ({
      url: `/authenticate/oauth/users/${c.userA}/selected-office/`,
      payload: { officeId: c.branchOfficeId },
    }),
    expect: who(400, 404, 404, 404),
  },

  // Company API clients: any approved member of the company; staff hold no CP.API_CLIENT.
  'GET /cp/company/api-clients/': {
    request: get('/cp/company/api-clients/'),
    expect: who(200, 200, 403, 403),
  },
  'POST /cp/company/api-clients/': {
    request: () => ({ url: '/cp/company/api-clients/', payload: { name: 'Matrix', scopes: [] } }),
    expect: who(400, 400, 403, 403),
  },
  'DELETE /cp/company/api-clients/:id/': {
    request: (c) => ({ url: `/cp/company/api-clients/${c.revokedClientA}/` }),
    expect: who(409, 404, 403, 403),
  },

  // Companies: customers request, carrier staff decide.
  'POST /cp/companies/': {
    request: () => ({
      url: '/cp/companies/',
      payload: { name: 'Atlantis Trading', address: '1 Harbour Road', country: 'Atlantis', taxId: 'AT123' },
    }),
    expect: who(400, 400, 403, 403),
  },
  'GET /cp/company-memberships/': {
    request: get('/cp/company-memberships/?status=PENDING'),
    expect: who(403, 403, 200, 200),
  },
  'POST /cp/company-memberships/:id/approve/': {
    request: (c) => ({ url: `/cp/company-memberships/${c.membershipA}/approve/` }),
    expect: who(403, 403, 409, 409),
  },
  'POST /cp/company-memberships/:id/refuse/': {
    request: (c) => ({
      url: `/cp/company-memberships/${c.membershipA}/refuse/`,
      payload: { reason: 'Unknown' },
    }),
    expect: who(403, 403, 409, 409),
  },

  // The admin workspace: users and offices for the corporate administrator; companies and the audit trail also for
  // branch staff (read; they hold COMPANY VIEW/APPROVE and AUDIT VIEW). Changes are sent as no-ops (A's own values) or
  // stop at validation, so a permitted call writes nothing either.
  'GET /cp/admin/users/': { request: get('/cp/admin/users/?search=demo'), expect: who(403, 403, 403, 200) },
  'GET /cp/admin/users/:id/': {
    request: (c) => ({ url: `/cp/admin/users/${c.userA}/` }),
    expect: who(403, 403, 403, 200),
  },
  'PUT /cp/admin/users/:id/active/': {
    request: (c) => ({ url: `/cp/admin/users/${c.userA}/active/`, payload: { isActive: true } }),
    expect: who(403, 403, 403, 200),
  },
  'PUT /cp/admin/users/:id/roles/': {
    request: (c) => ({ url: `/cp/admin/users/${c.userA}/roles/`, payload: { roles: ['CUSTOMER'] } }),
    expect: who(403, 403, 403, 200),
  },
  'PUT /cp/admin/users/:id/offices/': {
    request: (c) => ({ url: `/cp/admin/users/${c.userA}/offices/`, payload: { officeIds: [] } }),
    expect: who(403, 403, 403, 200),
  },
  'GET /cp/admin/users/:id/sessions/': {
    request: (c) => ({ url: `/cp/admin/users/${c.userA}/sessions/` }),
    expect: who(403, 403, 403, 200),
  },
  // Without a reason: the administrator gets through to the validation (400) and ends nothing.
  'DELETE /cp/admin/users/:id/sessions/': {
    request: (c) => ({ url: `/cp/admin/users/${c.userA}/sessions/`, payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'DELETE /cp/admin/users/:id/sessions/:sessionId/': {
    request: (c) => ({
      url: `/cp/admin/users/${c.userA}/sessions/${UNKNOWN_SESSION}/`,
      payload: { reason: 'Access matrix check' },
    }),
    expect: who(403, 403, 403, 404),
  },
  // A's account has no second factor: the administrator gets through to the user (409) and nothing is removed.
  'DELETE /cp/admin/users/:id/mfa/': {
    request: (c) => ({ url: `/cp/admin/users/${c.userA}/mfa/`, payload: { reason: 'Access matrix check' } }),
    expect: who(403, 403, 403, 409),
  },
  'POST /cp/admin/users/:id/resend-verification/': {
    request: (c) => ({ url: `/cp/admin/users/${c.userA}/resend-verification/` }),
    expect: who(403, 403, 403, 409),
  },
  'GET /cp/admin/companies/': {
    request: get('/cp/admin/companies/?search=demo'),
    expect: who(403, 403, 200, 200),
  },
  'GET /cp/admin/companies/:id/': {
    request: (c) => ({ url: `/cp/admin/companies/${c.partyA}/` }),
    expect: who(403, 403, 200, 200),
  },
  'POST /cp/admin/companies/': {
    request: () => ({ url: '/cp/admin/companies/', payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'PUT /cp/admin/companies/:id/': {
    request: (c) => ({ url: `/cp/admin/companies/${c.partyA}/`, payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'GET /cp/admin/offices/': { request: get('/cp/admin/offices/'), expect: who(403, 403, 403, 200) },
  'GET /cp/admin/offices/:id/': {
    request: (c) => ({ url: `/cp/admin/offices/${c.branchOfficeId}/` }),
    expect: who(403, 403, 403, 200),
  },
  'POST /cp/admin/offices/': {
    request: () => ({ url: '/cp/admin/offices/', payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'PUT /cp/admin/offices/:id/': {
    request: (c) => ({ url: `/cp/admin/offices/${c.branchOfficeId}/`, payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'GET /cp/admin/audit-events/': {
    request: (c) => get(`/cp/admin/audit-events/?record_type=USER&record_id=${c.userA}`)(),
    expect: who(403, 403, 200, 200),
  },

  // Reference data: any signed-in user.
  'GET /core/base/v1/ports/': {
    request: get('/core/base/v1/ports/?limit=5&name=mum'),
    expect: signedIn(200),
  },
  'GET /core/base/v1/countries/': {
    request: get('/core/base/v1/countries/?query=ind'),
    expect: signedIn(200),
  },
  'GET /core/base/v1/parties/': { request: get('/core/base/v1/parties/?name=demo'), expect: signedIn(200) },
  'GET /core/base/v1/parties/party-detail-list/': {
    request: get('/core/base/v1/parties/party-detail-list/?name=demo'),
    expect: signedIn(200),
  },
  'GET /core/base/v1/parties/party-detail-list-cp/': {
    request: get('/core/base/v1/parties/party-detail-list-cp/?query=demo'),
    expect: signedIn(200),
  },
  'GET /core/base/v1/hsn-codes/cp-hsn-code-list/': {
    request: get('/core/base/v1/hsn-codes/cp-hsn-code-list/'),
    expect: signedIn(200),
  },
  'GET /core/base/v1/cargo-package-types/cargo-package-types-cp/': {
    request: get('/core/base/v1/cargo-package-types/cargo-package-types-cp/'),
    expect: signedIn(200),
  },
  'GET /core/base/v1/iso-equipment/': { request: get('/core/base/v1/iso-equipment/'), expect: signedIn(200) },
  'GET /core/base/v1/cargo-types/': { request: get('/core/base/v1/cargo-types/'), expect: signedIn(200) },
  'GET /core/base/v1/category-unit-mapping/': {
    request: get('/core/base/v1/category-unit-mapping/'),
    expect: signedIn(200),
  },
  'GET /cp/base/railway-station/': {
    request: get('/cp/base/railway-station/?name=del'),
    expect: signedIn(200),
  },

  // Bills of lading: customer A's bill, issued by the corporate office (outside the Chennai branch's scope).
  'GET /cp/bill-of-ladings/': {
    request: get('/cp/bill-of-ladings/'),
    expect: who(200, 200, 200, 200),
    // B's client gets B's company's list (none of A's bills, checked on every answer).
    clients: { clientA: 200, clientB: 200 },
  },
  'GET /cp/bill-of-ladings/:id': {
    request: (c) => ({ url: `/cp/bill-of-ladings/${c.billId}` }),
    expect: who(200, 404, 404, 200),
  },
  'GET /cp/bill-of-ladings/:id/': {
    request: (c) => ({ url: `/cp/bill-of-ladings/${c.billId}/` }),
    expect: who(200, 404, 404, 200),
  },
  'GET /cp/bill-of-ladings/:id/dcsa': {
    request: (c) => ({ url: `/cp/bill-of-ladings/${c.billId}/dcsa` }),
    expect: who(200, 404, 404, 200),
    clients: { clientA: 200, clientB: 404 },
  },
  'POST /cp/bill-of-ladings/:id/dcsa-shipping-instructions': {
    request: (c) => ({
      url: `/cp/bill-of-ladings/${c.billId}/dcsa-shipping-instructions`,
      headers: STALE,
      payload: c.shippingInstructions,
    }),
    expect: who(412, 404, 403, 403),
  },
  'PUT /cp/bill-of-ladings/:id/': {
    request: (c) => ({ url: `/cp/bill-of-ladings/${c.billId}/`, headers: STALE, payload: c.billBody }),
    expect: who(412, 404, 403, 403),
  },
  'PUT /cp/bill-of-ladings/:id': {
    request: (c) => ({ url: `/cp/bill-of-ladings/${c.billId}`, headers: STALE, payload: c.billBody }),
    expect: who(412, 404, 403, 403),
  },
  'GET /cp/bill-of-ladings/review-queue/': {
    request: get('/cp/bill-of-ladings/review-queue/'),
    expect: who(403, 403, 200, 200),
  },
  'GET /cp/bill-of-ladings/:id/review/': {
    request: (c) => ({ url: `/cp/bill-of-ladings/${c.billId}/review/` }),
    expect: who(403, 403, 404, 200),
  },
  'GET /cp/bill-of-ladings/:id/history/': {
    request: (c) => ({ url: `/cp/bill-of-ladings/${c.billId}/history/` }),
    expect: who(200, 404, 404, 200),
  },
  'GET /cp/bill-of-ladings/:id/deadlines/': {
    request: (c) => ({ url: `/cp/bill-of-ladings/${c.billId}/deadlines/` }),
    expect: who(200, 404, 404, 200),
  },
  'POST /cp/bill-of-ladings/:id/late-acceptance/': {
    request: (c) => ({
      url: `/cp/bill-of-ladings/${c.billId}/late-acceptance/`,
      payload: {
        cutOff: 'DCO',
        reason: 'matrix check',
        until: new Date(Date.now() + 86_400_000).toISOString(),
      },
    }),
    expect: who(403, 403, 404, 201),
  },
  'POST /cp/bill-of-ladings/:id/approve/': {
    request: (c) => ({ url: `/cp/bill-of-ladings/${c.billId}/approve/`, headers: STALE }),
    expect: who(403, 403, 404, 412),
  },
  'POST /cp/bill-of-ladings/:id/return/': {
    request: (c) => ({
      url: `/cp/bill-of-ladings/${c.billId}/return/`,
      headers: STALE,
      payload: { comment: 'Please check the seal numbers.' },
    }),
    expect: who(403, 403, 404, 412),
  },
  'POST /cp/bill-of-ladings/:id/issue/': {
    request: (c) => ({ url: `/cp/bill-of-ladings/${c.billId}/issue/`, headers: STALE }),
    expect: who(403, 403, 404, 412),
  },
  'POST /cp/bill-of-lading/:id/bl-print/': {
    // An original of a bill not yet issued: 409 for whoever reaches the bill, and nothing is counted.
    request: (c) => ({ url: `/cp/bill-of-lading/${c.billId}/bl-print/`, payload: { kind: 'original' } }),
    expect: who(409, 404, 404, 409),
  },
  'POST /cp/bill-of-ladings/send_mail_bl/': {
    request: (c) => ({
      url: '/cp/bill-of-ladings/send_mail_bl/',
      payload: { blId: c.billId, to: ['consignee@example.com'] },
    }),
    expect: who(202, 404, 404, 202),
  },
  // Quotations and bookings: A's records at the corporate office (outside the Chennai branch's scope).
  'POST /cp/quotations/': {
    request: () => ({ url: '/cp/quotations/', payload: {} }),
    expect: who(400, 400, 403, 403),
  },
  'GET /cp/quotations/': { request: get('/cp/quotations/'), expect: who(200, 200, 200, 200) },
  'GET /cp/quotations/:id': {
    request: (c) => ({ url: `/cp/quotations/${c.quotationA}` }),
    expect: who(200, 404, 404, 200),
  },
  'POST /cp/quotations/:id/accept/': {
    request: (c) => ({ url: `/cp/quotations/${c.quotationA}/accept/` }),
    expect: who(409, 404, 403, 403),
  },
  'POST /cp/quotations/:id/reject/': {
    request: (c) => ({ url: `/cp/quotations/${c.quotationA}/reject/`, payload: { reason: 'again' } }),
    expect: who(409, 404, 403, 403),
  },
  'GET /cp/bookings/': { request: get('/cp/bookings/'), expect: who(200, 200, 200, 200) },
  'GET /cp/bookings/:id': {
    request: (c) => ({ url: `/cp/bookings/${c.bookingA}` }),
    expect: who(200, 404, 404, 200),
  },
  'GET /cp/bookings/:id/dcsa': {
    request: (c) => ({ url: `/cp/bookings/${c.bookingA}/dcsa` }),
    expect: who(200, 404, 404, 200),
  },
  'GET /cp/bookings/:id/shipment/': {
    request: (c) => ({ url: `/cp/bookings/${c.bookingA}/shipment/` }),
    expect: who(200, 404, 404, 200),
  },
  'POST /cp/bookings/:id/cancel/': {
    request: (c) => ({ url: `/cp/bookings/${c.bookingA}/cancel/` }),
    expect: who(409, 404, 403, 403),
  },
  // Track and trace (issue 30): every signed-in caller searches, but sees only the shipments of their scope (customer
  // B and the branch get 200 with a message and no containers); staff record moves (a future actual: 400, nothing
  // written); the public page answers everyone with milestones only.
  'GET /cp/track/': {
    request: (c) => ({ url: `/cp/track/?ref=${c.containerA}` }),
    expect: who(200, 200, 200, 200),
  },
  'GET /public/track/': {
    request: (c) => ({ url: `/public/track/?ref=${c.containerA}` }),
    expect: { anonymous: 200, customerA: 200, customerB: 200, branch: 200, corporate: 200 },
  },
  'POST /cp/admin/equipment-events/': {
    request: (c) => ({
      url: '/cp/admin/equipment-events/',
      payload: {
        equipmentReference: c.containerA,
        equipmentEventTypeCode: 'GTIN',
        eventClassifierCode: 'ACT',
        eventDateTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        UNLocationCode: 'INNSA',
        emptyIndicatorCode: 'LADEN',
      },
    }),
    expect: who(403, 403, 400, 400),
  },
  'POST /cp/admin/equipment-events/demo-advance/': {
    // Demo only; the matrix's database has the demo shipments, so staff get through (and a step happens).
    request: () => ({ url: '/cp/admin/equipment-events/demo-advance/' }),
    expect: who(403, 403, 200, 200),
  },
  'POST /cp/admin/equipment-events/import/': {
    request: (c) => ({
      url: '/cp/admin/equipment-events/import/',
      payload: {
        content: `containerNumber,eventCode,UNLocationCode,facility,eventDateTime,voyageNumber,emptyIndicator\n${c.containerA},GTIN,INNSA,,${new Date(Date.now() + 3 * 86_400_000).toISOString()},,LADEN`,
      },
    }),
    expect: who(403, 403, 400, 400),
  },
  // VGM declarations (decision 014): the booking's customer declares; staff read within their scope, never declare.
  'GET /cp/bookings/:id/vgm/': {
    request: (c) => ({ url: `/cp/bookings/${c.bookingA}/vgm/` }),
    expect: who(200, 404, 404, 200),
  },
  'PUT /cp/bookings/:id/vgm/': {
    // A stale version: 412 for whoever reaches the booking, and nothing is written.
    request: (c) => ({
      url: `/cp/bookings/${c.bookingA}/vgm/`,
      payload: {
        declarations: [
          {
            containerNumber: c.containerA,
            version: 999,
            method: 'SM1',
            verifiedGrossMass: 21000,
            weighingDate: new Date().toISOString().slice(0, 10),
            weighingParty: 'Matrix weighbridge',
            authorisedSignatory: 'MATRIX CHECK',
          },
        ],
      },
    }),
    expect: who(412, 404, 403, 403),
  },
  'POST /cp/quotations/:id/price/': {
    request: (c) => ({
      url: `/cp/quotations/${c.quotationA}/price/`,
      payload: {
        currency: 'USD',
        validUntil: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
        charges: [
          {
            code: 'OCEAN_FREIGHT',
            name: 'Ocean freight',
            basis: 'PER_BL',
            quantity: 1,
            unitAmount: '100.00',
          },
        ],
      },
    }),
    expect: who(403, 403, 404, 409),
  },
  'POST /cp/bookings/:id/confirm/': {
    request: (c) => ({
      url: `/cp/bookings/${c.bookingA}/confirm/`,
      payload: {
        voyageId: c.voyages[0]!.id,
        containers: [{ containerNumber: withCheckDigit('MTXU000000'), isoCode: '22G1', tareWeight: 2200 }],
      },
    }),
    expect: who(403, 403, 404, 409),
  },
  'POST /cp/bookings/:id/roll-over/': {
    request: (c) => ({
      url: `/cp/bookings/${c.bookingA}/roll-over/`,
      payload: { voyageId: c.voyages[2]!.id, reason: 'matrix check' },
    }),
    // Past the access check and the scope, the administrator learns the shuttle does not load at A's port (400).
    expect: who(403, 403, 404, 400),
  },
  'POST /cp/bookings/:id/reject/': {
    request: (c) => ({ url: `/cp/bookings/${c.bookingA}/reject/`, payload: { reason: 'matrix' } }),
    expect: who(403, 403, 404, 409),
  },
  'GET /cp/base/geocode/': { request: get('/cp/base/geocode/?query=mumbai'), expect: signedIn(200) },
  // Tariffs: carrier-wide; branch staff read them, corporate staff and administrators write them.
  'GET /cp/tariffs/': { request: get('/cp/tariffs/'), expect: who(403, 403, 200, 200) },
  'GET /cp/tariffs/:id': {
    request: (c) => ({ url: `/cp/tariffs/${c.tariffId}` }),
    expect: who(403, 403, 200, 200),
  },
  'POST /cp/tariffs/': {
    request: () => ({ url: '/cp/tariffs/', payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'PUT /cp/tariffs/:id/': {
    request: (c) => ({ url: `/cp/tariffs/${c.tariffId}/`, payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'PUT /cp/tariffs/:id/active/': {
    request: (c) => ({ url: `/cp/tariffs/${c.tariffId}/active/`, payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  // Without the version read: the administrator gets through to 428 (and deletes nothing).
  'DELETE /cp/tariffs/:id/': {
    request: (c) => ({ url: `/cp/tariffs/${c.tariffId}/` }),
    expect: who(403, 403, 403, 428),
  },
  // Inland haulage tariffs: the sea tariffs' permissions (carrier-wide; branch staff read, corporate staff write).
  'GET /cp/admin/inland-tariffs/': {
    request: get('/cp/admin/inland-tariffs/'),
    expect: who(403, 403, 200, 200),
  },
  'GET /cp/admin/inland-tariffs/:id/': {
    request: (c) => ({ url: `/cp/admin/inland-tariffs/${c.inlandTariffId}/` }),
    expect: who(403, 403, 200, 200),
  },
  'POST /cp/admin/inland-tariffs/': {
    request: () => ({ url: '/cp/admin/inland-tariffs/', payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'PUT /cp/admin/inland-tariffs/:id/': {
    request: (c) => ({ url: `/cp/admin/inland-tariffs/${c.inlandTariffId}/`, payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'PUT /cp/admin/inland-tariffs/:id/active/': {
    request: (c) => ({ url: `/cp/admin/inland-tariffs/${c.inlandTariffId}/active/`, payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  // Without the version read: the administrator gets through to 428 (and deletes nothing).
  'DELETE /cp/admin/inland-tariffs/:id/': {
    request: (c) => ({ url: `/cp/admin/inland-tariffs/${c.inlandTariffId}/` }),
    expect: who(403, 403, 403, 428),
  },
  // Dashboards: the customer's over their own records; the carrier's (and its search) by office.
  'GET /cp/dashboard/': { request: get('/cp/dashboard/'), expect: who(200, 200, 403, 403) },
  'GET /cp/dashboard-admin/': { request: get('/cp/dashboard-admin/'), expect: who(403, 403, 200, 200) },
  'GET /cp/dashboard-admin/search/': {
    request: get('/cp/dashboard-admin/search/?query=LDG'),
    expect: who(403, 403, 200, 200),
  },
  // Notifications: each user's own; another user's is 404.
  'GET /cp/notifications/': { request: get('/cp/notifications/'), expect: signedIn(200) },
  'POST /cp/notifications/:id/read/': {
    request: (c) => ({ url: `/cp/notifications/${c.notificationA}/read/` }),
    expect: who(200, 404, 404, 404),
  },
  // The stream answers 200 and ends after the test app's stream lifetime (half a second).
  'GET /cp/notifications/stream/': { request: get('/cp/notifications/stream/'), expect: signedIn(200) },
  'POST /cp/notifications/read-all/': {
    request: () => ({ url: '/cp/notifications/read-all/' }),
    expect: signedIn(200),
  },
  'GET /cp/notifications/preferences/': {
    request: get('/cp/notifications/preferences/'),
    expect: signedIn(200),
  },
  'PUT /cp/notifications/preferences/': {
    request: () => ({ url: '/cp/notifications/preferences/', payload: {} }),
    expect: signedIn(400),
  },
  // Schedules: every signed-in caller reads them.
  'GET /cp/schedules/point-to-point/': {
    request: get('/cp/schedules/point-to-point/?pol=INNSA&pod=AEJEA'),
    expect: signedIn(200),
  },
  'GET /cp/voyages/:id': {
    request: (c) => ({ url: `/cp/voyages/${c.voyages[0]!.id}` }),
    expect: signedIn(200),
  },
  // Vessels and services: carrier-wide; branch staff read them, corporate staff and administrators write them.
  'GET /cp/admin/vessels/': { request: get('/cp/admin/vessels/'), expect: who(403, 403, 200, 200) },
  'GET /cp/admin/vessels/:id/': {
    request: (c) => ({ url: `/cp/admin/vessels/${c.vesselId}/` }),
    expect: who(403, 403, 200, 200),
  },
  'POST /cp/admin/vessels/': {
    request: () => ({ url: '/cp/admin/vessels/', payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'PUT /cp/admin/vessels/:id/': {
    request: (c) => ({ url: `/cp/admin/vessels/${c.vesselId}/`, payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'GET /cp/admin/services/': { request: get('/cp/admin/services/'), expect: who(403, 403, 200, 200) },
  'GET /cp/admin/services/:id/': {
    request: (c) => ({ url: `/cp/admin/services/${c.serviceId}/` }),
    expect: who(403, 403, 200, 200),
  },
  'POST /cp/admin/services/': {
    request: () => ({ url: '/cp/admin/services/', payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'PUT /cp/admin/services/:id/': {
    request: (c) => ({ url: `/cp/admin/services/${c.serviceId}/`, payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  'POST /cp/admin/services/:id/generate-voyages/': {
    request: (c) => ({ url: `/cp/admin/services/${c.serviceId}/generate-voyages/`, payload: {} }),
    expect: who(403, 403, 403, 400),
  },
  // Voyages: staff read all; a branch changes only the calls at its own port (INNSA is the corporate office's).
  'GET /cp/admin/voyages/': { request: get('/cp/admin/voyages/'), expect: who(403, 403, 200, 200) },
  'GET /cp/admin/voyages/:id/': {
    request: (c) => ({ url: `/cp/admin/voyages/${c.voyages[0]!.id}/` }),
    expect: who(403, 403, 200, 200),
  },
  'POST /cp/admin/voyages/:id/calls/:sequence/delay/': {
    request: (c) => {
      const { id, version, etd } = c.voyages[0]!;
      const later = (hours: number) => new Date(Date.parse(etd) + hours * 3_600_000).toISOString();
      return {
        url: `/cp/admin/voyages/${id}/calls/1/delay/`,
        payload: { version, eta: later(-20), etd: later(2), reason: 'berth congestion' },
      };
    },
    expect: who(403, 403, 404, 200),
  },
  'POST /cp/admin/voyages/:id/calls/:sequence/omit/': {
    request: (c) => ({
      url: `/cp/admin/voyages/${c.voyages[1]!.id}/calls/1/omit/`,
      payload: { version: c.voyages[1]!.version, reason: 'port closed' },
    }),
    expect: who(403, 403, 404, 200),
  },
  'POST /cp/admin/voyages/:id/calls/:sequence/actuals/': {
    request: (c) => ({ url: `/cp/admin/voyages/${c.voyages[0]!.id}/calls/1/actuals/`, payload: {} }),
    expect: who(403, 403, 400, 400),
  },
  'PUT /cp/admin/voyages/:id/calls/:sequence/cut-offs/': {
    request: (c) => ({
      url: `/cp/admin/voyages/${c.voyages[2]!.id}/calls/1/cut-offs/`,
      payload: { version: c.voyages[2]!.version, cutOffs: [{ code: 'DCO', at: c.voyages[2]!.etd }] },
    }),
    expect: who(403, 403, 404, 200),
  },
  // DCSA Track & Trace 3.0.0-Beta-1 (decision 029): CP.TRACKING.VIEW, which every signed-in caller holds. The feed
  // answers every caller, within their scope (B and the branch get an empty list for A's container); A's event and
  // subscriptions are A's alone (the corporate office reads the event, but a subscription belongs to the scope that
  // made it).
  'GET /dcsa/tnt/v3/events': {
    request: (c) => ({ url: `/dcsa/tnt/v3/events?equipmentReference=${c.containerA}` }),
    expect: signedIn(200),
  },
  'GET /dcsa/tnt/v3/events/:eventID': {
    request: (c) => ({ url: `/dcsa/tnt/v3/events/${c.eventA}` }),
    expect: who(200, 404, 404, 200),
  },
  'GET /dcsa/tnt/v3/event-subscriptions': {
    request: get('/dcsa/tnt/v3/event-subscriptions'),
    expect: signedIn(200),
  },
  // Without its secret: 400 for every caller, nothing written.
  'POST /dcsa/tnt/v3/event-subscriptions': {
    request: () => ({
      url: '/dcsa/tnt/v3/event-subscriptions',
      payload: { callbackUrl: 'https://receiver.example.com/hook' },
    }),
    expect: signedIn(400),
  },
  'GET /dcsa/tnt/v3/event-subscriptions/:subscriptionID': {
    request: (c) => ({ url: `/dcsa/tnt/v3/event-subscriptions/${c.subscriptionA}` }),
    expect: who(200, 404, 404, 404),
  },
  'PUT /dcsa/tnt/v3/event-subscriptions/:subscriptionID': {
    request: (c) => ({
      url: `/dcsa/tnt/v3/event-subscriptions/${c.subscriptionA}`,
      payload: { callbackUrl: 'https://receiver.example.com/hook', eventTypes: ['EQUIPMENT'] },
    }),
    expect: who(200, 404, 404, 404),
  },
  'PUT /dcsa/tnt/v3/event-subscriptions/:subscriptionID/secret': {
    request: (c) => ({
      url: `/dcsa/tnt/v3/event-subscriptions/${c.subscriptionA}/secret`,
      payload: { secret: Buffer.alloc(32, 7).toString('base64') },
    }),
    expect: who(204, 404, 404, 404),
  },
  'DELETE /dcsa/tnt/v3/event-subscriptions/:subscriptionID': {
    request: (c) => ({ url: `/dcsa/tnt/v3/event-subscriptions/${c.subscriptionGone}` }),
    expect: who(204, 404, 404, 404),
  },
  // DCSA Commercial Schedules 1.0.3: the schedule's permission (CP.SCHEDULE.VIEW), which every signed-in caller holds.
  'GET /dcsa/cs/v1/point-to-point-routes': {
    request: get('/dcsa/cs/v1/point-to-point-routes?placeOfReceipt=INNSA&placeOfDelivery=AEJEA'),
    expect: signedIn(200),
    clients: { clientA: 200, clientB: 200 },
  },
  'GET /dcsa/cs/v1/port-schedules': {
    request: () => ({
      url: `/dcsa/cs/v1/port-schedules?UNLocationCode=INNSA&date=${new Date().toISOString().slice(0, 10)}`,
    }),
    expect: signedIn(200),
    clients: { clientA: 200, clientB: 200 },
  },
  'GET /dcsa/cs/v1/vessel-schedules': {
    request: get('/dcsa/cs/v1/vessel-schedules?carrierServiceCode=IGS'),
    expect: signedIn(200),
    clients: { clientA: 200, clientB: 200 },
  },
  // Last: signing out revokes the bearer token's grant, so every caller is signed out after this row.
  'POST /authenticate/oauth/logout/': {
    request: () => ({ url: '/authenticate/oauth/logout/' }),
    expect: all(204),
  },
};

/** What must not change when a call is refused: every table a route here could write. */
const WATCHED_TABLES = [
  'users',
  'user_roles',
  'user_offices',
  'offices',
  'company_memberships',
  'parties',
  'bills_of_lading',
  'bl_containers',
  'bl_cargo_details',
  'bl_notify_parties',
  'bookings',
  'quotations',
  'quotation_equipment',
  'quotation_charges',
  'tariffs',
  'tariff_charges',
  'quotation_tariffs',
  'vessels',
  'carrier_services',
  'service_calls',
  'service_vessels',
  'service_cut_offs',
  'voyages',
  'transport_calls',
  'transport_call_cut_offs',
  'bl_late_acceptances',
  'vgm_declarations',
  'audit_events',
  // Their last use moves with every call they make; which exist, their scopes, expiry and revocation must not.
  'company_api_clients',
  'domain_events',
  'outbox_mails',
  'email_tokens',
  'notifications',
  'notification_preferences',
  'login_failures',
  'totp_factors',
  'recovery_codes',
  'tracking_events',
  'tracking_subscriptions',
  'tracking_deliveries',
];

describe('access matrix: every route x every kind of caller', () => {
  let t: TestApp;
  let ctx: Ctx;
  const headers: Record<Caller | ClientCaller, Record<string, string>> = {
    anonymous: {},
    customerA: {},
    customerB: {},
    branch: {},
    corporate: {},
    clientA: {},
    clientB: {},
  };
  /** Each client call writes its own audit row (API_CALL) by design: counted apart from the fingerprint. */
  const clientCalls = async () =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from audit_events where action = 'API_CALL'`,
      )
    )[0]!.n;

  const fingerprint = async () => {
    // Mail queued by an earlier, permitted call is delivered in the background; let it finish first (a call that
    // queued more than one batch, such as the demo's advance with a notice per shipment, takes several passes).
    while ((await t.app.ctx.mail.flush()) > 0);
    const parts = await Promise.all(
      WATCHED_TABLES.map(async (table) => {
        const [row] = await queryRows<{ digest: string }>(
          t.database.db,
          table === 'audit_events'
            ? sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from audit_events x
                where x.action <> 'API_CALL'`
            : table === 'company_api_clients'
              ? sql`select md5(coalesce(string_agg((x.id, x.revoked_at, x.expires_at, x.scopes)::text, '|'
                  order by x.id), '')) as digest from company_api_clients x`
              : sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${sql.identifier(table)} x`,
        );
        return `${table}:${row?.digest}`;
      }),
    );
    return parts.join('\n');
  };

  beforeAll(async () => {
    // Without a web build: the SPA's static files are public by construction (registerPublic) and exist only once
    // the web app is built, so the matrix covers the API whatever is on disk.
    // The webhook push worker runs only when flushed: its timer (every minute in tests) fired in the middle of a
    // refused call's check when the file ran longer than a minute (a loaded machine), and its write to
    // tracking_deliveries read as the refused call's.
    t = await createTestApp(
      {},
      { webDist: '/nonexistent/lading-web-dist', demo: true, webhooks: { intervalMs: 2_000_000_000 } },
    );
    const a = await signInAs(t, 'customer');
    const b = await signInAs(t, 'customer2');
    const branch = await signInAs(t, 'branchAdmin');
    const corporate = await signInAs(t, 'admin');
    headers.customerA = a.headers;
    headers.customerB = b.headers;
    headers.branch = branch.headers;
    headers.corporate = corporate.headers;
    // Each company's API client, holding every scope, with a client-credentials token.
    for (const [caller, customer] of [
      ['clientA', a.headers],
      ['clientB', b.headers],
    ] as const) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/cp/company/api-clients/',
        headers: customer,
        payload: {
          name: 'Matrix client',
          expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
          scopes: ['tnt:read', 'ebl:read', 'schedules:read'],
        },
      });
      const { client, clientSecret } = created.json();
      const token = await t.app.inject({
        method: 'POST',
        url: '/authenticate/oauth/token/',
        headers: FORM,
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client.clientId,
          client_secret: clientSecret,
        }).toString(),
      });
      headers[caller] = { authorization: `Bearer ${token.json().access_token}` };
    }
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/cp/company/api-clients/',
      headers: a.headers,
      payload: {
        name: 'Matrix client, revoked',
        expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        scopes: ['ebl:read'],
      },
    });
    const revokedClientA = revoked.json().client.id as number;
    await t.app.inject({
      method: 'DELETE',
      url: `/cp/company/api-clients/${revokedClientA}/`,
      headers: a.headers,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/cp/bill-of-ladings/?bl_number=LDG26110004',
      headers: a.headers,
    });
    const billId = list.json().results[0].id as number;
    const bill = (
      await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${billId}`, headers: a.headers })
    ).json();
    const [membership] = await t.database.db
      .select({ id: companyMemberships.id })
      .from(companyMemberships)
      .where(and(eq(companyMemberships.userId, a.userId), eq(companyMemberships.status, 'APPROVED')));
    const [branchOffice] = await t.database.db.select().from(offices).where(eq(offices.code, 'MAA'));
    const profile = (
      await t.app.inject({ method: 'GET', url: `/authenticate/oauth/users/${a.userId}`, headers: a.headers })
    ).json();
    ctx = {
      billId,
      billNumber: bill.number,
      billBody: toUpdatePayload(bill, prefillBillForm(bill)) as unknown as Record<string, unknown>,
      shippingInstructions: toShippingInstructions(
        (
          await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${billId}/dcsa`, headers: a.headers })
        ).json(),
      ),
      userA: a.userId,
      emailA: profile.email,
      partyA: a.partyId!,
      membershipA: membership!.id,
      branchOfficeId: branchOffice!.id,
      quotationA: 0,
      notificationA: 0,
      passkeyA: 0,
      vesselId: (
        await queryRows<{ id: number }>(t.database.db, sql`select id from vessels order by id limit 1`)
      )[0]!.id,
      serviceId: (
        await queryRows<{ id: number }>(
          t.database.db,
          sql`select id from carrier_services where code = 'IGS'`,
        )
      )[0]!.id,
      voyages: await queryRows<{ id: number; version: number; etd: string }>(
        t.database.db,
        sql`select v.id, v.version, to_char(tc.etd at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as etd
          from voyages v join carrier_services s on s.id = v.service_id
          join transport_calls tc on tc.voyage_id = v.id and tc.sequence = 1
          where s.code = 'IGS' and tc.status = 'SCHEDULED' order by tc.etd limit 3`,
      ),
      bookingA: bill.bookingId,
      revokedClientA,
      containerA: bill.blContainerDetails[0].containerNumber,
      tariffId: (
        await queryRows<{ id: number }>(t.database.db, sql`select id from tariffs order by id limit 1`)
      )[0]!.id,
      inlandTariffId: (
        await queryRows<{ id: number }>(t.database.db, sql`select id from inland_tariffs order by id limit 1`)
      )[0]!.id,
      eventA: '',
      subscriptionA: '',
      subscriptionGone: '',
    };
    const gateIn = await t.app.inject({
      method: 'POST',
      url: '/cp/admin/equipment-events/',
      headers: corporate.headers,
      payload: {
        equipmentReference: ctx.containerA,
        equipmentEventTypeCode: 'GTIN',
        eventClassifierCode: 'ACT',
        eventDateTime: new Date(Date.now() - 3_600_000).toISOString(),
        UNLocationCode: 'INNSA',
        emptyIndicatorCode: 'LADEN',
      },
    });
    expect(gateIn.statusCode, gateIn.body).toBe(201);
    ctx.eventA = gateIn.json().eventId;
    for (const key of ['subscriptionA', 'subscriptionGone'] as const) {
      const subscribed = await t.app.inject({
        method: 'POST',
        url: '/dcsa/tnt/v3/event-subscriptions',
        headers: a.headers,
        payload: {
          callbackUrl: 'https://receiver.example.com/hook',
          secret: Buffer.alloc(32, 1).toString('base64'),
        },
      });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      ctx[key] = subscribed.json().subscriptionID;
    }
    const [port] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from ports where code = 'INNSA'`,
    );
    const [dest] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from ports where code = 'AEJEA'`,
    );
    const [hs] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from hs_codes where length(code) = 6 limit 1`,
    );
    const quotation = await t.app.inject({
      method: 'POST',
      url: '/cp/quotations/',
      headers: a.headers,
      payload: {
        polId: port!.id,
        podId: dest!.id,
        cargoType: 'GEN',
        hsCode: hs!.id,
        equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 12000, weightUnit: 'kg' }],
        cargoReadyDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      },
    });
    ctx.quotationA = quotation.json().id;
    await t.app.inject({
      method: 'POST',
      url: `/cp/quotations/${ctx.quotationA}/reject/`,
      headers: a.headers,
      payload: { reason: 'matrix' },
    });
    const [notification] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into notifications (user_id, kind, title, body, link)
          values (${a.userId}, 'BL_APPROVED', 'Bill approved', 'Approved.', ${`/bl_view/${billId}`}) returning id`,
    );
    ctx.notificationA = notification!.id;
    const [passkey] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into webauthn_credentials (user_id, credential_id, public_key, user_handle, device_type, aaguid, name)
          values (${a.userId}, 'matrix-credential', 'matrix-key', 'matrix-handle', 'singleDevice',
            '00000000-0000-0000-0000-000000000000', 'A laptop') returning id`,
    );
    ctx.passkeyA = passkey!.id;
    // The premise: A's bill is issued by the corporate office, so the Chennai branch must not reach it.
    const [issuing] = await queryRows<{ code: string }>(
      t.database.db,
      sql`select o.code from bills_of_lading b join offices o on o.id = b.issuing_office_id where b.id = ${billId}`,
    );
    expect(issuing?.code).toBe('TSX');
  });
  afterAll(() => t.close());

  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const routes = t.app
      .routeAccess()
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    const missing = routes.filter((key) => !(key in MATRIX));
    expect(missing, 'routes without a row in the access matrix').toEqual([]);
    const stale = Object.keys(MATRIX).filter((key) => !routes.includes(key));
    expect(stale, 'rows for routes the app does not register').toEqual([]);
  });

  it('every route declares its access; only the sign-in flows, health and docs are public', () => {
    const undeclared = t.app.routeAccess().filter((route) => route.access === undefined);
    expect(undeclared).toEqual([]);
    for (const route of t.app.routeAccess()) {
      if (route.access !== 'public') continue;
      expect(route.url).toMatch(/^\/($|docs|authenticate\/|\.well-known\/|healthz|readyz|public\/track\/$)/);
    }
  });

  // Decision 023: staff without a second factor sign in to a session (cookie only, no token) that may set one up and
  // nothing else. Every other route refuses it with 403 MFA_ENROLMENT_REQUIRED, before any body is read, changing
  // nothing; the enrolment routes are the ones listed here (passkey registration joins them when it comes).
  it('a session that must set up a second factor reaches the enrolment routes only', async () => {
    const routes = t.app.routeAccess().filter((route) => route.method !== 'HEAD');
    expect(routes.filter((route) => route.enrolment).map((route) => `${route.method} ${route.url}`)).toEqual([
      'GET /authenticate/oauth/mfa/',
      'POST /authenticate/oauth/mfa/totp/',
      'POST /authenticate/oauth/mfa/totp/confirm/',
      // Passkeys (decision 024): a passkey may be the factor staff set up.
      'GET /authenticate/oauth/mfa/webauthn/',
      'POST /authenticate/oauth/mfa/webauthn/registration-options/',
      'POST /authenticate/oauth/mfa/webauthn/',
    ]);
    const email = 'matrix.enrolment@example.com';
    await insertUserWithRole(
      t.database.db,
      {
        email,
        username: email,
        firstName: 'Enid',
        lastName: 'Enrolling',
        passwordHash: await hashPassword('a long passphrase for the matrix'),
        emailVerifiedAt: new Date(),
      },
      'CARRIER_STAFF_BRANCH',
    );
    const jar = new CookieJar();
    expect((await login(t.app, jar, email, 'a long passphrase for the matrix')).json()).toEqual({
      mfaEnrolmentRequired: true,
    });
    const before = await fingerprint();
    for (const route of routes) {
      if (route.access === 'public' || route.enrolment) continue;
      const key = `${route.method} ${route.url}`;
      const method = route.method.split(',')[0] as InjectOptions['method'];
      const request = MATRIX[key]!.request(ctx, method);
      const res = await t.app.inject({ ...request, method, headers: { cookie: jar.header() } });
      expect(res.statusCode, key).toBe(403);
      expect(res.json(), key).toEqual({
        granted: false,
        error: { code: 'MFA_ENROLMENT_REQUIRED', message: expect.any(String) },
      });
    }
    expect(await fingerprint(), 'a refused call changed the database').toBe(before);
    for (const route of routes.filter((each) => each.enrolment)) {
      const method = route.method as InjectOptions['method'];
      const request = MATRIX[`${route.method} ${route.url}`]!.request(ctx, method);
      const res = await t.app.inject({ ...request, method, headers: { cookie: jar.header() } });
      expect([200, 400], `${route.method} ${route.url}`).toContain(res.statusCode);
    }
  });

  for (const [key, row] of Object.entries(MATRIX)) {
    it(key, async () => {
      // A route registered for several methods (GET,POST) is called with each.
      const methods = key.slice(0, key.indexOf(' ')).split(',') as InjectOptions['method'][];
      for (const method of methods) await checkRow(key, row, method);
    });
  }

  async function checkRow(key: string, row: Row, method: InjectOptions['method']) {
    const outcome: Partial<Record<Caller, number>> = {};
    for (const caller of CALLERS) {
      const request = row.request(ctx, method);
      const before = await fingerprint();
      const res = await t.app.inject({
        ...request,
        method,
        headers: { ...(request.headers as Record<string, string>), ...headers[caller] },
      });
      outcome[caller] = res.statusCode;
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode === 404) {
        expect(await fingerprint(), `${caller}: a refused call changed the database`).toBe(before);
        const body = res.json();
        if (res.statusCode === 403) {
          expect(body).toEqual({
            granted: false,
            error: { code: 'FORBIDDEN', message: expect.any(String), required: expect.any(Object) },
          });
        } else {
          expect(Object.keys(body)).toEqual(['error']);
          expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
        }
        expect(res.body).not.toContain(ctx.billNumber);
        expect(res.body).not.toContain(ctx.emailA);
      }
    }
    expect(outcome, `${method} ${key}`).toEqual(row.expectByMethod?.[String(method)] ?? row.expect);

    // The API clients: refused everywhere but the reads that declare a scope; each call is one audit row.
    const route = t.app.routeAccess().find((r) => `${r.method} ${r.url}` === key);
    const expected = row.expectByMethod?.[String(method)] ?? row.expect;
    const clientOutcome: Partial<Record<ClientCaller, number>> = {};
    for (const caller of CLIENT_CALLERS) {
      const request = row.request(ctx, method);
      const before = await fingerprint();
      const callsBefore = await clientCalls();
      const res = await t.app.inject({
        ...request,
        method,
        headers: { ...(request.headers as Record<string, string>), ...headers[caller] },
      });
      clientOutcome[caller] = res.statusCode;
      const isPublic = route?.access === 'public';
      if (!isPublic) expect(await clientCalls(), `${caller}: its call is audited`).toBe(callsBefore + 1);
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode === 404) {
        expect(await fingerprint(), `${caller}: a refused call changed the database`).toBe(before);
        if (res.statusCode === 403 && !isPublic) {
          const body = res.json();
          expect(body.granted).toBe(false);
          expect(body.error.code).toBe('FORBIDDEN');
        }
      }
      if (caller === 'clientB') {
        expect(res.body, 'B’s client reads none of A’s records').not.toContain(ctx.billNumber);
        expect(res.body).not.toContain(ctx.emailA);
      }
    }
    const clientsExpected: Record<ClientCaller, number> =
      row.clients ??
      (route?.access === 'public'
        ? { clientA: expected.anonymous, clientB: expected.anonymous }
        : { clientA: 403, clientB: 403 });
    expect(clientOutcome, `${method} ${key} (API clients)`).toEqual(clientsExpected);
  }
});
