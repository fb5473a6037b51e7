import { type AuthData, hasPermission } from '@lading/contract/access';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { companyMemberships, parties } from '../../db/schema/companies';
import { domainEvents } from '../../db/schema/events';
import { outboxMails } from '../../db/schema/mail';
import { offices } from '../../db/schema/offices';
import { quotations } from '../../db/schema/quotations';
import { hsCodes, ports } from '../../db/schema/reference-data';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../lib/passwords';
import { DEMO_PASSWORD } from '../../seed/demo';
import { signIn, signInAs } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUserWithRole } from '../../test/users';

type Headers = { authorization: string };
/** The demo bills issued by the Chennai branch (MAA); the other seven are the corporate office's. */
const CHENNAI_BILLS = [
  'LDG26110008',
  'LDG26110009',
  'LDG26110010',
  'LDG26110011',
  'LDG26110012',
  'LDG26110013',
  'LDG26110014',
];

describe('access model', () => {
  let t: TestApp;
  const as: Record<'customer' | 'customer2' | 'branch' | 'corporate', { headers: Headers; userId: number }> =
    {} as never;
  let officeId: (code: string) => number;

  const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const authData = async (who: keyof typeof as) =>
    (
      await call('GET', `/authenticate/oauth/users/${as[who].userId}/auth-data/`, as[who].headers)
    ).json() as AuthData;
  const billNumbers = async (headers: Headers, query = '') => {
    const res = await call('GET', `/cp/bill-of-ladings/?limit=100&sort=number&order=asc${query}`, headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; results: { number: string }[] };
    expect(body.count).toBe(body.results.length);
    return body.results.map((bill) => bill.number);
  };
  const billId = async (number: string) =>
    (await call('GET', `/cp/bill-of-ladings/?bl_number=${number}`, as.corporate.headers)).json().results[0]
      .id as number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    as.customer = await signInAs(t, 'customer');
    as.customer2 = await signInAs(t, 'customer2');
    as.branch = await signInAs(t, 'branchAdmin');
    as.corporate = await signInAs(t, 'admin');
    const rows = await t.database.db.select().from(offices);
    officeId = (code) => rows.find((o) => o.code === code)!.id;
  });
  afterAll(() => t.close());

  describe('auth data (specification section 3)', () => {
    it('a customer: the customer-portal permissions, no offices, no corporate flag', async () => {
      const data = await authData('customer');
      expect(data.permissions.modules.map((m) => m.code)).toEqual(['CP']);
      const cp = data.permissions.modules[0]!;
      expect(cp.resources.map((r) => r.code)).toEqual([
        'BL',
        'BOOKING',
        'QUOTATION',
        'RATE_ENQUIRY',
        'PROFILE',
        'NOTIFICATION',
        'DASHBOARD',
        'SCHEDULE',
        'VGM',
        'TRACKING',
        'API_CLIENT',
      ]);
      expect(cp.resources.find((r) => r.code === 'BL')!.operations).toEqual([
        { code: 'VIEW' },
        { code: 'EDIT' },
        { code: 'PRINT' },
        { code: 'MAIL' },
      ]);
      expect(data).toMatchObject({
        offices: [],
        selectedOffice: null,
        isCorporateOffice: false,
        yardId: null,
      });
    });

    it('branch staff: the admin workspace without rate enquiry or editing bills, one branch office', async () => {
      const data = await authData('branch');
      expect(data.permissions.modules.map((m) => m.code)).toEqual(['CP', 'ADMIN']);
      expect(
        hasPermission(data.permissions, { module: 'CP', resource: 'RATE_ENQUIRY', operation: 'VIEW' }),
      ).toBe(false);
      expect(hasPermission(data.permissions, { module: 'CP', resource: 'BL', operation: 'EDIT' })).toBe(
        false,
      );
      expect(
        hasPermission(data.permissions, { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'APPROVE' }),
      ).toBe(true);
      expect(hasPermission(data.permissions, { module: 'ADMIN', resource: 'USER', operation: 'VIEW' })).toBe(
        false,
      );
      expect(data).toEqual({
        permissions: data.permissions,
        offices: [{ id: officeId('MAA'), code: 'MAA', name: 'Lading Chennai Branch' }],
        selectedOffice: { id: officeId('MAA'), code: 'MAA', name: 'Lading Chennai Branch' },
        isCorporateOffice: false,
        yardId: null,
      });
    });

    it('the corporate administrator: every ADMIN permission, both offices, working as the corporate office', async () => {
      const data = await authData('corporate');
      const admin = data.permissions.modules.find((m) => m.code === 'ADMIN')!;
      expect(admin.resources.map((r) => r.code)).toEqual(
        expect.arrayContaining(['BL_REVIEW', 'USER', 'COMPANY', 'OFFICE', 'AUDIT', 'TARIFF', 'DASHBOARD']),
      );
      expect(
        hasPermission(data.permissions, { module: 'CP', resource: 'RATE_ENQUIRY', operation: 'VIEW' }),
      ).toBe(false);
      expect(data.offices.map((o) => o.code)).toEqual(['TSX', 'MAA']);
      expect(data.selectedOffice?.code).toBe('TSX');
      expect(data.isCorporateOffice).toBe(true);
    });

    it('is_admin in the user read comes from the roles', async () => {
      const read = async (who: keyof typeof as) =>
        (await call('GET', `/authenticate/oauth/users/${as[who].userId}`, as[who].headers)).json().is_admin;
      expect(await read('customer')).toBe(false);
      expect(await read('branch')).toBe(true);
      expect(await read('corporate')).toBe(true);
    });
  });

  describe('offices and scopes', () => {
    it('branch staff see exactly the Chennai bills; the corporate office sees all of them', async () => {
      expect(await billNumbers(as.branch.headers)).toEqual(CHENNAI_BILLS);
      const all = await billNumbers(as.corporate.headers);
      expect(all).toHaveLength(18);
      expect(all).toEqual(expect.arrayContaining(CHENNAI_BILLS));
      // A filter cannot widen the scope: asking for another customer's bills stays within the office.
      expect(await billNumbers(as.branch.headers, '&bl_number=LDG26110001')).toEqual([]);
      const mumbai = await billId('LDG26110001');
      expect((await call('GET', `/cp/bill-of-ladings/${mumbai}`, as.branch.headers)).statusCode).toBe(404);
      expect((await call('GET', `/cp/bill-of-ladings/${mumbai}`, as.corporate.headers)).statusCode).toBe(200);
    });

    it('customers see their own bills only, whatever office issued them', async () => {
      const own = await billNumbers(as.customer.headers);
      expect(own).toEqual([
        'LDG26110001',
        'LDG26110002',
        'LDG26110003',
        'LDG26110004',
        'LDG26110005',
        'LDG26110006',
        'LDG26110007',
        'LDG26110008',
        'LDG26110015',
        'LDG26110016',
        'LDG26110017',
        'LDG26110018',
      ]);
      expect(await billNumbers(as.customer.headers, `&created_by_id=${as.customer2.userId}`)).toEqual([]);
    });

    it('the review queue is scoped by office too', async () => {
      const queue = async (headers: Headers) =>
        (
          (await call('GET', '/cp/bill-of-ladings/review-queue/', headers)).json().results as {
            number: string;
          }[]
        ).map((row) => row.number);
      const branchQueue = await queue(as.branch.headers);
      const corporateQueue = await queue(as.corporate.headers);
      expect(branchQueue.length).toBeGreaterThan(0);
      expect(branchQueue.every((n) => CHENNAI_BILLS.includes(n))).toBe(true);
      expect(corporateQueue).toEqual(expect.arrayContaining(branchQueue));
      expect(corporateQueue.some((n) => !CHENNAI_BILLS.includes(n))).toBe(true);
    });

    it('switching the selected office rescopes at once; only one of the user’s offices can be chosen', async () => {
      const url = `/authenticate/oauth/users/${as.corporate.userId}/selected-office/`;
      const toChennai = await call('PUT', url, as.corporate.headers, { officeId: officeId('MAA') });
      expect(toChennai.statusCode).toBe(200);
      expect(toChennai.json()).toMatchObject({ selectedOffice: { code: 'MAA' }, isCorporateOffice: false });
      expect(await authData('corporate')).toMatchObject({ selectedOffice: { code: 'MAA' } });
      expect(await billNumbers(as.corporate.headers)).toEqual(CHENNAI_BILLS);

      const back = await call('PUT', url, as.corporate.headers, { officeId: officeId('TSX') });
      expect(back.json()).toMatchObject({ selectedOffice: { code: 'TSX' }, isCorporateOffice: true });
      expect(await billNumbers(as.corporate.headers)).toHaveLength(18);

      const branchUrl = `/authenticate/oauth/users/${as.branch.userId}/selected-office/`;
      const notTheirs = await call('PUT', branchUrl, as.branch.headers, { officeId: officeId('TSX') });
      expect(notTheirs.statusCode).toBe(400);
      expect(notTheirs.json().error.fields).toEqual({ officeId: 'is not one of your offices' });
      const bad = await call('PUT', branchUrl, as.branch.headers, { officeId: 'TSX' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('officeId');
      expect(await authData('branch')).toMatchObject({ selectedOffice: { code: 'MAA' } });
      expect(await billNumbers(as.branch.headers)).toEqual(CHENNAI_BILLS);
    });

    it('branch staff can work a Chennai bill through the review desk; the audit row names them', async () => {
      const id = await billId('LDG26110009');
      const review = await call('GET', `/cp/bill-of-ladings/${id}/review/`, as.branch.headers);
      expect(review.statusCode).toBe(200);
      const approve = await t.app.inject({
        method: 'POST',
        url: `/cp/bill-of-ladings/${id}/approve/`,
        headers: { ...as.branch.headers, 'if-match': review.headers.etag as string },
      });
      expect(approve.statusCode).toBe(200);
      expect(approve.json().status).toBe('APPROVED');
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.recordType, 'BILL_OF_LADING'),
            eq(auditEvents.recordId, id),
            eq(auditEvents.action, 'APPROVED'),
          ),
        );
      expect(audit).toMatchObject({ actorId: as.branch.userId, module: 'ADMIN', toStatus: 'APPROVED' });
      expect(audit!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('company membership', () => {
    let newcomer: { headers: Headers; userId: number };

    /** A verified customer with no company yet (the sign-up flow itself is tested in the accounts module). */
    const createCustomer = async (email: string) => {
      const userId = await insertUserWithRole(
        t.database.db,
        {
          email,
          username: email,
          firstName: 'Nina',
          lastName: 'Newcomer',
          passwordHash: await hashPassword(DEMO_PASSWORD),
          emailVerifiedAt: new Date(),
        },
        'CUSTOMER',
      );
      const { headers } = await signIn(t.app, email, DEMO_PASSWORD);
      return { headers, userId };
    };
    const partyByCode = async (code: string) =>
      (await t.database.db.select().from(parties).where(eq(parties.code, code)))[0]!;
    const membershipOf = async (userId: number) =>
      (await t.database.db.select().from(companyMemberships).where(eq(companyMemberships.userId, userId)))[0];
    const readUser = async (who: { headers: Headers; userId: number }) =>
      (await call('GET', `/authenticate/oauth/users/${who.userId}`, who.headers)).json();

    beforeAll(async () => {
      newcomer = await createCustomer('newcomer@example.com');
    });

    it('picking an existing company makes a pending member who sees nothing of it beyond its name', async () => {
      const company = await partyByCode('DEMOEXP');
      const res = await call(
        'PATCH',
        `/authenticate/oauth/users/${newcomer.userId}/update-cp-users/`,
        newcomer.headers,
        {
          id: newcomer.userId,
          party: company.id,
          country: 'India',
          contact_number: '+919800000001',
          address: '12 Marine Drive, Mumbai',
        },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        companyStatus: 'PENDING',
        party: company.id,
        party_name: company.name,
        party_code: null,
        partyName: company.name,
        partyCode: null,
        partyExternalId: null,
      });
      expect(await readUser(newcomer)).toMatchObject({ companyStatus: 'PENDING', party_code: null });
      const [user] = await t.database.db.select().from(users).where(eq(users.id, newcomer.userId));
      expect(user!.partyId).toBeNull();
      expect(await membershipOf(newcomer.userId)).toMatchObject({ status: 'PENDING', partyId: company.id });
      // The carrier's staff are told (a domain event in the same transaction).
      const events = await t.database.db
        .select()
        .from(domainEvents)
        .where(eq(domainEvents.type, 'COMPANY_MEMBERSHIP_REQUESTED'));
      expect(events.some((e) => (e.payload as { userId: number }).userId === newcomer.userId)).toBe(true);
    });

    /** A rate enquiry that prices at once from the demo tariff (INNSA -> AEJEA, one 22G1). */
    const enquiry = async () => {
      const portRows = await t.database.db.select({ id: ports.id, code: ports.code }).from(ports);
      const portId = (code: string) => portRows.find((p) => p.code === code)!.id;
      const [hs] = await t.database.db
        .select({ id: hsCodes.id })
        .from(hsCodes)
        .where(eq(hsCodes.code, '620342'));
      return {
        polId: portId('INNSA'),
        podId: portId('AEJEA'),
        cargoType: 'GEN',
        hsCode: hs!.id,
        equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 12, weightUnit: 'MT' }],
        cargoReadyDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      };
    };
    const quotationsOf = async (userId: number) =>
      t.database.db.select({ id: quotations.id }).from(quotations).where(eq(quotations.createdById, userId));

    it('a pending member cannot send a rate enquiry (403, nothing written) until the carrier approves them (issue 28)', async () => {
      expect(await readUser(newcomer)).toMatchObject({ companyStatus: 'PENDING' });
      const refused = await call('POST', '/cp/quotations/', newcomer.headers, await enquiry());
      expect(refused.statusCode, refused.body).toBe(403);
      // The 403 every refusal answers (the access hook's shape), with why in words.
      expect(refused.json()).toEqual({
        granted: false,
        error: {
          code: 'FORBIDDEN',
          message: 'Rate enquiries open once your company membership is approved by the carrier.',
        },
      });
      expect(await quotationsOf(newcomer.userId)).toEqual([]);
    });

    it('staff see the request in the queue and approve it: the company is linked, the user is told by e-mail', async () => {
      const queue = await call('GET', '/cp/company-memberships/?status=PENDING', as.branch.headers);
      expect(queue.statusCode).toBe(200);
      const request = (queue.json().results as { id: number; user: { id: number } }[]).find(
        (row) => row.user.id === newcomer.userId,
      )!;
      expect(request).toMatchObject({ status: 'PENDING', isNewCompany: false, company: { code: 'DEMOEXP' } });

      const approve = await call(
        'POST',
        `/cp/company-memberships/${request.id}/approve/`,
        as.corporate.headers,
      );
      expect(approve.statusCode).toBe(200);
      expect(approve.json()).toMatchObject({ status: 'APPROVED', decidedAt: expect.any(String) });
      expect(await readUser(newcomer)).toMatchObject({
        companyStatus: 'APPROVED',
        party_code: 'DEMOEXP',
        partyExternalId: expect.any(String),
      });
      const again = await call(
        'POST',
        `/cp/company-memberships/${request.id}/approve/`,
        as.corporate.headers,
      );
      expect(again.statusCode).toBe(409);

      await t.app.ctx.mail.flush();
      const mails = await t.database.db.select().from(outboxMails);
      expect(
        mails.some(
          (m) => m.to.includes('newcomer@example.com') && /now a member of Demo Exports/.test(m.subject),
        ),
      ).toBe(true);
      const audit = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.recordType, 'COMPANY_MEMBERSHIP'), eq(auditEvents.recordId, request.id)));
      expect(audit.map((row) => row.action)).toEqual(['REQUESTED', 'APPROVED']);
    });

    it('an approved member sends a rate enquiry', async () => {
      const sent = await call('POST', '/cp/quotations/', newcomer.headers, await enquiry());
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json()).toMatchObject({ status: 'QUOTED', createdById: newcomer.userId });
      expect(await quotationsOf(newcomer.userId)).toHaveLength(1);
    });

    it('membership grants no access to a colleague’s records', async () => {
      // The newcomer is now an approved member of customer A's company, and still sees none of A's bills.
      expect(await billNumbers(newcomer.headers)).toEqual([]);
      const id = await billId('LDG26110001');
      expect((await call('GET', `/cp/bill-of-ladings/${id}`, newcomer.headers)).statusCode).toBe(404);
    });

    it('a new company request is created pending, is not offered to others, and can be refused with a reason', async () => {
      const asker = await createCustomer('asker@example.com');
      const invalid = await call('POST', '/cp/companies/', asker.headers, {
        name: '',
        address: '',
        country: 'India',
        taxId: 'GST',
      });
      expect(invalid.statusCode).toBe(400);
      expect(Object.keys(invalid.json().error.fields)).toEqual(expect.arrayContaining(['name', 'address']));
      expect(await membershipOf(asker.userId)).toBeUndefined();

      const created = await call('POST', '/cp/companies/', asker.headers, {
        name: 'Kaveri Spices LLP',
        address: '4 Spice Market Road, Kochi',
        country: 'India',
        taxId: '32ABCDE1234F1Z5',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ companyStatus: 'PENDING' });
      const membership = (await membershipOf(asker.userId))!;
      expect(membership).toMatchObject({ status: 'PENDING', isNewCompany: true });
      const [company] = await t.database.db.select().from(parties).where(eq(parties.id, membership.partyId));
      expect(company).toMatchObject({
        name: 'Kaveri Spices LLP',
        taxId: '32ABCDE1234F1Z5',
        countryCode: 'IN',
      });
      expect(company!.status).not.toBe('APPR');
      const offered = await call(
        'GET',
        '/core/base/v1/parties/party-detail-list-cp/?query=kaveri',
        as.customer.headers,
      );
      expect(offered.statusCode).toBe(200);
      expect(offered.json()).toEqual([]);
      expect(await readUser(asker)).toMatchObject({
        companyStatus: 'PENDING',
        party_name: 'Kaveri Spices LLP',
      });

      const noReason = await call(
        'POST',
        `/cp/company-memberships/${membership.id}/refuse/`,
        as.corporate.headers,
        {
          reason: ' ',
        },
      );
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error.fields).toHaveProperty('reason');
      const refused = await call(
        'POST',
        `/cp/company-memberships/${membership.id}/refuse/`,
        as.corporate.headers,
        {
          reason: 'We could not verify the GST number.',
        },
      );
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toMatchObject({
        status: 'REFUSED',
        reason: 'We could not verify the GST number.',
      });
      expect(await readUser(asker)).toMatchObject({ companyStatus: null, party: null });
      const [after] = await t.database.db.select().from(parties).where(eq(parties.id, membership.partyId));
      expect(after!.isActive).toBe(false);
    });
  });
});
