import { hasPermission, type PermissionSet } from '@lading/contract/access';
import { PORTAL_CLIENT_ID } from '@lading/contract/accounts';
import { prefillBillForm, toUpdatePayload } from '@lading/contract/bills-of-lading';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { queryRows } from '../db/client';
import { hashPassword } from '../lib/passwords';
import type { Access } from '../lib/request';
import type { RegisteredRoute } from '../plugins/auth';
import { DEMO_PASSWORD } from '../seed/demo';
import { type DemoAccount, signIn, signInAs } from '../test/auth';
import { fuzzSettings } from '../test/fuzz-settings';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUserWithRole } from '../test/users';
import { SoftwareAuthenticator } from '../test/webauthn-authenticator';
import {
  ABSENT,
  buildObject,
  hostileArbitrary,
  hostileJsonAnything,
  hostileText,
  inputArbitrary,
  percentEncode,
  RawJson,
  schemaAt,
  toJsonText,
  toQueryString,
  validArbitrary,
} from '../test/zod-arbitraries';
import { OAUTH_PATHS } from './identity/oauth-provider';

/**
 * Property-based hostile input on every route that takes input, read from the app itself (`routeAccess()` with each
 * route's zod schemas), so a route added later is covered without editing this file:
 *
 * - a route with a zod body, query string or path parameters gets requests generated from those schemas (mostly
 *   hostile: one place of a valid value made hostile, fields removed or added, wrong types, malformed JSON, wrong
 *   content types; some valid, with hostile content where the schema allows it; mutations of real records' bodies
 *   where a seed below gives one), sent by every kind of caller whose access the route's declaration grants, with
 *   real record ids in the path. Each must answer below 500; a 4xx answers JSON in the error shape, a 400 names at
 *   least one field; and a 4xx leaves the database as it was.
 * - the OAuth provider's own endpoints (oidc-provider reads their input, not zod) get hostile OAuth parameters and
 *   bodies and must answer below 500; their error shape is the provider's (RFC 6749), not ours.
 * - routes without input (docs, health, sign-out, fixed lists) are not called.
 *
 * A schema kind the translator does not know, or path parameters without a zod schema, fail the route's test.
 * HOSTILE_INPUT_RUNS sets the cases per route (200 by default, as CI runs it; 2000 locally for a deeper search),
 * HOSTILE_INPUT_SEED replays a failure's seed (or `random` for new cases), HOSTILE_INPUT_STATS=1 prints what each
 * route answered.
 */

/** 200 cases per route as CI runs them (2000 locally for a deeper search); a fixed seed (test/fuzz-settings.ts). */
const { runs: RUNS, seed: SEED } = fuzzSettings('HOSTILE_INPUT', { runs: 200, seed: 20261123 });

const CALLERS = ['anonymous', 'customer', 'customer2', 'admin', 'branchAdmin'] as const;
type Caller = (typeof CALLERS)[number];
type Schemas = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };

/** The OAuth provider's endpoints: mounted from oidc-provider, which parses and answers them itself. */
const PROVIDER_PATHS = [
  OAUTH_PATHS.authorization,
  OAUTH_PATHS.token,
  OAUTH_PATHS.revocation,
  OAUTH_PATHS.jwks,
  OAUTH_PATHS.end_session,
  '/.well-known/',
];
const isProviderRoute = (route: RegisteredRoute) => PROVIDER_PATHS.some((path) => route.url.startsWith(path));

/**
 * Tables no request may write when it is refused. Left out: reference data and the access model's roles and
 * offices (written only by seeds and the import CLI; large, so costly to hash on every case), and the two counters
 * that record refused attempts by design (the per-account sign-in throttle, the per-IP limits).
 */
const NOT_FINGERPRINTED = new Set([
  'countries',
  'ports',
  'hs_codes',
  'package_types',
  'iso_equipment',
  'cargo_types',
  'unit_categories',
  'units',
  'railway_stations',
  'reference_data_versions',
  'roles',
  'role_grants',
  'offices',
  'login_failures',
  'rate_limits',
  // Fingerprinted apart (SESSION_STATE below): every signed-in call, refused or not, is the user's activity.
  'sessions',
]);

/**
 * The sessions as a refused request must leave them: which exist, their grants, absolute ends and whether they ended.
 * Their last activity and network are left out: the auth hook records them for any call the user makes, refused
 * ones included (that is what keeps a session from going idle).
 */
const SESSION_STATE = sql`select 'sessions' as name, count(*) || '/' || coalesce(md5(string_agg(
  public_id::text || '|' || grant_ids::text || '|' || expires_at::text || '|' || coalesce(ended_at::text, '-'),
  ',' order by public_id)), '') as digest from sessions`;

/** The bill a caller sees first in their list, their user id, a pending company membership, the branch office. */
type Ctx = {
  headers: Record<Caller, Record<string, string>>;
  userId: Partial<Record<Caller, number>>;
  partyId: Partial<Record<Caller, number | null>>;
  billId: Partial<Record<Caller, number>>;
  bills: Partial<Record<Caller, Record<string, unknown>>>;
  permissions: Partial<Record<Caller, PermissionSet>>;
  officeId: number;
  /**
   * A signed-in customer none of the callers is: whose sessions an administrator may end without signing a caller
   * out of the rest of the run.
   */
  spareUserId: number;
  /** Ids found through list endpoints, by list URL and caller. */
  listed: Map<string, number | undefined>;
  /** Real ids for bodies that name reference data: INNSA, AEJEA, the ICD Tughlakabad, a 6-digit HS code. */
  refs: { innsa: number; aejea: number; tkd: number; hs: number };
};

/**
 * Where a path's `:id` comes from: a real record the caller can reach (so the request gets past the lookup). Rules
 * for paths without a list; any other `/things/:id...` takes the first record of `GET /things/` as the caller (or as
 * another caller when this one has none, which then answers 404), so a new module's routes need no rule here.
 */
