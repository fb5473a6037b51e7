// API fixtures: each spec creates the people and records it needs through the portal's own API, so no spec reads
// what another wrote and the specs can run side by side (two workers) in any order. The demo seed stays for what is
// read only (the demo admin who approves, reference data, the seeded bills that the access specs look at).
import { createHash, randomBytes } from 'node:crypto';
import { PORTAL_CLIENT_ID } from '@lading/contract/app-info';
import { PORTAL_REDIRECT_PATH } from '@lading/contract/sign-in-constants';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { expect, request } from '@playwright/test';
import { DEMO_TOTP_SECRET, nextCode, readState, writeState } from './authenticator';
import { linkIn, waitForMail } from './mailbox';

/** A request client starts with no cookies, whatever storage state the spec's browser contexts use. */
const NO_STATE = { cookies: [], origins: [] };
const base64url = (bytes: Buffer) => bytes.toString('base64url');
/** A short random tag for names and addresses that must not collide across specs, workers and runs. */
export const uniqueTag = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

type TokenResponse = { access_token: string; refresh_token?: string; expires_in: number };
type UserRead = { id: number; email: string; first_name: string; last_name: string } & Record<
  string,
  unknown
>;

/**
 * How a person answers the sign-in's second step: the key of their authenticator app (carrier staff must have one,
 * decision 023), or `enrol` for an account that has none yet and sets one up at this sign-in (then `totpSecret` is
 * where the new key is kept).
 */
export type SecondFactor = { totpSecret?: string; enrol?: boolean };

/** Posts a current code (`post`), taking the next step when another sign-in just spent this one. */
async function answerWithCode(
  account: string,
  secret: string,
  post: (code: string) => Promise<APIResponse>,
): Promise<APIResponse> {
  let answer: APIResponse | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    answer = await post(nextCode(account, secret));
    if (answer.status() !== 400) break;
  }
  if (!answer!.ok())
    throw new Error(`second step of ${account}: ${answer!.status()} ${await answer!.text()}`);
  return answer!;
}

/**
 * The portal's sign-in sequence (specification section 4) over HTTP: credentials, then for carrier staff the
 * authenticator app's code (or, once, its set-up), an authorization code with a PKCE challenge, the code exchanged
 * for tokens. `http` keeps the session cookie; each call starts a grant of its own, so two sessions of one person
 * never share a refresh token.
 */
async function signInOverHttp(
  http: APIRequestContext,
  baseURL: string,
  username: string,
  password: string,
  factor: SecondFactor = {},
) {
  const login = await http.post('/authenticate/oauth/login/', {
    form: { username, password, client_id: PORTAL_CLIENT_ID },
  });
  if (!login.ok()) throw new Error(`sign-in of ${username}: ${login.status()} ${await login.text()}`);
  let user = (await login.json()) as UserRead & { mfaRequired?: true; mfaEnrolmentRequired?: true };
  if (user.mfaRequired) {
    if (!factor.totpSecret) throw new Error(`${username} has an authenticator app: pass its totpSecret`);
    const secret = factor.totpSecret;
    const second = await answerWithCode(username, secret, (code) =>
      http.post('/authenticate/oauth/login/mfa/', { data: { code } }),
    );
    user = (await second.json()) as UserRead;
  } else if (user.mfaEnrolmentRequired) {
    if (!factor.enrol) throw new Error(`${username} must set up an authenticator app: pass enrol`);
    const started = await http.post('/authenticate/oauth/mfa/totp/');
    if (!started.ok()) throw new Error(`set-up for ${username}: ${started.status()} ${await started.text()}`);
    const { secret } = (await started.json()) as { secret: string };
    const confirmed = await answerWithCode(username, secret, (code) =>
      http.post('/authenticate/oauth/mfa/totp/confirm/', { data: { code } }),
    );
    user = ((await confirmed.json()) as { user: UserRead }).user;
    factor.totpSecret = secret;
  }
  const verifier = base64url(randomBytes(64));
  const state = base64url(randomBytes(16));
  const redirectUri = `${baseURL}${PORTAL_REDIRECT_PATH}`;
  const authorize = await http.get('/authenticate/o/authorize/', {
    params: {
      response_type: 'code',
      client_id: PORTAL_CLIENT_ID,
      code_challenge: base64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
      redirect_uri: redirectUri,
      state,
    },
    headers: { accept: 'text/html' },
  });
  const landed = new URL(authorize.url());
  const code = landed.searchParams.get('code');
  if (landed.pathname !== PORTAL_REDIRECT_PATH || !code || landed.searchParams.get('state') !== state)
    throw new Error(`authorization of ${username} ended at ${landed.pathname}`);
  const token = await http.post('/authenticate/oauth/token/', {
    form: {
      client_id: PORTAL_CLIENT_ID,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      grant_type: 'authorization_code',
    },
  });
  if (!token.ok()) throw new Error(`token exchange for ${username}: ${token.status()} ${await token.text()}`);
  const tokens = (await token.json()) as TokenResponse;
  return {
    user,
    session: {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      expiresAt: Date.now() + tokens.expires_in * 1000,
      user,
    },
  };
}

