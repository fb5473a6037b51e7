import { BL_MAILS_PER_HOUR } from '@lading/contract/bill-of-lading-review';
import { type BillOfLading, prefillBillForm, toUpdatePayload } from '@lading/contract/bills-of-lading';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { billsOfLading } from '../../db/schema/bills-of-lading';
import { outboxMails } from '../../db/schema/mail';
import { signInAs } from '../../test/auth';
import { extractPdfText } from '../../test/pdf-text';
import { startSmtpServer } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };

describe('bill of lading documents: PDF and e-mail', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let customer: Headers;
  let customer2: Headers;
  let admin: Headers;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, { demo: true });
    customer = (await signInAs(t, 'customer')).headers;
    customer2 = (await signInAs(t, 'customer2')).headers;
    admin = (await signInAs(t, 'admin')).headers;
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
  const print = (headers: Headers, id: number, body?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/cp/bill-of-lading/${id}/bl-print/`,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const mail = (headers: Headers, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/cp/bill-of-ladings/send_mail_bl/',
      headers,
      payload: body as object,
    });
  const rowOf = async (id: number) =>
    (await t.database.db.select().from(billsOfLading).where(eq(billsOfLading.id, id)))[0]!;
  const historyOf = (id: number, action: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.recordType, 'BILL_OF_LADING'),
          eq(auditEvents.recordId, id),
          eq(auditEvents.action, action),
        ),
      );
  const outboxCount = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxMails))[0]!.n;

  describe('POST cp/bill-of-lading/{id}/bl-print/', () => {
    it('answers a draft PDF named after the bill, watermarked DRAFT, and counts it with a history row', async () => {
      const id = idOf('LDG26110001');
      const before = await rowOf(id);
      const res = await print(customer, id, { kind: 'draft' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="LDG26110001.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = extractPdfText(res.rawPayload);
      expect(text).toContain('DRAFT');
      expect(text).toContain('DRAFT — FOR CHECKING ONLY');
      for (const expected of [
        'Lading',
        'BILL OF LADING',
        'LDG26110001',
        'BKG261100001',
        'Demo Exports Pvt Ltd',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).toContain('Tare (kg)');
      expect((await rowOf(id)).noOfDraftPrinted).toBe(before.noOfDraftPrinted + 1);
      const printed = await historyOf(id, 'PRINTED');
      expect(printed).toHaveLength(1);
      expect(printed[0]!.version).toBe(before.version);
      expect((await rowOf(id)).version).toBe(before.version);
    });

    it('prints weights as saved: rounded half up on the decimal as sent (12345.675 -> 12,345.68)', async () => {
      const id = idOf('LDG26110008');
      const bill: BillOfLading = (
        await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${id}`, headers: customer })
      ).json();
      const body = toUpdatePayload(bill, prefillBillForm(bill));
      body.blContainerDetails[0]!.grossWeight = 12345.675;
      body.blContainerDetails[0]!.vgm = 14555.555;
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/cp/bill-of-ladings/${id}/`,
        headers: customer,
        payload: body,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const text = extractPdfText((await print(customer, id)).rawPayload);
      expect(text).toContain('12,345.68');
      expect(text).toContain('14,555.56');
      expect(text).not.toContain('12,345.67');
    });

    it('prints a draft when no body is sent', async () => {
      const id = idOf('LDG26110002');
      const res = await print(customer, id);
      expect(res.statusCode).toBe(200);
      expect(extractPdfText(res.rawPayload)).toContain('Container Not Allocated !');
      expect((await rowOf(id)).noOfDraftPrinted).toBe(1);
    });

    it('leaves the tare column out when the bill hides tare weights', async () => {
      const id = idOf('LDG26110004');
      await t.database.db.update(billsOfLading).set({ hideTareWeight: true }).where(eq(billsOfLading.id, id));
      const text = extractPdfText((await print(customer, id)).rawPayload);
      expect(text).not.toContain('Tare (kg)');
      expect(text).toContain('VGM (kg)');
    });

    it('refuses originals and copies before the bill is issued, counting nothing', async () => {
      const id = idOf('LDG26110005');
      const before = await rowOf(id);
      for (const kind of ['original', 'copy']) {
        const res = await print(customer, id, { kind });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toMatch(/only once the bill of lading is issued/);
      }
      const after = await rowOf(id);
      expect([after.noOfOriginalsPrinted, after.noOfCopiesPrinted]).toEqual([
        before.noOfOriginalsPrinted,
        before.noOfCopiesPrinted,
      ]);
      expect(await historyOf(id, 'PRINTED')).toHaveLength(0);
    });

    it('prints copies of an issued bill without the watermark, never more than noOfCopies', async () => {
      const id = idOf('LDG26110006');
      const bill = await rowOf(id);
      expect(bill.status).toBe('ISSUED');
      for (let n = 1; n <= bill.noOfCopies; n++) {
        const res = await print(customer, id, { kind: 'copy' });
        expect(res.statusCode).toBe(200);
        const text = extractPdfText(res.rawPayload);
        expect(text).toContain(`COPY ${n} OF ${bill.noOfCopies}`);
        expect(text).not.toContain('DRAFT');
      }
      const beyond = await print(customer, id, { kind: 'copy' });
      expect(beyond.statusCode).toBe(409);
      expect(beyond.json().error.message).toMatch(/All 3 copies/);
      expect((await rowOf(id)).noOfCopiesPrinted).toBe(bill.noOfCopies);
    });

    it('refuses an original beyond noOfOriginals (the seed printed all three of an issued bill)', async () => {
      const id = idOf('LDG26110006');
      const res = await print(customer, id, { kind: 'original' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/All 3 originals/);
      expect((await rowOf(id)).noOfOriginalsPrinted).toBe(3);
    });

    it('prints numbered originals once the carrier issues the bill', async () => {
      const id = idOf('LDG26110005');
      const bill = (
        await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${id}`, headers: admin })
      ).json() as BillOfLading;
      const issued = await t.app.inject({
        method: 'POST',
        url: `/cp/bill-of-ladings/${id}/issue/`,
        headers: admin,
        payload: { version: bill.version },
      });
      expect(issued.statusCode).toBe(200);
      const res = await print(customer, id, { kind: 'original' });
      expect(res.statusCode).toBe(200);
      const text = extractPdfText(res.rawPayload);
      expect(text).toContain('ORIGINAL 1 OF 3');
      expect(text).not.toContain('DRAFT');
      expect(text).toContain('by Asha Admin');
      expect((await rowOf(id)).noOfOriginalsPrinted).toBe(1);
    });

    it("answers 404 for another customer's bill and counts nothing", async () => {
      const id = idOf('LDG26110001');
      const before = await rowOf(id);
      const printedBefore = (await historyOf(id, 'PRINTED')).length;
      for (const kind of ['draft', 'original', 'copy']) {
        expect((await print(customer2, id, { kind })).statusCode).toBe(404);
      }
      expect((await rowOf(id)).noOfDraftPrinted).toBe(before.noOfDraftPrinted);
      expect(await historyOf(id, 'PRINTED')).toHaveLength(printedBefore);
    });

    it('lets carrier staff print any bill, and rejects unknown kinds and anonymous callers', async () => {
      expect((await print(admin, idOf('LDG26110009'))).statusCode).toBe(200);
      const bad = await print(customer, idOf('LDG26110001'), { kind: 'poster' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('kind');
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/cp/bill-of-lading/${idOf('LDG26110001')}/bl-print/`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await print(customer, 99_999)).statusCode).toBe(404);
    });
  });

  describe('POST cp/bill-of-ladings/send_mail_bl/', () => {
    it('mails the draft PDF over SMTP and records who sent it where', async () => {
      const id = idOf('LDG26110003');
      const res = await mail(customer, {
        blId: id,
        to: ['buyer@example.com', 'agent@example.com'],
        cc: ['copy@example.com'],
        message: 'Please check the consignee name.',
      });
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toMatch(/e-mailed/);
      await t.app.ctx.mail.flush();
      const received = await smtp.waitFor((m) => m.subject.includes('LDG26110003'));
      expect(received.to).toEqual(['buyer@example.com', 'agent@example.com', 'copy@example.com']);
      expect(received.subject).toBe('Bill of lading LDG26110003 (draft)');
      expect(received.text).toContain('Please check the consignee name.');
      expect(received.text).toContain('Dev Customer');
      expect(received.attachments).toHaveLength(1);
      expect(received.attachments[0]).toMatchObject({
        filename: 'LDG26110003.pdf',
        mimeType: 'application/pdf',
      });
      expect(received.attachments[0]!.size).toBeGreaterThan(2000);
      const mailed = await historyOf(id, 'MAILED');
      expect(mailed).toHaveLength(1);
      expect(mailed[0]!.comment).toBe('to buyer@example.com, agent@example.com; cc copy@example.com');
    });

    it('sends an issued bill as a non-negotiable copy', async () => {
      const res = await mail(customer, { blId: idOf('LDG26110007'), to: ['bank@example.com'] });
      expect(res.statusCode).toBe(202);
      await t.app.ctx.mail.flush();
      const received = await smtp.waitFor((m) => m.subject.includes('LDG26110007'));
      expect(received.subject).toBe('Bill of lading LDG26110007 (non-negotiable copy)');
    });

    it("answers 404 for another customer's bill and queues nothing", async () => {
      const before = await outboxCount();
      const res = await mail(customer2, { blId: idOf('LDG26110001'), to: ['someone@example.com'] });
      expect(res.statusCode).toBe(404);
      expect(await outboxCount()).toBe(before);
      expect(await historyOf(idOf('LDG26110001'), 'MAILED')).toHaveLength(0);
    });

    it('names the invalid address, and checks counts and message length', async () => {
      const before = await outboxCount();
      const blId = idOf('LDG26110001');
      const first = await mail(customer, { blId, to: ['not-an-address'] });
      expect(first.statusCode).toBe(400);
      expect(first.json().error.fields).toHaveProperty(['to.0']);
      expect(first.json().error.message).toMatch(/^to\.0: /);
      const second = await mail(customer, { blId, to: ['ok@example.com', 'bad@'] });
      expect(Object.keys(second.json().error.fields)).toEqual(['to.1']);
      const cc = await mail(customer, { blId, to: ['ok@example.com'], cc: ['x'] });
      expect(cc.json().error.fields).toHaveProperty(['cc.0']);
      const none = await mail(customer, { blId, to: [] });
      expect(none.json().error.fields).toHaveProperty('to');
      const many = await mail(customer, {
        blId,
        to: Array.from({ length: 11 }, (_, i) => `a${i}@example.com`),
      });
      expect(many.json().error.fields).toHaveProperty('to');
      const long = await mail(customer, { blId, to: ['ok@example.com'], message: 'x'.repeat(2001) });
      expect(long.json().error.fields).toHaveProperty('message');
      expect(await outboxCount()).toBe(before);
    });

    it(`allows ${BL_MAILS_PER_HOUR} mails per user per hour, then answers 429 with Retry-After`, async () => {
      const blId = idOf('LDG26110009');
      for (let n = 0; n < BL_MAILS_PER_HOUR; n++) {
        expect((await mail(customer2, { blId, to: [`rate${n}@example.com`] })).statusCode).toBe(202);
      }
      const before = await outboxCount();
      const limited = await mail(customer2, { blId, to: ['one-more@example.com'] });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
      expect(await outboxCount()).toBe(before);
      // Another user's allowance is their own.
      expect((await mail(customer, { blId: idOf('LDG26110008'), to: ['x@example.com'] })).statusCode).toBe(
        202,
      );
    });
  });
});