const PATH_IDS: { pattern: RegExp; id: (ctx: Ctx, caller: Caller) => number | undefined }[] = [
  { pattern: /^\/cp\/admin\/users\/:id\/sessions\//, id: (c) => c.spareUserId },
  // A second-factor reset ends every session of its user: the spare customer's (who has no factor: 409), never a caller's.
  { pattern: /^\/cp\/admin\/users\/:id\/mfa\//, id: (c) => c.spareUserId },
  { pattern: /^\/authenticate\/oauth\/users\/:id(\/|$)/, id: (c, caller) => c.userId[caller] },
  { pattern: /^\/cp\/bill-of-ladings?\/:id(\/|$)/, id: (c, caller) => c.billId[caller] ?? c.billId.customer },
];

/** Stands for the caller's bill's current version, read when the request is sent. */
const LIVE_VERSION = Symbol('live version');

/**
 * Valid bodies and queries built from real records, which the generator mutates (1 to 3 places made hostile or
 * removed): they reach the service layer, where generated ids of records that do not exist would stop early.
 * Optional: a route without a seed is still covered from its schema alone.
 */
const SEEDS: Record<string, (ctx: Ctx, caller: Caller) => unknown> = {
  'PUT /cp/bill-of-ladings/:id/': (c, caller) => billSeed(c, caller),
  'PUT /cp/bill-of-ladings/:id': (c, caller) => billSeed(c, caller),
  'POST /cp/bill-of-ladings/send_mail_bl/': (c, caller) => ({
    blId: c.billId[caller],
    to: ['consignee@example.com'],
    cc: ['ops@example.com'],
    message: 'Please find the bill attached.',
  }),
  'POST /cp/bill-of-ladings/:id/return/': () => ({
    version: LIVE_VERSION,
    comment: 'Please check the seals.',
  }),
  'POST /cp/bill-of-ladings/:id/approve/': () => ({ version: LIVE_VERSION }),
  'POST /cp/bill-of-ladings/:id/issue/': () => ({ version: LIVE_VERSION }),
  'POST /cp/bill-of-lading/:id/bl-print/': () => ({ kind: 'draft' }),
  // A declaration of a container of the caller's first bill (on the path's booking or not): it reaches the service.
  'PUT /cp/bookings/:id/vgm/': (c, caller) => ({
    declarations: [
      {
        containerNumber:
          (c.bills[caller]?.blContainerDetails as { containerNumber: string }[] | undefined)?.[0]
            ?.containerNumber ?? 'MSCU1234566',
        version: 0,
        method: 'SM2',
        verifiedGrossMass: '18250.505',
        weighingDate: '2026-01-15',
        weighingParty: 'Nhava Sheva CFS',
        authorisedSignatory: 'A. SHIPPER',
      },
    ],
  }),
  'PATCH /authenticate/oauth/users/:id/update-cp-users/': (c, caller) => ({
    id: c.userId[caller],
    party: c.partyId[caller] ?? 1,
    country: 'India',
    contact_number: '+912226000001',
    address: 'Unit 4, Andheri East, Mumbai',
  }),
  'PUT /authenticate/oauth/users/:id/selected-office/': (c) => ({ officeId: c.officeId }),
  // A company API client: its name, expiry (after today, at most a year on) and scopes.
  'POST /cp/company/api-clients/': () => ({
    name: 'Warehouse system',
    expiresOn: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
    scopes: ['tnt:read', 'ebl:read'],
  }),
  // An enquiry with a rail pick-up and a door delivery: mutations reach the India-side rule and inland pricing.
  'POST /cp/quotations/': (c) => ({
    polId: c.refs.innsa,
    podId: c.refs.aejea,
    cargoType: 'GEN',
    hsCode: c.refs.hs,
    equipment: [{ isoCode: '22G1', quantity: 2, weightPerUnit: 18000, weightUnit: 'kg' }],
    cargoReadyDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    pickup: { kind: 'RAIL', stationId: c.refs.tkd },
    delivery: { kind: 'DOOR', address: 'Jebel Ali Free Zone', latitude: 25.01, longitude: 55.06 },
  }),
  // A rail inland tariff years ahead (no demo tariff overlaps it): mutations reach the references and overlap checks.
  'POST /cp/admin/inland-tariffs/': (c) => ({
    mode: 'RAIL',
    portId: c.refs.innsa,
    stationId: c.refs.tkd,
    isoCode: '22G1',
    validFrom: '2031-01-01',
    validTo: '2031-03-31',
    currency: 'USD',
    amount: '620.00',
  }),
  'GET /authenticate/oauth/users/check-first-login/': (c, caller) => ({ id: String(c.userId[caller]) }),
  'POST /authenticate/oauth/mfa/webauthn/': () => PASSKEY_REGISTRATION,
  'PATCH /authenticate/oauth/mfa/webauthn/:id/': () => ({ name: 'Phone' }),
  // DCSA Track & Trace: a subscription with filters, and a feed query with several filters and operators.
  'POST /dcsa/tnt/v3/event-subscriptions': () => ({
    callbackUrl: 'https://receiver.example.com/hook',
    secret: Buffer.alloc(32, 9).toString('base64'),
    eventTypes: ['EQUIPMENT', 'TRANSPORT'],
    equipmentEventTypeCodes: ['GTIN', 'LOAD'],
    equipmentReference: 'CSQU3054383',
    UNLocationCode: 'INNSA',
  }),
  'GET /dcsa/tnt/v3/events': () => ({
    eventTypes: 'EQUIPMENT,SHIPMENT',
    equipmentReference: 'CSQU3054383',
    'eventCreatedDateTime:gte': '2026-01-01T00:00:00Z',
    limit: '5',
  }),
  // A wrong password for an address nobody has: demo accounts must not be throttled by the test itself.
  'POST /authenticate/oauth/login/': () => ({
    username: 'nobody@example.com',
    password: 'not-the-password',
    client_id: PORTAL_CLIENT_ID,
  }),
};

/**
 * A passkey registration as a browser sends it, for a challenge nobody was given: mutations reach the attestation's
 * decoding and the challenge lookup.
 */
const PASSKEY_REGISTRATION = {
  name: 'Work laptop',
  response: new SoftwareAuthenticator('http://localhost:3000').register({
    challenge: 'bm90LWEtY2hhbGxlbmdlLWFueW9uZS13YXMtZ2l2ZW4',
    rp: { name: 'Lading', id: 'localhost' },
    user: { id: 'dXNlcg', name: 'user@example.com', displayName: 'User' },
    pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  }),
};

function billSeed(c: Ctx, caller: Caller) {
  const bill = c.bills[caller];
  if (!bill) return undefined;
  const body = toUpdatePayload(bill as never, prefillBillForm(bill as never)) as unknown as Record<
    string,
    unknown
  >;
  return { ...body, version: LIVE_VERSION };
}

/**
 * Samples by field path (or field name): for refinements the translator cannot read (a `.refine()` on a string), and
 * for values the server looks up.
 */
const SAMPLES = {
  portType: ['SP', 'DP', 'AP', 'SP,DP', ' SP , AP '],
  // Country names the server looks up (profile, company request); generated text would never name one.
  country: ['India', 'Singapore', 'United Arab Emirates', "Côte d'Ivoire"],
  // ISO 6346 numbers with their check digit (lower case and spaces around: the schema trims and upper-cases).
  containerNumber: ['CSQU3054383', 'MSCU1234566', 'TGHU0000013', ' maeu9999995 '],
  // Schedules: date-times with their offset, IMO numbers with their check digit.
  eta: ['2031-03-03T06:00:00Z', '2031-03-03T11:30:00+05:30', '2031-03-03T06:00Z'],
  etd: ['2031-03-04T06:00:00Z', '2031-03-04T06:00:00.000Z', '2031-03-04T12:00:00+04:00'],
  ata: ['2020-01-06T07:15:00Z', '2020-01-06T12:45:00+05:30'],
  atd: ['2020-01-07T05:00:00Z'],
  at: ['2031-03-02T06:00:00Z', '2031-03-02T11:30:00+05:30'],
  until: ['2031-03-02T06:00:00Z', '2031-03-02T11:30:00.000+05:30'],
  imoNumber: ['9074729', 'IMO 9074729', ' 9321483 '],
  // DCSA Commercial Schedules: ports, vessels and services of the demo schedule, so requests reach the schedule.
  placeOfReceipt: ['INNSA', 'INMAA', 'LKCMB'],
  placeOfDelivery: ['AEJEA', 'SGSIN', 'NLRTM'],
  UNLocationCode: ['INNSA', 'AEJEA', 'SGSIN'],
  vesselIMONumber: ['9812779', '9901439'],
  carrierServiceCode: ['IGS', 'IEX'],
  // Track and trace: the demo's container numbers (on confirmed bookings), event times, SMDG terminal codes.
  equipmentReference: ['LDGU1000011', 'CSQU3054383', ' ldgu 100001-1 ', 'MSCU1234566', ' csqu 305438-3 '],
  facilitySMDGCode: ['NSICT', 'JAT2', ''],
  // DCSA Track & Trace: callback URLs (http is allowed outside production), base64 secrets of 32+ bytes, the
  // feed's date-times with their offsets and its other filters.
  callbackUrl: ['https://receiver.example.com/hook', 'http://127.0.0.1:9/hook?shipper=1', 'https://[::1]/x'],
  secret: [Buffer.alloc(32, 7).toString('base64'), Buffer.alloc(48, 200).toString('base64')],
  transportCallReference: ['IGS-9812779-2611W-INNSA-1', 'X-1234567-1W-AEJEA-99'],
  documentReference: ['LDG26110004', 'BKG0000001'],
  ...Object.fromEntries(
    ['eventCreatedDateTime', 'eventDateTime'].flatMap((name) =>
      ['', ':gte', ':gt', ':lte', ':lt', ':eq'].map((op) => [
        `${name}${op}`,
        ['2026-01-01T00:00:00Z', '2026-01-01T05:30:00.123456+05:30', '2031-01-01T00:00:00-03:00'],
      ]),
    ),
  ),
  // VGM declarations: weighing dates past (a generated one is rarely a real, past date), masses as number or text.
  weighingDate: ['2026-01-15', '2025-12-31', '2016-07-01'],
  verifiedGrossMass: [12345.675, '0.005', '21000.00', ' 1,250.5 ', 0.004, '1e5', 100000.01],
};

/** Bodies no JSON generator writes: malformed JSON, other content types, an oversized body. */
const RAW_BODIES: [contentType: string | undefined, text: string][] = [
  ['application/json', ''],
  ['application/json', '{'],
  ['application/json', '{"a":'],
  ['application/json', 'nul'],
  ['application/json', '\ufeff{}'],
  ['application/json', '[1,]'],
  ['application/json', '{"a":1}{"b":2}'],
  ['application/json', '"\\ud800"'],
  ['application/json', '1e400'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '{"__proto__":{"isAdmin":true}}'],
  ['application/json', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['application/json', `"${'x'.repeat(1_100_000)}"`],
  ['application/json; charset=utf-16', '{}'],
  ['application/json; charset=latin1', '{}'],
  ['application/JSON', '{}'],
  ['text/plain', 'hello'],
  ['text/plain', ''],
  ['application/xml', '<a/>'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  ['application/octet-stream', '\u0000\u0001'],
  [undefined, '{}'],
  ['application/x-www-form-urlencoded', '%'],
  ['application/x-www-form-urlencoded', 'a=%E0%A4%A&__proto__[isAdmin]=1'],
  ['application/x-www-form-urlencoded', 'a=1&'.repeat(5_000)],
];

type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: unknown }
  | { kind: 'raw'; contentType: string | undefined; text: string };
type Case = {
  caller: Caller;
  method: string;
  params: 'real' | unknown;
  query: unknown;
  body: BodyCase;
  ifMatch?: string | typeof ABSENT;
};

/** If-Match values (the version a change is based on, as an ETag) that a version check may misread. */
const IF_MATCH = [
  'W/"2147483648"',
  'W/"99999999999999999999999"',
  `"${'9'.repeat(400)}"`,
  'W/"-1"',
  'W/"0"',
  '"1.5"',
  '*',
  'W/"1", W/"2"',
  '"abc"',
  '',
  'W/"\u0000"',
];

/**
 * Declares part `index` (from 0) of `of` of the suite: every `of`-th route with input, from the index-th on (two test
 * files, hostile-input-1/2.property.test.ts, so that Vitest runs the halves on both cores: one file took 171 s, the
 * longest of the run by far). Each part builds its own app on its own database.
 */
export async function describeHostileInput(part: { index: number; of: number }): Promise<void> {
  // Routes are known only once the app is built, and tests are declared before any hook runs: the app is built here,
  // while the file is collected, and closed after its tests.
  const t: TestApp = await createTestApp({}, { webDist: '/nonexistent/lading-web-dist', demo: true });
  describe(`hostile input on every route with input: never 5xx, a 4xx names the field and writes nothing (part ${part.index + 1} of ${part.of})`, () => {
    declareSuite(t, part);
  });
}

function declareSuite(t: TestApp, part: { index: number; of: number }): void {
  let ctx: Ctx;
  let tables: string[];
  const fingerprintEvery = { write: 1, read: 10 };

  beforeAll(async () => {
    const headers = { anonymous: {} } as Ctx['headers'];
    ctx = {
      headers,
      userId: {},
      partyId: {},
      billId: {},
      bills: {},
      permissions: {},
      officeId: 0,
      spareUserId: 0,
      listed: new Map(),
      refs: { innsa: 0, aejea: 0, tkd: 0, hs: 0 },
    };
    const spare = 'hostile.spare@example.com';
    ctx.spareUserId = await insertUserWithRole(
      t.database.db,
      {
        email: spare,
        username: spare,
        firstName: 'Spare',
        lastName: 'Customer',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        emailVerifiedAt: new Date(),
      },
      'CUSTOMER',
    );
    await signIn(t.app, spare, DEMO_PASSWORD);
    const [refs] = await queryRows<Ctx['refs']>(
      t.database.db,
      sql`select (select id from ports where code = 'INNSA') as innsa, (select id from ports where code = 'AEJEA') as aejea,
        (select id from railway_stations where code = 'TKD') as tkd,
        (select id from hs_codes where length(code) = 6 order by code limit 1) as hs`,
    );
    ctx.refs = refs!;
    for (const caller of CALLERS) {
      if (caller === 'anonymous') continue;
      const signedIn = await signInAs(t, caller as DemoAccount);
      headers[caller] = signedIn.headers;
      ctx.userId[caller] = signedIn.userId;
      ctx.partyId[caller] = signedIn.partyId;
      const auth = await get(`/authenticate/oauth/users/${signedIn.userId}/auth-data/`, caller);
      ctx.permissions[caller] = auth.permissions;
      if (caller === 'admin') ctx.officeId = auth.offices.at(-1)?.id ?? 1;
      if (hasPermission(auth.permissions, { module: 'CP', resource: 'BL', operation: 'VIEW' })) {
        const list = await get('/cp/bill-of-ladings/?limit=1', caller);
        const id = list.results[0]?.id as number | undefined;
        if (id) {
          ctx.billId[caller] = id;
          ctx.bills[caller] = await get(`/cp/bill-of-ladings/${id}`, caller);
        }
      }
    }
    // A passkey of the customer's (signed in already): the passkey routes' `:id` is a real record of theirs.
    await queryRows(
      t.database.db,
      sql`insert into webauthn_credentials (user_id, credential_id, public_key, user_handle, device_type, aaguid, name)
          values (${ctx.userId.customer!}, 'hostile-credential', 'hostile-key', 'hostile-handle', 'singleDevice',
            '00000000-0000-0000-0000-000000000000', 'Laptop')`,
    );
    const rows = await queryRows<{ name: string }>(
      t.database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    tables = rows.map((row) => row.name).filter((name) => !NOT_FINGERPRINTED.has(name));
  });
  afterAll(() => t.close());

  async function get(url: string, caller: Caller) {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: ctx.headers[caller],
      remoteAddress: '127.0.0.1',
    });
    if (response.statusCode !== 200)
      throw new Error(`GET ${url} as ${caller}: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  /**
   * Every watched table's row count and the sum of its rows' xmin (the transaction that wrote each row version), in
   * one round trip. Any committed insert, update or delete changes one of the two (an update writes a new row
   * version), so this catches what an md5 of the rows' text catches, and also a write that leaves the text as it was,
   * without converting anything to text or sorting.
   */
  async function contentFingerprint(): Promise<string> {
    await t.app.ctx.mail.flush();
    const parts = tables.map(
      (table) =>
        sql`select ${table} as name, count(*) || '/' || coalesce(sum(xmin::text::bigint), 0) as digest from ${sql.identifier(table)}`,
    );
    const [row] = await queryRows<{ digest: string }>(
      t.database.db,
      sql`select string_agg(name || ':' || digest, ',' order by name) as digest from (${sql.join([...parts, SESSION_STATE], sql` union all `)}) parts`,
    );
    return row?.digest ?? '';
  }

  /** The next transaction id PostgreSQL will assign: only a transaction that writes (or locks rows) takes one. */
  async function nextTransactionId(): Promise<string> {
    const [row] = await queryRows<{ xid: string }>(
      t.database.db,
      sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`,
    );
    return row?.xid ?? '';
  }

  type Mark = { xid: string; content: string };
  const mark = async (): Promise<Mark> => {
    const content = await contentFingerprint();
    return { content, xid: await nextTransactionId() };
  };

  /**
   * Whether the database is as at `before`, and the mark to compare the next request with. When no transaction id
   * was assigned in between, nothing was written at all (on PGlite, the common case: one cheap query); otherwise
   * (a write that rolled back, a database shared with other tests on PostgreSQL) the contents are compared.
   */
  async function unchangedSince(before: Mark): Promise<{ unchanged: boolean; now: Mark }> {
    const xid = await nextTransactionId();
    if (xid === before.xid) return { unchanged: true, now: before };
    const now = await mark();
    return { unchanged: now.content === before.content, now };
  }

  if (part.index === 0)
    it('finds the routes and the schemas it generates from', () => {
      const routes = t.app.routeAccess().filter((route) => route.method !== 'HEAD');
      expect(routes.filter(hasInput).length).toBeGreaterThan(20);
      expect(routes.filter(isProviderRoute).length).toBeGreaterThanOrEqual(5);
    });

  if (part.index === 0)
    it('the database check sees a write, even one that leaves every value as it was', async () => {
      const before = await mark();
      expect((await unchangedSince(before)).unchanged).toBe(true);
      await queryRows(t.database.db, sql`update users set email = email where id = ${ctx.userId.customer!}`);
      expect((await unchangedSince(before)).unchanged).toBe(false);
    });

  for (const route of routesWithInput(t.app.routeAccess()).filter((_, i) => i % part.of === part.index)) {
    it(`${route.method} ${route.url}`, () => runRoute(route), 120_000);
  }

  /** Runs `fc.assert` over the route's generated cases, checking each answer (and the database on a refusal). */
  async function runRoute(route: RegisteredRoute) {
    const key = `${route.method} ${route.url}`;
    const provider = isProviderRoute(route);
    const callers = callersFor(route.access, ctx);
    expect(callers.length, `${key}: no demo account may call it`).toBeGreaterThan(0);
    const methods = route.method.split(',');
    const pathIds = await realIds(route, callers);
    const arbitrary = provider
      ? providerCases(callers, methods)
      : routeCases(route, callers, methods, pathIds);
    const writes = !methods.every((method) => method === 'GET');
    let counter = 0;
    // The mark after a refused, checked case is the one before the next case: only a case that changed something
    // (a permitted write) or went unchecked needs a fresh one. Writes are checked on every case; reads on every 10th
    // (they should never write, and a fresh mark costs about as much as the request), and on every case once one
    // has failed, so that shrinking keeps checking.
    let known: Mark | null = null;
    let failing = false;
    const tally = new Tally(key, callers);
    await fc.assert(
      fc.asyncProperty(arbitrary, async (c) => {
        const every = writes || failing ? fingerprintEvery.write : fingerprintEvery.read;
        const checkDatabase = counter++ % every === 0 && !provider;
        const before = checkDatabase ? (known ?? (await tally.timeDatabase(mark))) : null;
        known = null;
        const request = await materialize(route, c, pathIds);
        const response = await t.app.inject(request);
        tally.record(response, provider);
        const where = describeCase(key, c.caller, request, response);
        try {
          expect(response.statusCode, `5xx: ${where}`).toBeLessThan(500);
          if (provider || response.statusCode < 400) return;
          checkErrorShape(
            response,
            where,
            route.url.startsWith('/dcsa/cs/') ? 'cs' : route.url.startsWith('/dcsa/tnt/') ? 'tnt' : undefined,
          );
          if (before !== null) {
            const { unchanged, now } = await tally.timeDatabase(() => unchangedSince(before));
            expect(unchanged, `a refused request changed the database: ${where}`).toBe(true);
            known = now;
          }
        } catch (error) {
          failing = true;
          throw error;
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    if (process.env.HOSTILE_INPUT_STATS) console.info(tally.summary());
    // The callers must get past the access check, or the route's input was never looked at.
    expect(tally.refusedAccess(), `${key}: every case was refused access`).toBeLessThan(counter);
  }

  function routeCases(
    route: RegisteredRoute,
    callers: Caller[],
    methods: string[],
    pathIds: Partial<Record<Caller, number>>,
  ): fc.Arbitrary<Case> {
    const key = `${route.method} ${route.url}`;
    const schemas = (route.schema ?? {}) as Schemas;
    const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    if (paramNames.length && !schemas.params)
      throw new Error(`${key}: path parameters without a params schema`);
    const params: fc.Arbitrary<unknown> = schemas.params
      ? paramNames.includes('id') && Object.keys(pathIds).length
        ? fc.oneof(
            { arbitrary: fc.constant('real'), weight: 9 },
            { arbitrary: hostileArbitrary(schemas.params, { mode: 'query' }), weight: 1 },
          )
        : inputArbitrary(schemas.params, { mode: 'query' })
      : fc.constant('real');
    const byCaller = callers.map((caller) => {
      const seed = SEEDS[key]?.(ctx, caller);
      const query = schemas.querystring
        ? queryCases(schemas.querystring, schemas.body ? undefined : seed)
        : fc.oneof({ arbitrary: fc.constant(ABSENT), weight: 9 }, { arbitrary: strayQuery, weight: 1 });
      const body = schemas.body
        ? bodyCases(schemas.body, seed)
        : methods.some((m) => m !== 'GET')
          ? fc.oneof(
              { arbitrary: fc.constant<BodyCase>({ kind: 'none' }), weight: 4 },
              {
                arbitrary: hostileJsonAnything.map((value): BodyCase => ({ kind: 'json', value })),
                weight: 1,
              },
              { arbitrary: fc.constantFrom(...RAW_BODIES).map(rawBody), weight: 1 },
            )
          : fc.constant<BodyCase>({ kind: 'none' });
      return fc.record({
        caller: fc.constant(caller),
        method: fc.constantFrom(...methods),
        params,
        query,
        body,
        ifMatch: methods.some((m) => m !== 'GET')
          ? fc.oneof(
              { arbitrary: fc.constant(ABSENT), weight: 6 },
              { arbitrary: fc.constantFrom(...IF_MATCH), weight: 1 },
            )
          : fc.constant(ABSENT),
      });
    });
    return fc.oneof(...byCaller);
  }

  /** The real id each caller puts in the route's `:id` (see PATH_IDS); none when the path has no `:id`. */
  async function realIds(
    route: RegisteredRoute,
    callers: Caller[],
  ): Promise<Partial<Record<Caller, number>>> {
    if (!/:id\b/.test(route.url)) return {};
    const rule = PATH_IDS.find((r) => r.pattern.test(route.url));
    const found: Partial<Record<Caller, number>> = {};
    for (const caller of callers) found[caller] = rule ? rule.id(ctx, caller) : await listedId(route, caller);
    // No record at all (the demo data has none): ids are generated from the params schema instead.
    const any = Object.values(found).find((id) => id !== undefined);
    if (any === undefined) return {};
    for (const caller of callers) found[caller] ??= any;
    return found;
  }

  /** The first record's id in `GET /things/` (for `/things/:id...`) as the caller, cached. */
  async function listedId(route: RegisteredRoute, caller: Caller): Promise<number | undefined> {
    const listUrl = route.url.slice(0, route.url.indexOf(':id'));
    const cacheKey = `${listUrl} ${caller}`;
    if (!ctx.listed.has(cacheKey)) {
      const response = await t.app.inject({
        method: 'GET',
        url: listUrl,
        headers: ctx.headers[caller],
        remoteAddress: '127.0.0.1',
      });
      const body = response.statusCode === 200 ? response.json() : null;
      const rows = Array.isArray(body) ? body : Array.isArray(body?.results) ? body.results : [];
      ctx.listed.set(cacheKey, typeof rows[0]?.id === 'number' ? rows[0].id : undefined);
    }
    return ctx.listed.get(cacheKey);
  }

  async function materialize(
    route: RegisteredRoute,
    c: Case,
    pathIds: Partial<Record<Caller, number>>,
  ): Promise<InjectOptions> {
    let url = route.url;
    if (c.params === 'real') {
      url = url.replace(/:id\b/, String(pathIds[c.caller]));
    } else if (c.params && typeof c.params === 'object') {
      for (const [name, value] of Object.entries(c.params)) {
        const text =
          typeof value === 'string' ? value : Array.isArray(value) ? value.join('/') : toJsonText(value);
        url = url.replace(`:${name}`, percentEncode(text));
      }
    } else {
      url = url.replace(/:\w+/g, percentEncode(String(c.params)));
    }
    url = url.replace(/\*$/, '');
    const query = c.query === ABSENT ? '' : toQueryString(await resolveLive(c.query, c.caller));
    const request: InjectOptions = {
      method: c.method as InjectOptions['method'],
      url: query ? `${url}?${query}` : url,
      headers: {
        ...ctx.headers[c.caller],
        ...(c.ifMatch && c.ifMatch !== ABSENT ? { 'if-match': c.ifMatch } : {}),
      },
      remoteAddress: '127.0.0.1',
    };
    const body = c.body;
    if (body.kind === 'json') {
      request.headers!['content-type'] = 'application/json';
      request.payload = toJsonText(await resolveLive(body.value, c.caller));
    } else if (body.kind === 'form') {
      request.headers!['content-type'] = 'application/x-www-form-urlencoded';
      request.payload = toQueryString(await resolveLive(body.value, c.caller));
    } else if (body.kind === 'raw') {
      if (body.contentType) request.headers!['content-type'] = body.contentType;
      request.payload = body.text;
    }
    return request;
  }

  /** Replaces LIVE_VERSION with the current version of the caller's bill. */
  async function resolveLive(value: unknown, caller: Caller): Promise<unknown> {
    if (value === null || typeof value !== 'object' || value instanceof RawJson) return value;
    const entries = Object.entries(value);
    if (!entries.some(([, v]) => v === LIVE_VERSION)) return value;
    const [row] = await queryRows<{ version: number }>(
      t.database.db,
      sql`select version from bills_of_lading where id = ${ctx.billId[caller] ?? ctx.billId.customer ?? 0}`,
    );
    return buildObject(
      entries.map(([k, v]): [string, unknown] => [k, v === LIVE_VERSION ? (row?.version ?? 1) : v]),
    );
  }
}

// ---- generators ------------------------------------------------------------------------------------------------

/** A query string on a route that reads none: must be ignored, never crash. */
const strayQuery = fc.oneof(
  fc.dictionary(fc.constantFrom('id', 'limit', '__proto__', 'constructor', 'q'), hostileText, { maxKeys: 3 }),
  fc.constantFrom('%', '%zz', '__proto__[x]=1', 'a=1&'.repeat(3_000)),
);

const rawBody = ([contentType, text]: [string | undefined, string]): BodyCase => ({
  kind: 'raw',
  contentType,
  text,
});

function queryCases(schema: z.ZodType, seed: unknown): fc.Arbitrary<unknown> {
  const options = { mode: 'query' as const, samples: SAMPLES };
  const variants: fc.WeightedArbitrary<unknown>[] = [
    { arbitrary: validArbitrary(schema, options), weight: 2 },
    { arbitrary: hostileArbitrary(schema, options), weight: 6 },
  ];
  if (seed !== undefined) variants.push({ arbitrary: mutations(schema, seed, 'query'), weight: 3 });
  return fc.oneof(...variants);
}

function bodyCases(schema: z.ZodType, seed: unknown): fc.Arbitrary<BodyCase> {
  const options = { mode: 'json' as const, samples: SAMPLES };
  const json = (value: unknown): BodyCase => (value === ABSENT ? { kind: 'none' } : { kind: 'json', value });
  const variants: fc.WeightedArbitrary<BodyCase>[] = [
    { arbitrary: validArbitrary(schema, options).map(json), weight: 2 },
    { arbitrary: hostileArbitrary(schema, options).map(json), weight: 6 },
    { arbitrary: fc.constantFrom(...RAW_BODIES).map(rawBody), weight: 1 },
    // The same fields as a form post (the login form is one), every value then text.
    {
      arbitrary: fc
        .oneof(validArbitrary(schema, options), hostileArbitrary(schema, options))
        .map((value): BodyCase => ({ kind: 'form', value })),
      weight: 1,
    },
  ];
  if (seed !== undefined) variants.push({ arbitrary: mutations(schema, seed, 'json').map(json), weight: 6 });
  return fc.oneof(...variants);
}

/** Every place in a value: `[]` (the whole), each object key and array index, recursively. */
function placesOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const places = [prefix];
  if (Array.isArray(value))
    for (const [index, item] of value.entries()) places.push(...placesOf(item, [...prefix, index]));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) places.push(...placesOf(item, [...prefix, key]));
  return places;
}

/** A real value with 1 to 3 places replaced by a hostile (or valid) value for the schema there, or removed. */
function mutations(schema: z.ZodType, seed: unknown, mode: 'json' | 'query'): fc.Arbitrary<unknown> {
  const places = placesOf(seed).filter((place) => place.length > 0);
  const options = { mode, samples: SAMPLES };
  const anything = mode === 'json' ? hostileJsonAnything : hostileText;
  const change = fc.constantFrom(...places).chain((place) => {
    const at = schemaAt(schema, place);
    // The place's path finds its samples (a refined string such as a container number has no other generator).
    const path = place.join('.');
    const replacement = at
      ? fc.oneof(
          { arbitrary: hostileArbitrary(at, options, path), weight: 4 },
          { arbitrary: validArbitrary(at, options, path), weight: 2 },
          { arbitrary: anything, weight: 1 },
        )
      : anything;
    return fc.oneof(
      { arbitrary: replacement.map((value) => ({ place, value })), weight: 5 },
      { arbitrary: fc.constant({ place, value: ABSENT as unknown }), weight: 1 },
    );
  });
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    let result = structuredCloneWithSymbols(seed);
    for (const { place, value } of changes) result = setAt(result, place, value);
    return result;
  });
}

function structuredCloneWithSymbols(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneWithSymbols);
  if (value !== null && typeof value === 'object' && !(value instanceof RawJson))
    return buildObject(
      Object.entries(value).map(([k, v]): [string, unknown] => [k, structuredCloneWithSymbols(v)]),
    );
  return value;
}

function setAt(root: unknown, place: (string | number)[], value: unknown): unknown {
  if (place.length === 0) return value;
  const [head, ...rest] = place;
  if (Array.isArray(root)) {
    const copy = [...root];
    if (value === ABSENT && rest.length === 0) copy.splice(Number(head), 1);
    else copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  if (root !== null && typeof root === 'object' && !(root instanceof RawJson)) {
    const entries = Object.entries(root).map(([k, v]): [string, unknown] =>
      k === String(head) ? [k, setAt(v, rest, value)] : [k, v],
    );
    return buildObject(entries);
  }
  return root;
}

/** OAuth parameters with hostile values, as query (GET) or form, JSON or raw bodies (POST). */
function providerCases(callers: Caller[], methods: string[]): fc.Arbitrary<Case> {
  const names = [
    'client_id',
    'redirect_uri',
    'response_type',
    'scope',
    'state',
    'nonce',
    'prompt',
    'code_challenge',
    'code_challenge_method',
    'grant_type',
    'client_secret',
    'code',
    'code_verifier',
    'refresh_token',
    'token',
    'token_type_hint',
    'id_token_hint',
    'post_logout_redirect_uri',
    'logout',
    'xsrf',
    'request',
    'resource',
    '__proto__',
    'constructor',
  ];
  const value = fc.oneof(
    { arbitrary: hostileText, weight: 4 },
    {
      arbitrary: fc.constantFrom(
        PORTAL_CLIENT_ID,
        'authorization_code',
        'refresh_token',
        // A company API client's grant and scopes (decision 025), with a client id of their form.
        'client_credentials',
        'ebl:read tnt:read',
        'lc_AAAAAAAAAAAAAAAAAAAAAA',
        'code',
        'openid',
        'S256',
      ),
      weight: 2,
    },
    { arbitrary: fc.array(hostileText, { minLength: 2, maxLength: 3 }), weight: 1 },
  );
  const params = fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 8 }).map((d) => buildObject(d));
  return fc.record({
    caller: fc.constantFrom(...callers),
    method: fc.constantFrom(...methods),
    params: fc.constant('real'),
    query: fc.oneof({ arbitrary: params, weight: 3 }, { arbitrary: fc.constant(ABSENT), weight: 1 }),
    body: fc.oneof(
      { arbitrary: params.map((v): BodyCase => ({ kind: 'form', value: v })), weight: 3 },
      { arbitrary: params.map((v): BodyCase => ({ kind: 'json', value: v })), weight: 1 },
      { arbitrary: fc.constantFrom(...RAW_BODIES).map(rawBody), weight: 1 },
      { arbitrary: fc.constant<BodyCase>({ kind: 'none' }), weight: 1 },
    ),
  });
}