/** Calls the API as one signed-in person; signs in again before the access token (15 min) runs out. */
export class Api {
  private token = '';
  private signedInAt = 0;
  userId = 0;

  private constructor(
    private readonly http: APIRequestContext,
    private readonly baseURL: string,
    readonly email: string,
    readonly password: string,
    private readonly factor: SecondFactor,
  ) {}

  /** Signs in; carrier staff answer with their authenticator app (`totpSecret`), or set one up (`enrol`). */
  static async signIn(
    baseURL: string,
    email: string,
    password: string,
    factor: SecondFactor = {},
  ): Promise<Api> {
    const api = new Api(
      await request.newContext({ baseURL, storageState: NO_STATE }),
      baseURL,
      email,
      password,
      { ...factor },
    );
    await api.renew();
    return api;
  }

  /** The key of this person's authenticator app, when they have one (set up at the first sign-in for new staff). */
  get totpSecret(): string | undefined {
    return this.factor.totpSecret;
  }

  private async renew() {
    const { user, session } = await signInOverHttp(
      this.http,
      this.baseURL,
      this.email,
      this.password,
      this.factor,
    );
    // Set up once: the next sign-in answers with the code.
    this.factor.enrol = false;
    this.token = session.accessToken;
    this.userId = user.id;
    this.signedInAt = Date.now();
  }

  /** The answer as it is, whatever its status. */
  async raw(method: string, path: string, body?: unknown): Promise<APIResponse> {
    if (Date.now() - this.signedInAt > 10 * 60_000) await this.renew();
    return this.http.fetch(path, {
      method,
      headers: { authorization: `Bearer ${this.token}` },
      ...(body === undefined ? {} : { data: body }),
    });
  }

  /** The JSON answer of a call that must succeed. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.raw(method, path, body);
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  dispose = () => this.http.dispose();
}

/**
 * Opens `path` in the page as `person`, signed in over HTTP in the page's own context (its own grant and cookie),
 * as the login screen would have left it. Faster than typing the credentials; the login screen has specs of its own.
 */
export async function enterAs(
  page: Page,
  person: { email: string; password: string; totpSecret?: string },
  path?: string,
) {
  // A page on the portal's origin holds its storage; the context's request client shares the browser's cookies.
  await page.goto('/healthz');
  const origin = new URL(page.url()).origin;
  const { session } = await signInOverHttp(page.context().request, origin, person.email, person.password, {
    totpSecret: person.totpSecret,
  });
  await page.evaluate(
    (value) => window.localStorage.setItem('lading.session', value),
    JSON.stringify(session),
  );
  await page.goto(path ?? (session.user.is_admin ? '/app-dashboard-admin' : '/app-dashboard'));
}

export type Person = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  api: Api;
  /** Carrier staff: the key of the authenticator app they set up at their first sign-in. */
  totpSecret?: string;
};
export type Customer = Person & { companyId: number; companyName: string };

