import { BL_STATUSES, withCheckDigit } from '@lading/contract/bills-of-lading';
import { BOOKING_STATUSES } from '@lading/contract/bookings';
import {
  type AdminDashboard,
  type AdminSearchResult,
  type CustomerDashboard,
  VOLUME_TOP,
} from '@lading/contract/dashboards';
import { QUOTATION_STATUSES } from '@lading/contract/quotations';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import { upcomingSailing } from '../../test/sailings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildAdminSearch } from './dashboards.repository';

type Headers = { authorization: string };
type Listed = { count: number; results: { id: number; number: string }[] };

describe('dashboards: the customer home and the carrier queues, equal to the lists they open', () => {
  let t: TestApp;
  const who = {} as Record<'customer' | 'customer2' | 'admin' | 'branchAdmin', Headers>;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    for (const account of ['customer', 'customer2', 'admin', 'branchAdmin'] as const) {
      const signed = await signInAs(t, account);
      who[account] = signed.headers;
      if (account === 'admin') adminId = signed.userId;
    }
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, headers: Headers): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  /** The database's own clock decides "today" (the server's queries use current_date). */
  const one = async <T>(query: SQL) => (await queryRows<T>(t.database.db, query))[0]!;
  const listCount = async (url: string, headers: Headers) => (await get<Listed>(url, headers)).count;
  const customerDashboard = (headers: Headers) => get<CustomerDashboard>('/cp/dashboard/', headers);
  const adminDashboard = (headers: Headers) => get<AdminDashboard>('/cp/dashboard-admin/', headers);

  /** Every count of the dashboard against the list filtered by the same status, and the totals. */
  async function expectCountsEqualLists(headers: Headers) {
    const { counts } = await customerDashboard(headers);
    for (const status of QUOTATION_STATUSES)
      expect(counts.quotations[status], `quotations ${status}`).toBe(
        await listCount(`/cp/quotations/?status=${status}&limit=1`, headers),
      );
    for (const status of BOOKING_STATUSES)
      expect(counts.bookings[status], `bookings ${status}`).toBe(
        await listCount(`/cp/bookings/?status=${encodeURIComponent(status)}&limit=1`, headers),
      );
    for (const status of BL_STATUSES)
      expect(counts.bills[status], `bills ${status}`).toBe(
        await listCount(`/cp/bill-of-ladings/?status=${encodeURIComponent(status)}&limit=1`, headers),
      );
    const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);
    expect(sum(counts.quotations)).toBe(await listCount('/cp/quotations/?limit=1', headers));
    expect(sum(counts.bookings)).toBe(await listCount('/cp/bookings/?limit=1', headers));
    expect(sum(counts.bills)).toBe(await listCount('/cp/bill-of-ladings/?limit=1', headers));
    return counts;
  }

  it('counts every status exactly as the filtered lists do, for both demo customers', async () => {
    const first = await expectCountsEqualLists(who.customer);
    // The demo data puts something in the computed and the stored statuses alike.
    expect(first.quotations.EXPIRED).toBeGreaterThan(0);
    expect(first.quotations.QUOTED).toBeGreaterThan(0);
    expect(first.bookings.REQUESTED).toBeGreaterThan(0);
    expect(first.bills.DRAFT).toBeGreaterThan(0);
    const second = await expectCountsEqualLists(who.customer2);
    expect(second.bills.ISSUED).toBeGreaterThan(0);
  });

  it('puts what needs the customer first: returned bills, expiring quotations, drafts, bookings awaiting the carrier', async () => {
    // The carrier returns the first customer's bill in UPDATE PENDING, and one quotation nears its last day.
    const queue = await get<Listed>('/cp/bill-of-ladings/review-queue/', who.admin);
    const mine = await get<Listed>('/cp/bill-of-ladings/?status=UPDATE%20PENDING', who.customer);
    const bill = queue.results.find((row) => mine.results.some((own) => own.id === row.id))!;
    const version = (await get<{ version: number }>(`/cp/bill-of-ladings/${bill.id}`, who.admin)).version;
    const comment = 'Please add the consignee tax id.';
    const returned = await t.app.inject({
      method: 'POST',
      url: `/cp/bill-of-ladings/${bill.id}/return/`,
      headers: { ...who.admin, 'if-match': `W/"${version}"` },
      payload: { comment },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const quoted = await get<Listed>('/cp/quotations/?status=QUOTED', who.customer);
    const expiring = quoted.results[0]!;
    await queryRows(
      t.database.db,
      sql`update quotations set valid_until = current_date + 2 where id = ${expiring.id}`,
    );

    const dashboard = await customerDashboard(who.customer);
    const kinds = dashboard.attention.map((item) => item.kind);
    expect(kinds[0]).toBe('BL_RETURNED');
    expect(dashboard.attention[0]).toMatchObject({
      title: `Bill of lading ${bill.number} was returned with a comment`,
      detail: comment,
      link: `/bl_view/${bill.id}`,
    });
    const expiringItem = dashboard.attention.find((item) => item.kind === 'QUOTATION_EXPIRING')!;
    expect(expiringItem.title).toContain(expiring.number);
    const { due } = await one<{ due: string }>(sql`select to_char(current_date + 2, 'YYYY-MM-DD') as due`);
    expect(expiringItem.due).toBe(due);
    // Most pressing first: the kinds never go back to an earlier one.
    const order = ['BL_RETURNED', 'QUOTATION_EXPIRING', 'BL_DRAFT', 'BOOKING_AWAITING_CONFIRMATION'];
    expect(kinds.map((kind) => order.indexOf(kind))).toEqual(
      [...kinds.map((kind) => order.indexOf(kind))].sort((a, b) => a - b),
    );
    // Every draft is listed once (returned or to complete), and every booking awaiting the carrier.
    const drafts = kinds.filter((kind) => kind === 'BL_RETURNED' || kind === 'BL_DRAFT').length;
    expect(drafts).toBe(dashboard.counts.bills.DRAFT);
    const awaiting = dashboard.attention.filter((item) => item.kind === 'BOOKING_AWAITING_CONFIRMATION');
    expect(awaiting).toHaveLength(dashboard.counts.bookings.REQUESTED);
    expect(dashboard.attentionTotal).toBe(dashboard.attention.length);
    // A booking's link opens its shipment page, whose read is that booking.
    const bookingId = Number(/^\/app-dashboard\/app-shipment\/(\d+)$/.exec(awaiting[0]!.link)?.[1]);
    const landed = await get<{ booking: { number: string } }>(
      `/cp/bookings/${bookingId}/shipment/`,
      who.customer,
    );
    expect(awaiting[0]!.title).toContain(landed.booking.number);

    // Recent activity: the carrier's return, newest first, not by the customer.
    expect(dashboard.recent[0]).toMatchObject({
      recordType: 'BILL_OF_LADING',
      recordId: bill.id,
      number: bill.number,
      action: 'RETURNED',
      comment,
      byYou: false,
      link: `/bl_view/${bill.id}`,
    });
    const times = dashboard.recent.map((row) => row.at);
    expect(times).toEqual([...times].sort().reverse());
    // The counts still equal the lists after the change.
    await expectCountsEqualLists(who.customer);
  });

  it('counts containers and TEU per sailing month over the last 12 months, as the bills themselves say', async () => {
    // The carrier confirms the customer's booking (2 x 22G1 + 1 x 45G1: 3 containers, 4 TEU) onto a sailing; the
    // chart counts it in the month of the voyage's estimated departure, which the public API below agrees on.
    const [booking] = (await get<Listed>('/cp/bookings/?status=REQUESTED', who.customer)).results;
    const box = (serial: number, isoCode: string) => ({
      containerNumber: withCheckDigit(`LDGU${String(900_000 + serial)}`),
      isoCode,
      tareWeight: isoCode === '22G1' ? 2200 : 3900,
    });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/cp/bookings/${booking!.id}/confirm/`,
      headers: who.admin,
      payload: {
        voyageId: (await upcomingSailing(t, who.admin, { skip: 2 })).voyageId,
        containers: [box(1, '22G1'), box(2, '22G1'), box(3, '45G1')],
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const dashboard = await customerDashboard(who.customer);
    const months = dashboard.shipmentsByMonth.map((row) => row.month);
    expect(months).toHaveLength(12);
    const { current } = await one<{ current: string }>(
      sql`select to_char(current_date, 'YYYY-MM') as current`,
    );
    // The booking counts in its sailing's month when the chart covers it (a sailing next month is outside it).
    const sailed = (confirmed.json().booking.etd as string).slice(0, 7);
    expect(sailed >= current).toBe(true);
    expect(
      dashboard.shipmentsByMonth.find((row) => row.month === sailed)?.containers ?? 3,
    ).toBeGreaterThanOrEqual(3);
    expect(months.at(-1)).toBe(current);
    expect(months).toEqual([...months].sort());
    expect(new Set(months).size).toBe(12);

    // The same figures from the public API: each bill's containers, sailing date and the size-types' TEU.
    const teuOf = new Map(
      (await get<{ code: string; teu: number }[]>('/core/base/v1/iso-equipment/', who.customer)).map(
        (row) => [row.code, row.teu],
      ),
    );
    const bills = await get<Listed>('/cp/bill-of-ladings/?limit=100', who.customer);
    const expected = new Map(months.map((month) => [month, { containers: 0, teu: 0 }]));
    for (const { id } of bills.results) {
      const bill = await get<{
        shippedOnBoardDate: string | null;
        blDate: string | null;
        bookingId: number | null;
        blContainerDetails: { containerIsoCode: string }[];
      }>(`/cp/bill-of-ladings/${id}`, who.customer);
      const etd = bill.bookingId
        ? (await get<{ etd: string | null }>(`/cp/bookings/${bill.bookingId}`, who.customer)).etd
        : null;
      const month = (bill.shippedOnBoardDate ?? etd ?? bill.blDate)?.slice(0, 7);
      const slot = month ? expected.get(month) : undefined;
      if (!slot) continue;
      slot.containers += bill.blContainerDetails.length;
      for (const container of bill.blContainerDetails) slot.teu += teuOf.get(container.containerIsoCode) ?? 0;
    }
    expect(dashboard.shipmentsByMonth).toEqual(months.map((month) => ({ month, ...expected.get(month)! })));
  });

  it("never shows one customer another's records", async () => {
    const numbersOf = async (headers: Headers) => [
      ...(await get<Listed>('/cp/bill-of-ladings/?limit=100', headers)).results.map((row) => row.number),
      ...(await get<Listed>('/cp/quotations/?limit=100', headers)).results.map((row) => row.number),
      ...(await get<Listed>('/cp/bookings/?limit=100', headers)).results.map((row) => row.number),
    ];
    const aNumbers = await numbersOf(who.customer);
    const bNumbers = await numbersOf(who.customer2);
    expect(aNumbers.length).toBeGreaterThan(0);
    const a = JSON.stringify(await customerDashboard(who.customer));
    const b = JSON.stringify(await customerDashboard(who.customer2));
    for (const number of aNumbers) expect(b).not.toContain(number);
    for (const number of bNumbers) expect(a).not.toContain(number);
    const bRecent = (await customerDashboard(who.customer2)).recent;
    expect(bRecent.length).toBeGreaterThan(0);
    for (const row of bRecent) expect(bNumbers).toContain(row.number);
  });

  /** Each queue against the work list it opens, for one caller. */
  async function expectQueuesEqualLists(headers: Headers) {
    const dashboard = await adminDashboard(headers);
    expect(dashboard.queues.map((queue) => queue.code)).toEqual([
      'BL_REVIEW',
      'QUOTATION_PRICING',
      'BOOKING_CONFIRMATION',
      'COMPANY_APPROVAL',
    ]);
    const byCode = Object.fromEntries(dashboard.queues.map((queue) => [queue.code, queue]));
    const review = await get<{ count: number; results: { updatedAt: string }[] }>(
      '/cp/bill-of-ladings/review-queue/?limit=1',
      headers,
    );
    expect(byCode.BL_REVIEW!.count).toBe(review.count);
    expect(byCode.BL_REVIEW!.oldestAt).toBe(review.results[0]?.updatedAt ?? null);
    expect(byCode.QUOTATION_PRICING!.count).toBe(
      await listCount('/cp/quotations/?status=REQUESTED', headers),
    );
    expect(byCode.BOOKING_CONFIRMATION!.count).toBe(
      await listCount('/cp/bookings/?status=REQUESTED', headers),
    );
    expect(byCode.COMPANY_APPROVAL!.count).toBe(
      await listCount('/cp/company-memberships/?status=PENDING', headers),
    );
    for (const queue of dashboard.queues) expect(queue.oldestAt === null).toBe(queue.count === 0);
    return dashboard;
  }

  it('counts each queue per office: the Chennai branch its own, the corporate office all', async () => {
    // The demo's open bills are on sailings still to come, counted in their sailing's month, which may be after the
    // window: shipped today, their eleven lanes are in it and the largest VOLUME_TOP are kept.
    await queryRows(
      t.database.db,
      sql`update bills_of_lading b set shipped_on_board_date = current_date
        where shipped_on_board_date is null and exists (select 1 from bl_containers bc where bc.bl_id = b.id)`,
    );
    const corporate = await expectQueuesEqualLists(who.admin);
    const branch = await expectQueuesEqualLists(who.branchAdmin);
    expect(corporate.office).toMatchObject({ code: 'TSX', isCorporate: true });
    expect(branch.office).toMatchObject({ code: 'MAA', isCorporate: false });
    const count = (d: AdminDashboard, code: string) => d.queues.find((q) => q.code === code)!.count;
    for (const code of ['BL_REVIEW', 'QUOTATION_PRICING', 'BOOKING_CONFIRMATION'])
      expect(count(branch, code)).toBeLessThanOrEqual(count(corporate, code));
    // The demo data has Mumbai work the branch must not see.
    expect(count(branch, 'BOOKING_CONFIRMATION')).toBeLessThan(count(corporate, 'BOOKING_CONFIRMATION'));
    expect(count(corporate, 'COMPANY_APPROVAL')).toBe(count(branch, 'COMPANY_APPROVAL'));

    // Volumes: lanes and customers (the largest VOLUME_TOP, by TEU) add up to the months' containers unless cut
    // off; the branch's are part of the corporate ones.
    const total = (rows: { containers: number }[]) => rows.reduce((sum, row) => sum + row.containers, 0);
    for (const d of [corporate, branch]) {
      expect(d.volumes.byMonth).toHaveLength(12);
      for (const rows of [d.volumes.byLane, d.volumes.byCustomer]) {
        expect(rows.length).toBeLessThanOrEqual(VOLUME_TOP);
        const teu = rows.map((row) => row.teu);
        expect(teu).toEqual([...teu].sort((x, y) => y - x));
        if (rows.length < VOLUME_TOP) expect(total(rows)).toBe(total(d.volumes.byMonth));
        else expect(total(rows)).toBeLessThanOrEqual(total(d.volumes.byMonth));
      }
    }
    expect(corporate.volumes.byLane).toHaveLength(VOLUME_TOP);
    expect(total(corporate.volumes.byCustomer)).toBe(total(corporate.volumes.byMonth));
    expect(total(branch.volumes.byMonth)).toBeLessThan(total(corporate.volumes.byMonth));

    // The administrator switching to Chennai gets the branch's queues.
    const maa = (
      await queryRows<{ id: number }>(t.database.db, sql`select id from offices where code = 'MAA'`)
    )[0]!.id;
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/authenticate/oauth/users/${adminId}/selected-office/`,
      headers: who.admin,
      payload: { officeId: maa },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const asBranch = await expectQueuesEqualLists(who.admin);
    expect(asBranch.queues).toEqual(branch.queues);
    expect(asBranch.volumes).toEqual(branch.volumes);
    const tsx = (
      await queryRows<{ id: number }>(t.database.db, sql`select id from offices where code = 'TSX'`)
    )[0]!.id;
    const back = await t.app.inject({
      method: 'PUT',
      url: `/authenticate/oauth/users/${adminId}/selected-office/`,
      headers: who.admin,
      payload: { officeId: tsx },
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('searches bills and bookings by number or company within the office, exact number first', async () => {
    const search = (query: string, headers: Headers = who.admin) =>
      get<{ results: AdminSearchResult[] }>(
        `/cp/dashboard-admin/search/?query=${encodeURIComponent(query)}&limit=50`,
        headers,
      ).then((body) => body.results);
    const [bill] = (await get<Listed>('/cp/bill-of-ladings/?limit=1', who.admin)).results;
    const exact = await search(bill!.number.toLowerCase());
    expect(exact[0]).toMatchObject({
      kind: 'BILL_OF_LADING',
      id: bill!.id,
      matchedOn: 'NUMBER',
      link: `/app-dashboard-admin/bl-review/${bill!.id}`,
    });

    const byCompany = await search('harbour');
    expect(byCompany.length).toBeGreaterThan(0);
    for (const row of byCompany)
      expect(row).toMatchObject({ customer: 'Harbour Traders LLP', matchedOn: 'COMPANY' });
    expect(byCompany.map((row) => row.kind)).toContain('BOOKING');
    const customer2Bills = await listCount('/cp/bill-of-ladings/?limit=1', who.customer2);
    expect(byCompany.filter((row) => row.kind === 'BILL_OF_LADING')).toHaveLength(customer2Bills);

    // The branch finds only what its office holds: every hit opens for it.
    const branchHits = await search('LDG', who.branchAdmin);
    const corporateHits = await search('LDG');
    expect(branchHits.length).toBeGreaterThan(0);
    expect(branchHits.length).toBeLessThan(corporateHits.length);
    for (const row of branchHits) {
      const opened = await t.app.inject({
        method: 'GET',
        url: `/cp/bill-of-ladings/${row.id}`,
        headers: who.branchAdmin,
      });
      expect(opened.statusCode).toBe(200);
    }

    // Wildcards are searched for literally; too short a query names the field.
    expect(await search('LDG%')).toEqual([]);
    const short = await t.app.inject({
      method: 'GET',
      url: '/cp/dashboard-admin/search/?query=ab',
      headers: who.admin,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toHaveProperty('query');
  });

  it('reaches the search terms through indexes: number trigrams, company names, owners', async () => {
    // The demo tables are small enough for any plan; with sequential scans priced out, the plan shows which
    // indexes the query can use at all.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain ${buildAdminSearch({ kind: 'all' }, 'harbour', 10)}`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    for (const index of [
      'bills_of_lading_number_trgm',
      'bookings_number_trgm',
      'parties_search_name_trgm',
      'users_party_idx',
    ])
      expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan on (bills_of_lading|bookings|parties|users)\b/);
  });
});