/** What a route's cases got (statuses, fields named by 400s) and the time spent; printed with HOSTILE_INPUT_STATS. */
class Tally {
  private readonly statuses = new Map<number, number>();
  private readonly fields = new Map<string, number>();
  private readonly start = performance.now();
  private databaseMs = 0;
  constructor(
    private readonly key: string,
    private readonly callers: Caller[],
  ) {}

  record(response: LightMyRequestResponse, provider: boolean) {
    this.statuses.set(response.statusCode, (this.statuses.get(response.statusCode) ?? 0) + 1);
    if (!process.env.HOSTILE_INPUT_STATS || provider || response.statusCode !== 400) return;
    const body = response.json();
    const fields = Array.isArray(body.errors)
      ? Object.fromEntries(
          body.errors.map((e: { property?: string; field?: string }) => [e.property ?? e.field ?? '', '']),
        )
      : ((typeof body.error === 'string' ? body.fields : body.error?.fields) ?? {});
    for (const name of Object.keys(fields)) this.fields.set(name, (this.fields.get(name) ?? 0) + 1);
  }

  async timeDatabase<T>(check: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await check();
    } finally {
      this.databaseMs += performance.now() - start;
    }
  }

  refusedAccess(): number {
    return (this.statuses.get(401) ?? 0) + (this.statuses.get(403) ?? 0);
  }

  summary(): string {
    const statuses = [...this.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}:${n}`);
    const fields = [...this.fields]
      .sort(([, a], [, b]) => b - a)
      .slice(0, 8)
      .map(([name, n]) => `${name.length > 40 ? `${name.slice(0, 40)}…` : name}:${n}`);
    const total = Math.round(performance.now() - this.start);
    return `${this.key} as ${this.callers.join(', ')}: ${statuses.join(' ')}; 400s named ${fields.join(' ')}; ${total} ms (database checks ${Math.round(this.databaseMs)} ms)`;
  }
}

// ---- checks ----------------------------------------------------------------------------------------------------

/**
 * A 4xx answers our error shape; on the DCSA Commercial Schedules routes (`cs`) a 400 answers the standard's
 * `ErrorResponse` instead, each of its `errors` naming a parameter; on the Track & Trace routes (`tnt`) the error of
 * ERROR_DOMAIN 2.0.0, each of its `errors` naming a field.
 */
function checkErrorShape(response: LightMyRequestResponse, where: string, dcsa?: 'cs' | 'tnt') {
  expect(String(response.headers['content-type']), `4xx without JSON: ${where}`).toMatch(
    /^application\/json/,
  );
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = undefined;
  }
  expect(body, `4xx body is not JSON: ${where}`).toBeTypeOf('object');
  // A path whose percent-encoding is not UTF-8 is refused before routing, in our shape (naming `path`).
  const beforeRouting =
    (body as { error?: { fields?: Record<string, unknown> } } | undefined)?.error?.fields?.path !== undefined;
  if (dcsa && response.statusCode === 400 && !beforeRouting) {
    const d = body as { statusCode?: unknown; errorDateTime?: unknown; errors?: unknown };
    const errors = Array.isArray(d.errors) ? (d.errors as Record<string, unknown>[]) : [];
    expect(
      d.statusCode === 400 && typeof d.errorDateTime === 'string' && errors.length > 0,
      `400 not in the DCSA error shape: ${where}`,
    ).toBe(true);
    const [name, message] = dcsa === 'cs' ? ['property', 'errorCodeMessage'] : ['field', 'message'];
    expect(
      errors.every((e) => typeof e[name] === 'string' && e[name] !== '' && typeof e[message] === 'string'),
      `400 without a parameter: ${where}`,
    ).toBe(true);
    return;
  }
  const b = body as { error?: unknown; code?: unknown; fields?: unknown };
  const nested =
    b.error !== null && typeof b.error === 'object' ? (b.error as Record<string, unknown>) : null;
  const flat = typeof b.error === 'string' && typeof b.code === 'string';
  expect(
    flat || (nested !== null && typeof nested.code === 'string' && typeof nested.message === 'string'),
    `4xx not in the error shape: ${where}`,
  ).toBe(true);
  if (response.statusCode === 400) {
    const fields = (flat ? b.fields : nested?.fields) as Record<string, unknown> | undefined;
    const named = fields && typeof fields === 'object' ? Object.entries(fields) : [];
    expect(
      named.length > 0 && named.every(([name, message]) => name !== '' && typeof message === 'string'),
      `400 without a field: ${where}`,
    ).toBe(true);
  }
}

const clip = (text: string, max = 600) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

function describeCase(key: string, caller: Caller, request: InjectOptions, response: LightMyRequestResponse) {
  const headers = request.headers as Record<string, string>;
  return [
    `route ${key} as ${caller}`,
    `request ${request.method} ${clip(String(request.url), 300)}`,
    headers['content-type'] ? `content-type ${headers['content-type']}` : 'no content-type',
    ...(headers['if-match'] !== undefined ? [`if-match ${headers['if-match']}`] : []),
    request.payload !== undefined ? `body ${clip(String(request.payload))}` : 'no body',
    `answered ${response.statusCode} ${clip(response.body, 400)}`,
  ].join('\n  ');
}

function hasInput(route: RegisteredRoute): boolean {
  const schema = (route.schema ?? {}) as Schemas;
  return Boolean(schema.body || schema.querystring || schema.params) || isProviderRoute(route);
}

/** Who may call a route: anonymous for public ones, otherwise every demo account its declaration admits. */
function callersFor(access: Access | undefined, c: Ctx): Caller[] {
  if (access === undefined || access === 'public') return ['anonymous'];
  const signedIn = CALLERS.filter((caller) => caller !== 'anonymous');
  if (access === 'signed-in') return [...signedIn];
  return signedIn.filter((caller) => hasPermission(c.permissions[caller], access));
}

/**
 * The routes with input, in the order they are exercised: reads first, then writes, then the writes that change the
 * callers' own accounts (profile, company, office, password), so that earlier routes see the demo accounts as seeded.
 */
function routesWithInput(all: RegisteredRoute[]): RegisteredRoute[] {
  const rank = (route: RegisteredRoute) =>
    route.method === 'GET' ? 0 : /^\/(authenticate\/oauth\/users\/:id|cp\/companies)/.test(route.url) ? 2 : 1;
  return all
    .filter((route) => route.method !== 'HEAD' && hasInput(route))
    .map((route, index) => ({ route, index }))
    .sort((a, b) => rank(a.route) - rank(b.route) || a.index - b.index)
    .map(({ route }) => route);
}