const PASSWORD = 'Harbour-ledger-2026';

export type SignUp = { email: string; password: string; firstName: string; lastName: string };

/**
 * Signs a new account up and verifies its address with the link the portal mailed (real SMTP). Unnamed parts are
 * made up: a unique address under `role`, the fixtures' password.
 */
export async function signUp(
  baseURL: string,
  account: Partial<SignUp> & { role?: string } = {},
): Promise<SignUp> {
  const tag = uniqueTag();
  const email = account.email ?? `e2e.${account.role ?? 'customer'}.${tag}@example.com`;
  const password = account.password ?? PASSWORD;
  const firstName = account.firstName ?? (account.role === 'staff' ? 'Ravi' : 'Meera');
  const lastName = account.lastName ?? `Tester ${tag}`;
  const http = await request.newContext({ baseURL, storageState: NO_STATE });
  try {
    const created = await http.post('/authenticate/oauth/users/create-cp-users/', {
      data: { username: email, email, password, first_name: firstName, last_name: lastName, party: null },
    });
    expect(created.status(), await created.text()).toBe(201);
    const mail = await waitForMail((m) => m.to.includes(email) && m.subject.includes('Verify'));
    const token = linkIn(mail, '/app-verify-email').searchParams.get('token');
    const verified = await http.post('/authenticate/oauth/users/verify-email/', { data: { token } });
    expect(verified.ok(), await verified.text()).toBe(true);
  } finally {
    await http.dispose();
  }
  return { email, password, firstName, lastName };
}

/** An approved, active company created by carrier staff (a unique code from `codePrefix`). */
export async function newCompany(
  staff: Api,
  {
    name,
    codePrefix = 'E2E',
    address = '12 Harbour Road, Mumbai 400001',
    countryCode = 'IN',
    taxId,
  }: { name: string; codePrefix?: string; address?: string; countryCode?: string; taxId?: string },
): Promise<{ id: number; code: string; name: string }> {
  return staff.call('POST', '/cp/admin/companies/', {
    code: `${codePrefix}-${uniqueTag().toUpperCase()}`.slice(0, 20),
    name,
    roles: ['CO'],
    status: 'APPR',
    isActive: true,
    address,
    countryCode,
    ...(taxId ? { taxId } : {}),
  });
}

/**
 * A new customer with a company of their own that the carrier has approved: signed up, verified, profile completed
 * with that company, the membership approved by `staff`. Nobody else sees or changes what this customer owns.
 */
export async function newCustomer(baseURL: string, staff: Api): Promise<Customer> {
  const { email, firstName, lastName } = await signUp(baseURL, { role: 'customer' });
  const companyName = `Tester Exports ${uniqueTag().toUpperCase()}`;
  const company = await newCompany(staff, { name: companyName });
  const api = await Api.signIn(baseURL, email, PASSWORD);
  await api.call('PATCH', `/authenticate/oauth/users/${api.userId}/update-cp-users/`, {
    id: api.userId,
    party: company.id,
    country: 'India',
    contact_number: '+912240001000',
    address: '12 Harbour Road, Mumbai 400001',
  });
  const pending = await staff.call<{ results: { id: number; user: { id: number } }[] }>(
    'GET',
    '/cp/company-memberships/?status=PENDING&limit=100',
  );
  const membership = pending.results.find((m) => m.user.id === api.userId);
  if (!membership) throw new Error(`no pending membership for ${email}`);
  await staff.call('POST', `/cp/company-memberships/${membership.id}/approve/`);
  return { email, password: PASSWORD, firstName, lastName, api, companyId: company.id, companyName };
}

/**
 * A new member of carrier staff's account with these roles and offices (office codes, e.g. TSX, MAA), set by `staff`;
 * never signed in, so without a second factor yet (their first sign-in sets one up, decision 023).
 */
