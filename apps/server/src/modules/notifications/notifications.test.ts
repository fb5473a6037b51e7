import { prefillBillForm, toUpdatePayload, withCheckDigit } from '@lading/contract/bills-of-lading';
import type { Notification, NotificationKind } from '@lading/contract/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { upcomingSailing } from '../../test/sailings';
import { startSmtpServer } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';

type Who = 'customerA' | 'customerB' | 'branch' | 'corporate';
type Headers = { authorization: string };

describe('notifications: created from domain events, to the right people only', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const as = {} as Record<Who, { headers: Headers; userId: number }>;
  const port = {} as Record<string, number>;
  let hsId: number;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    who: Who,
    payload?: unknown,
    headers = {},
  ) => t.app.inject({ method, url, headers: { ...as[who].headers, ...headers }, payload: payload as object });
  /** Runs the event dispatcher (and the mail worker it feeds) now. */
  const settle = () => t.app.ctx.mail.flush();
  const bell = async (who: Who, query = 'limit=100') => {
    const res = await call('GET', `/cp/notifications/?${query}`, who);
    expect(res.statusCode).toBe(200);
    return res.json() as { count: number; unreadCount: number; results: Notification[] };
  };
  const kinds = async (who: Who) => (await bell(who)).results.map((n) => n.kind).sort();

  const billOf = async (who: Who, number: string) => {
    const list = await call('GET', `/cp/bill-of-ladings/?bl_number=${number}`, who);
    const id = list.json().results[0].id as number;
    return (await call('GET', `/cp/bill-of-ladings/${id}`, who)).json();
  };
  const saveBill = async (who: Who, number: string) => {
    const bill = await billOf(who, number);
    const res = await call(
      'PUT',
      `/cp/bill-of-ladings/${bill.id}/`,
      who,
      toUpdatePayload(bill, prefillBillForm(bill)),
      {
        'if-match': `W/"${bill.version}"`,
      },
    );
    expect(res.statusCode).toBe(200);
    return bill.id as number;
  };
  const review = async (action: 'approve' | 'return' | 'issue', billId: number, body: object = {}) => {
    const bill = (await call('GET', `/cp/bill-of-ladings/${billId}`, 'corporate')).json();
    const res = await call('POST', `/cp/bill-of-ladings/${billId}/${action}/`, 'corporate', {
      version: bill.version,
      ...body,
    });
    expect(res.statusCode).toBe(200);
  };
  const enquire = async (who: Who, pol: string, pod: string) => {
    const res = await call('POST', '/cp/quotations/', who, {
      polId: port[pol],
      podId: port[pod],
      cargoType: 'GEN',
      hsCode: hsId,
      equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 12000, weightUnit: 'kg' }],
      cargoReadyDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('REQUESTED');
    return res.json().id as number;
  };
  const price = async (quotationId: number, validDays: number) => {
    const res = await call('POST', `/cp/quotations/${quotationId}/price/`, 'corporate', {
      currency: 'USD',
      validUntil: new Date(Date.now() + validDays * 86_400_000).toISOString().slice(0, 10),
      charges: [
        { code: 'OCEAN_FREIGHT', name: 'Ocean freight', basis: 'PER_BL', quantity: 1, unitAmount: '100.00' },
      ],
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, { demo: true });
    as.customerA = await signInAs(t, 'customer');
    as.customerB = await signInAs(t, 'customer2');
    as.branch = await signInAs(t, 'branchAdmin');
    as.corporate = await signInAs(t, 'admin');
    for (const row of await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from ports where code in ('INNSA', 'ISREY', 'INMAA', 'GRPIR')`,
    ))
      port[row.code] = row.id;
    hsId = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from hs_codes where length(code) = 6 limit 1`,
      )
    )[0]!.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('starts empty for everyone', async () => {
    for (const who of ['customerA', 'customerB', 'branch', 'corporate'] as const) {
      expect(await bell(who)).toEqual({ count: 0, unreadCount: 0, results: [] });
    }
  });

  it('bills: the owner hears of approve, return (with the comment) and issue; staff of the office hear of submissions', async () => {
    // A's bill of the corporate office (Mumbai) goes to review: the corporate administrator is told, the Chennai branch not.
    const aBill = await saveBill('customerA', 'LDG26110001');
    // B's Chennai bill: the Chennai branch and the corporate administrator are told.
    const bBill = await saveBill('customerB', 'LDG26110009');
    await settle();
    const corporate = (await bell('corporate')).results;
    expect(
      corporate
        .filter((n) => n.kind === 'BL_SUBMITTED')
        .map((n) => n.link)
        .sort(),
    ).toEqual([`/app-dashboard-admin/bl-review/${aBill}`, `/app-dashboard-admin/bl-review/${bBill}`].sort());
    const branch = (await bell('branch')).results;
    expect(branch.map((n) => [n.kind, n.link])).toEqual([
      ['BL_SUBMITTED', `/app-dashboard-admin/bl-review/${bBill}`],
    ]);
    expect(await kinds('customerA')).toEqual([]);
    expect(await kinds('customerB')).toEqual([]);

    const comment = 'Seal number of the second container is missing.';
    await review('return', aBill, { comment });
    await settle();
    const [returned] = (await bell('customerA')).results;
    expect(returned).toMatchObject({
      kind: 'BL_RETURNED',
      title: 'Bill of lading LDG26110001 returned',
      body: `Returned with comment: ${comment}`,
      link: `/bl_view/${aBill}`,
      readAt: null,
    });
    const mail = await smtp.waitFor((m) => m.subject === 'Bill of lading LDG26110001 returned with comment');
    expect(mail.to).toEqual(['customer@demo.lading.test']);
    expect(mail.text).toContain(comment);

    await review('approve', bBill);
    await review('issue', bBill);
    await settle();
    expect((await bell('customerB')).results.map((n) => [n.kind, n.title, n.link])).toEqual([
      ['BL_ISSUED', 'Bill of lading LDG26110009 issued', `/bl_view/${bBill}`],
      ['BL_APPROVED', 'Bill of lading LDG26110009 approved', `/bl_view/${bBill}`],
    ]);
    await smtp.waitFor((m) => m.subject === 'Bill of lading LDG26110009 issued');
    // Nothing of B's reached A, and nothing of the customers' own news reached staff.
    expect(await kinds('customerA')).toEqual(['BL_RETURNED']);
    expect(await kinds('branch')).toEqual(['BL_SUBMITTED']);
    expect(await kinds('corporate')).toEqual(['BL_SUBMITTED', 'BL_SUBMITTED']);
  });

  it('quotations and bookings: staff of the office hear of work, the owner of prices, expiry and decisions', async () => {
    const before = { branch: await kinds('branch'), corporate: await kinds('corporate') };
    const aQuotation = await enquire('customerA', 'INNSA', 'ISREY'); // corporate office
    const bQuotation = await enquire('customerB', 'INMAA', 'GRPIR'); // Chennai branch
    await settle();
    expect(
      (await bell('corporate')).results
        .filter((n) => n.kind === 'QUOTATION_REQUESTED')
        .map((n) => n.link)
        .sort(),
    ).toEqual(
      [
        `/app-dashboard-admin/quotations-to-price/${aQuotation}`,
        `/app-dashboard-admin/quotations-to-price/${bQuotation}`,
      ].sort(),
    );
    expect(
      (await bell('branch')).results.filter((n) => n.kind === 'QUOTATION_REQUESTED').map((n) => n.link),
    ).toEqual([`/app-dashboard-admin/quotations-to-price/${bQuotation}`]);

    await price(aQuotation, 2); // valid two more days: about to expire
    await price(bQuotation, 20);
    await settle();
    expect((await bell('customerA')).results[0]).toMatchObject({
      kind: 'QUOTATION_PRICED',
      link: '/app-dashboard/app-active-quotation',
    });
    expect((await bell('customerB')).results[0]).toMatchObject({ kind: 'QUOTATION_PRICED' });

    // The sweep tells A once, however often it runs; B's quotation is not close to its end.
    expect(await t.app.ctx.notifications.sweepExpiringQuotations()).toBe(1);
    expect(await t.app.ctx.notifications.sweepExpiringQuotations()).toBe(0);
    await settle();
    const expiring = (await bell('customerA')).results.filter((n) => n.kind === 'QUOTATION_EXPIRING');
    expect(expiring).toHaveLength(1);
    expect(expiring[0]!.body).toContain(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
    expect((await kinds('customerB')).filter((k) => k === 'QUOTATION_EXPIRING')).toEqual([]);

    // Accepting makes a booking to confirm: told to the office's staff.
    const aBooking = (await call('POST', `/cp/quotations/${aQuotation}/accept/`, 'customerA')).json()
      .id as number;
    const bBooking = (await call('POST', `/cp/quotations/${bQuotation}/accept/`, 'customerB')).json()
      .id as number;
    await settle();
    expect(
      (await bell('branch')).results.filter((n) => n.kind === 'BOOKING_REQUESTED').map((n) => n.link),
    ).toEqual([`/app-dashboard-admin/bookings-to-confirm/${bBooking}`]);
    expect((await bell('corporate')).results.filter((n) => n.kind === 'BOOKING_REQUESTED')).toHaveLength(2);

    const confirm = await call('POST', `/cp/bookings/${aBooking}/confirm/`, 'corporate', {
      voyageId: (await upcomingSailing(t, as.corporate.headers, { skip: 2 })).voyageId,
      containers: [{ containerNumber: withCheckDigit('NTFU000013'), isoCode: '22G1', tareWeight: 2200 }],
    });
    expect(confirm.statusCode).toBe(200);
    const reject = await call('POST', `/cp/bookings/${bBooking}/reject/`, 'corporate', {
      reason: 'No space on the vessel',
    });
    expect(reject.statusCode).toBe(200);
    await settle();
    const aNews = (await bell('customerA')).results;
    const bookingNo = aNews.find((n) => n.kind === 'BOOKING_CONFIRMED')!.title.split(' ')[1]!;
    expect(aNews.find((n) => n.kind === 'BOOKING_CONFIRMED')).toMatchObject({
      title: `Booking ${bookingNo} confirmed`,
      link: `/app-dashboard/app-shipment/${aBooking}`,
    });
    expect((await bell('customerB')).results[0]).toMatchObject({
      kind: 'BOOKING_REJECTED',
      body: 'Reason: No space on the vessel',
    });

    // Exactly these, to exactly these people.
    expect(await kinds('customerA')).toEqual(
      ['BL_RETURNED', 'BOOKING_CONFIRMED', 'QUOTATION_EXPIRING', 'QUOTATION_PRICED'].sort(),
    );
    expect(await kinds('customerB')).toEqual(
      ['BL_APPROVED', 'BL_ISSUED', 'BOOKING_REJECTED', 'QUOTATION_PRICED'].sort(),
    );
    expect(await kinds('branch')).toEqual(
      [...before.branch, 'BOOKING_REQUESTED', 'QUOTATION_REQUESTED'].sort(),
    );
    expect(await kinds('corporate')).toEqual(
      [
        ...before.corporate,
        'BOOKING_REQUESTED',
        'BOOKING_REQUESTED',
        'QUOTATION_REQUESTED',
        'QUOTATION_REQUESTED',
      ].sort(),
    );
  });

  it('company membership: the member hears of approval and refusal', async () => {
    const [company] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from parties where code = 'BLUEFWD'`,
    );
    const pick = () =>
      call('PATCH', `/authenticate/oauth/users/${as.customerB.userId}/update-cp-users/`, 'customerB', {
        id: as.customerB.userId,
        party: company!.id,
        country: 'India',
        contact_number: '+912226000002',
        address: 'Dock Road, Chennai',
      });
    const membershipId = async () =>
      (await call('GET', '/cp/company-memberships/?status=PENDING', 'corporate'))
        .json()
        .results.find((r: { user: { id: number } }) => r.user.id === as.customerB.userId).id as number;
    expect((await pick()).statusCode).toBe(200);
    const refuse = await call(
      'POST',
      `/cp/company-memberships/${await membershipId()}/refuse/`,
      'corporate',
      {
        reason: 'Not a customer of ours',
      },
    );
    expect(refuse.statusCode).toBe(200);
    expect((await pick()).statusCode).toBe(200);
    expect(
      (await call('POST', `/cp/company-memberships/${await membershipId()}/approve/`, 'corporate'))
        .statusCode,
    ).toBe(200);
    await settle();
    const [approved, refused] = (await bell('customerB')).results;
    expect(refused).toMatchObject({
      kind: 'COMPANY_MEMBERSHIP_REFUSED',
      body: 'Reason: Not a customer of ours',
      link: '/app-profile',
    });
    expect(approved).toMatchObject({ kind: 'COMPANY_MEMBERSHIP_APPROVED', link: '/app-profile' });
    expect((await kinds('customerA')).filter((k) => k.startsWith('COMPANY'))).toEqual([]);
  });

  it('marks one read, then all; another user’s notification is 404 and stays unread', async () => {
    const a = await bell('customerA');
    expect(a.unreadCount).toBe(a.count);
    const first = a.results[0]!;
    const b = await bell('customerB');
    const other = b.results[0]!;
    expect((await call('POST', `/cp/notifications/${other.id}/read/`, 'customerA')).statusCode).toBe(404);
    expect((await call('POST', '/cp/notifications/999999/read/', 'customerA')).statusCode).toBe(404);
    expect((await bell('customerB')).unreadCount).toBe(b.unreadCount);

    const read = await call('POST', `/cp/notifications/${first.id}/read/`, 'customerA');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: first.id, readAt: expect.any(String) });
    const again = await call('POST', `/cp/notifications/${first.id}/read/`, 'customerA');
    expect(again.json().readAt).toBe(read.json().readAt);
    const unread = await bell('customerA', 'unread=true&limit=100');
    expect(unread).toMatchObject({ count: a.count - 1, unreadCount: a.count - 1 });
    expect(unread.results.map((n) => n.id)).not.toContain(first.id);
    expect((await bell('customerA', 'skip=1&limit=1')).results.map((n) => n.id)).toEqual([a.results[1]!.id]);

    const all = await call('POST', '/cp/notifications/read-all/', 'customerA');
    expect(all.json()).toEqual({ updated: a.count - 1, unreadCount: 0 });
    expect(await bell('customerA', 'unread=true')).toMatchObject({ count: 0, unreadCount: 0, results: [] });
    expect((await bell('customerB')).unreadCount).toBe(b.unreadCount);
    expect((await call('GET', '/cp/notifications/?limit=0', 'customerA')).json().error.fields).toHaveProperty(
      'limit',
    );
  });

  it('e-mail preferences stop the copy, never the bell', async () => {
    const prefs = await call('GET', '/cp/notifications/preferences/', 'customerA');
    expect(prefs.json().results.map((p: { kind: NotificationKind }) => p.kind)).toContain('BL_RETURNED');
    expect(prefs.json().results.every((p: { email: boolean }) => p.email)).toBe(true);
    const staffPrefs = await call('GET', '/cp/notifications/preferences/', 'branch');
    expect(staffPrefs.json().results.map((p: { kind: string }) => p.kind)).toEqual([
      'BL_SUBMITTED',
      'QUOTATION_REQUESTED',
      'BOOKING_REQUESTED',
    ]);
    const wrong = await call('PUT', '/cp/notifications/preferences/', 'customerA', {
      preferences: [
        { kind: 'BL_RETURNED', email: false },
        { kind: 'BL_SUBMITTED', email: false },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty(['preferences.1.kind']);
    const off = await call('PUT', '/cp/notifications/preferences/', 'customerA', {
      preferences: [{ kind: 'BL_RETURNED', email: false }],
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().results.find((p: { kind: string }) => p.kind === 'BL_RETURNED').email).toBe(false);

    // A's bill LDG26110004 is returned (no mail: turned off), then approved (mail: still on) as a marker.
    const save = await saveBill('customerA', 'LDG26110004');
    await review('return', save, { comment: 'Quiet please.' });
    await review('approve', save);
    await settle();
    await smtp.waitFor((m) => m.subject === 'Bill of lading LDG26110004 approved');
    expect(smtp.messages.filter((m) => m.subject.includes('LDG26110004 returned'))).toEqual([]);
    expect((await bell('customerA')).results.slice(0, 2).map((n) => n.kind)).toEqual([
      'BL_APPROVED',
      'BL_RETURNED',
    ]);
  });
});
