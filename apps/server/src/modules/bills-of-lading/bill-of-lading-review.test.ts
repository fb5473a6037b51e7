import type {
  BillOfLadingReview,
  BlHistoryEntry,
  ReviewQueueResponse,
} from '@lading/contract/bill-of-lading-review';
import {
  type BillOfLading,
  editableContent,
  prefillBillForm,
  toUpdatePayload,
} from '@lading/contract/bills-of-lading';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billsOfLading } from '../../db/schema/bills-of-lading';
import { signInAs } from '../../test/auth';
import { startSmtpServer } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

describe('bill of lading review workflow', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let customer: Headers;
  let customer2: Headers;
  let admin: Headers;
  let customerId: number;
  let adminId: number;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, { demo: true });
    const c1 = await signInAs(t, 'customer');
    customer = c1.headers;
    customerId = c1.userId;
    customer2 = (await signInAs(t, 'customer2')).headers;
    const a = await signInAs(t, 'admin');
    admin = a.headers;
    adminId = a.userId;
    for (const row of await t.database.db
      .select({ id: billsOfLading.id, number: billsOfLading.number })
      .from(billsOfLading))
      ids.set(row.number, row.id);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const idOf = (number: string) => ids.get(number)!;
  const get = async (headers: Headers, id: number) =>
    (await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${id}`, headers })).json() as BillOfLading;
  const post = (headers: Headers, url: string, body?: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...extra },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const act = (
    action: 'approve' | 'return' | 'issue',
    id: number,
    body?: unknown,
    extra?: Record<string, string>,
  ) => post(admin, `/cp/bill-of-ladings/${id}/${action}/`, body, extra);
  const review = async (id: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${id}/review/`, headers: admin })
    ).json() as BillOfLadingReview;
  const history = (headers: Headers, id: number) =>
    t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${id}/history/`, headers });
  const rowOf = async (id: number) =>
    (await t.database.db.select().from(billsOfLading).where(eq(billsOfLading.id, id)))[0]!;
  /** A customer's save through the real PUT, built the way the edit screen builds it. */
  async function customerSave(headers: Headers, id: number, change: (body: Record<string, unknown>) => void) {
    const bill = await get(headers, id);
    const body = toUpdatePayload(bill, prefillBillForm(bill)) as unknown as Record<string, unknown>;
    change(body);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/cp/bill-of-ladings/${id}/`,
      headers,
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as BillOfLading;
  }

  it('refuses customers on every admin route (403) and anonymous callers (401)', async () => {
    const id = idOf('LDG26110003');
    const calls = [
      { method: 'GET' as const, url: '/cp/bill-of-ladings/review-queue/' },
      { method: 'GET' as const, url: `/cp/bill-of-ladings/${id}/review/` },
      { method: 'POST' as const, url: `/cp/bill-of-ladings/${id}/approve/`, payload: { version: 1 } },
      {
        method: 'POST' as const,
        url: `/cp/bill-of-ladings/${id}/return/`,
        payload: { version: 1, comment: 'x' },
      },
      { method: 'POST' as const, url: `/cp/bill-of-ladings/${id}/issue/`, payload: { version: 1 } },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: customer });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
    }
    const row = await rowOf(id);
    expect([row.status, row.version]).toEqual(['UPDATE PENDING', 1]);
  });

  it('lists the bills awaiting review, oldest first, beside the id routes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/cp/bill-of-ladings/review-queue/',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const queue = res.json() as ReviewQueueResponse;
    expect(queue.results.map((b) => b.number)).toEqual(['LDG26110003', 'LDG26110010']);
    expect(queue.count).toBe(2);
    expect(queue.results[0]).toMatchObject({
      ownerEmail: 'customer@demo.lading.test',
      ownerName: 'Dev Customer',
      polCode: 'INNSA',
      podCode: 'DEHAM',
      status: 'UPDATE PENDING',
    });
    // The id routes still answer.
    expect((await get(admin, idOf('LDG26110003'))).number).toBe('LDG26110003');
  });

  it("shows a customer's change against the content before it, field by field, with the history", async () => {
    const id = idOf('LDG26110001');
    const before = await review(id);
    expect(before.baseline).toBe('reconstructed');
    expect(before.changes).toEqual([]);
    await customerSave(customer, id, (body) => {
      body.shipperNameInBl = 'DEMO EXPORTS PRIVATE LIMITED';
      (body.blContainerDetails as { sealNo: string }[])[1]!.sealNo = 'SL999999';
    });
    const after = await review(id);
    expect(after.bill.status).toBe('UPDATE PENDING');
    // The seed left the names in BL empty (the screen pre-fills them with the party names): a save stores them.
    expect(after.changes).toEqual([
      { field: 'shipperNameInBl', before: null, after: 'DEMO EXPORTS PRIVATE LIMITED' },
      { field: 'consigneeNameInBl', before: null, after: 'Gulf Imports FZE' },
      { field: 'containers[2].sealNo', before: 'SL100202', after: 'SL999999' },
    ]);
    const rows = new Map(after.rows.map((row) => [row.field, row]));
    expect(rows.get('shipperNameInBl')).toMatchObject({ isChanged: true, approved: null });
    expect(rows.get('marksAndNos')).toMatchObject({ isChanged: false, approved: 'DEMO/AEJEA/1-UP' });
    expect(rows.get('containers[1].sealNo')).toMatchObject({ isChanged: false, current: 'SL100201' });
    const updated = after.history.find((h) => h.action === 'UPDATED')!;
    expect(updated).toMatchObject({
      actorId: customerId,
      actorName: 'Dev Customer',
      toStatus: 'UPDATE PENDING',
    });
    expect(updated.changes.map((c) => c.field)).toContain('shipperNameInBl');
  });

  it('approves with the reviewed version only: 428 without one, 412 for an outdated one', async () => {
    const id = idOf('LDG26110001');
    const bill = await get(admin, id);
    const missing = await act('approve', id);
    expect(missing.statusCode).toBe(428);
    const stale = await act('approve', id, { version: bill.version - 1 });
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe(`W/"${bill.version}"`);
    expect((await rowOf(id)).status).toBe('UPDATE PENDING');

    const res = await act('approve', id, undefined, { 'if-match': `W/"${bill.version}"` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'APPROVED',
      dcsaStatus: 'APPROVED',
      version: bill.version + 1,
    });
    expect(res.headers.etag).toBe(`W/"${bill.version + 1}"`);
    const row = await rowOf(id);
    expect(row.approvedSnapshot).toEqual(JSON.parse(JSON.stringify(editableContent(bill))));
    const approved = (await review(id)).history.at(-1)!;
    expect(approved).toMatchObject({
      action: 'APPROVED',
      actorId: adminId,
      actorName: 'Asha Admin',
      fromStatus: 'UPDATE PENDING',
      toStatus: 'APPROVED',
      version: bill.version + 1,
    });
    expect(approved.changes.map((c) => c.field)).toEqual([
      'shipperNameInBl',
      'consigneeNameInBl',
      'containers[2].sealNo',
    ]);
  });

  it('compares the next change against the approved snapshot', async () => {
    const id = idOf('LDG26110001');
    await customerSave(customer, id, (body) => {
      body.consigneeNameInBl = 'GULF IMPORTS FZE (JAFZA)';
    });
    const result = await review(id);
    expect(result.baseline).toBe('approved');
    expect(result.changes).toEqual([
      { field: 'consigneeNameInBl', before: 'Gulf Imports FZE', after: 'GULF IMPORTS FZE (JAFZA)' },
    ]);
    expect(result.rows.find((r) => r.field === 'shipperNameInBl')).toMatchObject({
      approved: 'DEMO EXPORTS PRIVATE LIMITED',
      current: 'DEMO EXPORTS PRIVATE LIMITED',
      isChanged: false,
    });
  });

  it('returns a bill only with a comment, stores it, and e-mails the owner over SMTP', async () => {
    const id = idOf('LDG26110003');
    const bill = await get(admin, id);
    for (const body of [{ version: bill.version }, { version: bill.version, comment: '   ' }]) {
      const res = await act('return', id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('comment');
    }
    const comment = 'Consignee phone number is missing the country code.';
    const res = await act('return', id, { version: bill.version, comment });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DRAFT', reviewComment: comment, version: bill.version + 1 });
    const mail = await smtp.waitFor((m) => m.subject.includes('LDG26110003'));
    expect(mail.to).toEqual(['customer@demo.lading.test']);
    expect(mail.subject).toBe('Bill of lading LDG26110003 returned with comment');
    expect(mail.text).toContain(comment);
    expect(mail.text).toContain(`/bl_view/${id}`);
    const returned = (await history(customer, id)).json().results.at(-1) as BlHistoryEntry;
    expect(returned).toMatchObject({
      action: 'RETURNED',
      actorName: 'Asha Admin',
      fromStatus: 'UPDATE PENDING',
      toStatus: 'DRAFT',
      comment,
    });
    // No longer in the queue.
    const queue = (
      await t.app.inject({ method: 'GET', url: '/cp/bill-of-ladings/review-queue/', headers: admin })
    ).json() as ReviewQueueResponse;
    expect(queue.results.map((b) => b.number)).not.toContain('LDG26110003');
  });

  it('refuses illegal transitions with 409 and a clear message, changing nothing', async () => {
    const draft = idOf('LDG26110003'); // DRAFT since the return
    const issued = idOf('LDG26110006');
    const cases: [string, number, 'approve' | 'return' | 'issue', RegExp][] = [
      ['return a draft', draft, 'return', /status DRAFT cannot be returned/],
      ['issue a draft', draft, 'issue', /status DRAFT cannot be issued; only one in APPROVED can/],
      ['approve an issued bill', issued, 'approve', /status ISSUED cannot be approved/],
      ['return an issued bill', issued, 'return', /status ISSUED cannot be returned/],
      ['issue a surrendered bill', idOf('LDG26110007'), 'issue', /status SURRENDERED cannot be issued/],
    ];
    for (const [what, id, action, message] of cases) {
      const before = await rowOf(id);
      const res = await act(action, id, { version: before.version, comment: 'because' });
      expect(res.statusCode, what).toBe(409);
      expect(res.json().error.message, what).toMatch(message);
      const after = await rowOf(id);
      expect([after.status, after.version], what).toEqual([before.status, before.version]);
    }
  });

  it('approves a draft and issues an approved bill, filling the issue fields', async () => {
    const id = idOf('LDG26110009'); // customer2, DRAFT
    const approved = await act('approve', id, { version: (await rowOf(id)).version });
    expect(approved.json().status).toBe('APPROVED');
    const issued = await act('issue', id, { version: approved.json().version });
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toMatchObject({
      status: 'ISSUED',
      dcsaStatus: 'ISSUED',
      isIssued: true,
      issuedBy: 'Asha Admin',
    });
    expect(issued.json().issuedOn).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(issued.json().shippedOnBoardDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const again = await act('issue', id, { version: issued.json().version });
    expect(again.statusCode).toBe(409);
    // Once issued, the customer can no longer edit it.
    const bill = await get(customer2, id);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/cp/bill-of-ladings/${id}/`,
      headers: customer2,
      payload: toUpdatePayload(bill, prefillBillForm(bill)),
    });
    expect(put.statusCode).toBe(409);
    const actions = ((await history(admin, id)).json().results as BlHistoryEntry[]).map((h) => h.action);
    expect(actions).toEqual(['CREATED', 'APPROVED', 'ISSUED']);
  });

  it('shows history to the owner and to admins only', async () => {
    const id = idOf('LDG26110001');
    const own = await history(customer, id);
    expect(own.statusCode).toBe(200);
    const entries = own.json().results as BlHistoryEntry[];
    expect(entries.map((h) => h.action)).toEqual(['CREATED', 'UPDATED', 'APPROVED', 'UPDATED']);
    expect(entries[0]).toMatchObject({ actorId: null, actorName: null, toStatus: 'DRAFT' });
    expect((await history(admin, id)).statusCode).toBe(200);
    expect((await history(customer2, id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/cp/bill-of-ladings/99999/review/', headers: admin }))
        .statusCode,
    ).toBe(404);
    expect((await act('approve', 99_999, { version: 1 })).statusCode).toBe(404);
  });
});