export async function newStaffAccount(
  baseURL: string,
  staff: Api,
  { roles, offices }: { roles: string[]; offices: string[] },
): Promise<SignUp & { id: number }> {
  const account = await signUp(baseURL, { role: 'staff' });
  const { email } = account;
  const users = await staff.call<{ results: { id: number; email: string }[] }>(
    'GET',
    `/cp/admin/users/?search=${encodeURIComponent(email)}`,
  );
  const id = users.results.find((u) => u.email === email)!.id;
  await staff.call('PUT', `/cp/admin/users/${id}/roles/`, { roles });
  const known = await staff.call<
    { results: { id: number; code: string }[] } | { id: number; code: string }[]
  >('GET', '/cp/admin/offices/');
  const list = Array.isArray(known) ? known : known.results;
  await staff.call('PUT', `/cp/admin/users/${id}/offices/`, {
    officeIds: offices.map((code) => list.find((office) => office.code === code)!.id),
  });
  return { ...account, id };
}

/**
 * A new member of carrier staff with these roles and offices (office codes, e.g. TSX, MAA), set by `staff`. Their first
 * sign-in sets up their authenticator app (staff must have one, decision 023): `totpSecret` is its key.
 */
export async function newStaff(
  baseURL: string,
  staff: Api,
  scope: { roles: string[]; offices: string[] },
): Promise<Person> {
  const { email, password, firstName, lastName } = await newStaffAccount(baseURL, staff, scope);
  const api = await Api.signIn(baseURL, email, password, { enrol: true });
  return { email, password, firstName, lastName, api, totpSecret: api.totpSecret };
}

/** The file of the run that names the carrier administrator of the worker slot `index`. */
const carrierFile = (index: number) => `carrier-${index}.json`;

/**
 * Before the run (global-setup.ts): one carrier administrator (TSX and MAA) per worker slot, made by the demo admin,
 * who signs in this once with the demo authenticator key. Each worker signs in as its own slot's administrator
 * (fixtures.ts `carrier`), so no two workers spend one account's codes.
 */
export async function createCarriers(baseURL: string, slots: number): Promise<void> {
  const admin = await Api.signIn(baseURL, 'admin@demo.lading.test', 'Lading-demo-2026', {
    totpSecret: DEMO_TOTP_SECRET,
  });
  try {
    await Promise.all(
      Array.from({ length: slots }, async (_, index) => {
        const carrier = await newStaff(baseURL, admin, { roles: ['CARRIER_ADMIN'], offices: ['TSX', 'MAA'] });
        await carrier.api.dispose();
        writeState(carrierFile(index), {
          email: carrier.email,
          password: carrier.password,
          totpSecret: carrier.totpSecret,
        });
      }),
    );
  } finally {
    await admin.dispose();
  }
}

/** The carrier administrator of a worker slot (made before the run). */
export function carrierOf(index: number): { email: string; password: string; totpSecret: string } {
  return readState(carrierFile(index));
}

// ---- the commercial records a customer owns -------------------------------------------------------------------

export type Quotation = { id: number; number: string; status: string };
export type Booking = { id: number; number: string; status: string; billOfLadingId: number | null };
export type Equipment = { isoCode: string; quantity: number }[];

const portIds = new Map<string, number>();
async function portId(api: Api, code: string): Promise<number> {
  if (!portIds.has(code)) {
    const { results } = await api.call<{ results: { id: number; code: string }[] }>(
      'GET',
      `/core/base/v1/ports/?limit=5&code=${code}`,
    );
    portIds.set(code, results.find((port) => port.code === code)!.id);
  }
  return portIds.get(code)!;
}

async function hsCodeId(api: Api, digits: string): Promise<number> {
  const codes = await api.call<{ id: number; hsnCode: string }[]>(
    'GET',
    `/core/base/v1/hsn-codes/cp-hsn-code-list/?commodityStartsWith=${digits}`,
  );
  return codes.find((code) => code.hsnCode === digits)!.id;
}

/** The customer's quotation from `pol` (INNSA) to `pod`: QUOTED on a tariffed lane, REQUESTED otherwise. */
export async function quotationFor(
  customer: Customer,
  {
    pod,
    pol = 'INNSA',
    equipment = [{ isoCode: '22G1', quantity: 1 }],
  }: { pod: string; pol?: string; equipment?: Equipment },
): Promise<Quotation> {
  return customer.api.call<Quotation>('POST', '/cp/quotations/', {
    polId: await portId(customer.api, pol),
    podId: await portId(customer.api, pod),
    cargoType: 'GEN',
    hsCode: await hsCodeId(customer.api, '520100'),
    equipment: equipment.map((line) => ({ ...line, weightPerUnit: 18000, weightUnit: 'kg' })),
    cargoReadyDate: new Date().toISOString().slice(0, 10),
  });
}

/** A REQUESTED booking of the customer's: a priced quotation on a tariffed lane (AEJEA by default), accepted. */
export async function bookingFor(
  customer: Customer,
  options: { pod?: string; pol?: string; equipment?: Equipment } = {},
): Promise<Booking> {
  const quotation = await quotationFor(customer, { pod: options.pod ?? 'AEJEA', ...options });
  expect(quotation.status).toBe('QUOTED');
  return customer.api.call<Booking>('POST', `/cp/quotations/${quotation.id}/accept/`);
}

/** ISO 6346 check digit (letters skip multiples of 11), computed here apart from the code under test. */
function checkDigit(first10: string): number {
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value += 1;
    values[letter] = value;
    value += 1;
  }
  const sum = [...first10].reduce((total, char, i) => total + (values[char] ?? Number(char)) * 2 ** i, 0);
  return (sum % 11) % 10;
}

/** A container number no other run or worker uses (LDSU + 6 random digits + check digit), and one with a wrong digit. */
export function freshContainerNumber(): { valid: string; wrong: string } {
  const first10 = `LDSU${String(randomBytes(4).readUInt32BE() % 1_000_000).padStart(6, '0')}`;
  const digit = checkDigit(first10);
  return { valid: `${first10}${digit}`, wrong: `${first10}${(digit + 1) % 10}` };
}

export type Bill = {
  id: number;
  number: string;
  status: string;
  version: number;
  blContainerDetails: { containerId: number; containerNumber: string }[];
} & Record<string, unknown>;

/**
 * A sailing of the demo schedule from `pol` to `pod` whose deadlines are all days away: its documentation cut-off
 * (DCO) at least three days from now, so a bill drafted on it can still be submitted when the test gets there.
 */
export async function sailingFor(
  staff: Api,
  { pol, pod }: { pol: string; pod: string },
): Promise<{ voyageId: number; vesselName: string; carrierVoyageNumber: string }> {
  const { results } = await staff.call<{
    results: {
      voyageId: number;
      vesselName: string;
      carrierVoyageNumber: string;
      cutOffs: { code: string; at: string }[];
    }[];
  }>('GET', `/cp/schedules/point-to-point/?pol=${pol}&pod=${pod}&maxTranshipment=1`);
  const later = Date.now() + 3 * 86_400_000;
  const sailing = results.find((r) => r.cutOffs.every((c) => Date.parse(c.at) > later));
  if (!sailing) throw new Error(`no sailing from ${pol} to ${pod} with its cut-offs three days away`);
  return sailing;
}

/** Each container's tare as `draftBillFor` confirms it (kg): the VGM is its gross weight plus this. */
const TARE = 2200;

/**
 * A booking of the customer's confirmed by `staff` (one container per booked unit, fresh numbers): its bill of
 * lading DRAFT exists. Answers the booking, the draft and the container numbers.
 */
export async function draftBillFor(
  customer: Customer,
  staff: Api,
  options: { pod?: string; pol?: string; equipment?: Equipment } = {},
): Promise<{ booking: Booking; bill: Bill; containers: string[] }> {
  const booked = await bookingFor(customer, options);
  const equipment = options.equipment ?? [{ isoCode: '22G1', quantity: 1 }];
  const containers = equipment.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      containerNumber: freshContainerNumber().valid,
      isoCode: line.isoCode,
      tareWeight: TARE,
    })),
  );
  const sailing = await sailingFor(staff, { pol: options.pol ?? 'INNSA', pod: options.pod ?? 'AEJEA' });
  // The confirmation answers the booking and its new bill's id side by side.
  const confirmed = await staff.call<{ booking: Booking; billOfLadingId: number }>(
    'POST',
    `/cp/bookings/${booked.id}/confirm/`,
    { voyageId: sailing.voyageId, containers },
  );
  const booking = { ...confirmed.booking, billOfLadingId: confirmed.billOfLadingId };
  const bill = await customer.api.call<Bill>('GET', `/cp/bill-of-ladings/${booking.billOfLadingId}`);
  return { booking, bill, containers: containers.map((c) => c.containerNumber) };
}

/** What the customer fills in; every part has a default (one cargo row of raw cotton, 18 t and 120 bales a box). */
export type BillContents = {
  /** Per container, in order; containers past the list get the defaults. */
  containers?: { gross?: number; packages?: number; vgmMethod?: 'Method 1' | 'Method 2' }[];
  /** HS code digits, commodity, package details. */
  cargo?: readonly (readonly [string, string, string])[];
  description?: string;
  marks?: string;
};

/** The customer completes every required field of the draft and submits it: the bill is UPDATE PENDING. */
export async function submitBill(customer: Customer, bill: Bill, contents: BillContents = {}): Promise<Bill> {
  const packageTypes = await customer.api.call<{ id: number }[]>(
    'GET',
    '/core/base/v1/cargo-package-types/cargo-package-types-cp/',
  );
  const packageTypeId = packageTypes[0]!.id;
  const containers = bill.blContainerDetails.map((container, i) => {
    const { gross = 18000, packages = 120, vgmMethod = 'Method 1' } = contents.containers?.[i] ?? {};
    return {
      blId: bill.id,
      containerId: container.containerId,
      sealNo: `SL${container.containerNumber.slice(4, 10)}`,
      noOfPacks: packages,
      packageTypeId,
      grossWeight: gross,
      measurement: 28.5,
      vgm: gross + TARE,
      vgmMethod,
    };
  });
  // As many packages as the containers hold: the bill's screen warns when the two differ.
  const cargo = contents.cargo ?? [
    ['520100', 'Raw cotton', `${containers.reduce((sum, c) => sum + c.noOfPacks, 0)} bales`],
  ];
  const blCargoDetails = [];
  for (const [digits, commodity, packageDetails] of cargo)
    blCargoDetails.push({
      blId: bill.id,
      hsnCode: await hsCodeId(customer.api, digits),
      commodity,
      packageTypeId,
      packageDetails,
    });
  return customer.api.call<Bill>('PUT', `/cp/bill-of-ladings/${bill.id}/`, {
    version: bill.version,
    shipperNameInBl: customer.companyName,
    shipperPhoneNo: '+91 22 4000 1000',
    consigneeNameInBl: 'Lion City Textiles Pte Ltd',
    consigneePhoneNo: '+65 6100 2000',
    description: contents.description ?? 'Raw cotton, not carded or combed',
    marksAndNos: contents.marks ?? 'LCT/SIN/1-240',
    blNotifyPartyDetails: [],
    blContainerDetails: containers,
    blCargoDetails,
  });
}

/** The carrier returns a submitted bill to the customer with a comment: it is a DRAFT again. */
export function returnBill(
  carrier: Api,
  bill: Bill,
  comment = 'Please check the weights once more.',
): Promise<Bill> {
  return carrier.call<Bill>('POST', `/cp/bill-of-ladings/${bill.id}/return/`, {
    comment,
    version: bill.version,
  });
}
