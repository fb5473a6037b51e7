import {
  type BillOfLading,
  BillOfLadingListItemSchema,
  BillOfLadingSchema,
  computeBillTotals,
  prefillBillForm,
  toUpdatePayload,
  type UpdateBillOfLadingBody,
} from '@lading/contract/bills-of-lading';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { billsOfLading, blCargoDetails, blContainers } from '../../db/schema/bills-of-lading';
import { hsCodes } from '../../db/schema/reference-data';
import { signInAs } from '../../test/auth';
import { captureStatements } from '../../test/sql-capture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type BillWrite, writeBill } from './bills-of-lading.repository';

type Headers = { authorization: string };

describe('bills of lading API', () => {
  let t: TestApp;
  let customer: Headers;
  let customer2: Headers;
  let admin: Headers;
  let customerId: number;
  let customer2Id: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    const c1 = await signInAs(t, 'customer');
    const c2 = await signInAs(t, 'customer2');
    customer = c1.headers;
    customer2 = c2.headers;
    customerId = c1.userId;
    customer2Id = c2.userId;
    admin = (await signInAs(t, 'admin')).headers;
  });
  afterAll(async () => t.close());

  const list = (headers: Headers, query = '') =>
    t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/?${query}`, headers });
  const get = (headers: Headers, id: number) =>
    t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${id}`, headers });
  const put = (headers: Headers, id: number, body: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/cp/bill-of-ladings/${id}/`,
      headers: { ...headers, ...extra },
      payload: body as object,
    });
  const billByNumber = async (headers: Headers, number: string): Promise<BillOfLading> => {
    const found = (await list(headers, `bl_number=${number}`)).json().results[0];
    return (await get(headers, found.id)).json();
  };
  const rowOf = async (id: number) =>
    (await t.database.db.select().from(billsOfLading).where(eq(billsOfLading.id, id)))[0]!;
  const validBody = (bill: BillOfLading): UpdateBillOfLadingBody =>
    toUpdatePayload(bill, prefillBillForm(bill));
  const hsIdOf = async (code: string) =>
    (await t.database.db.select({ id: hsCodes.id }).from(hsCodes).where(eq(hsCodes.code, code)))[0]!.id;
  /** The stored container rows of a bill, as exact decimal text. */
  const storedContainers = (id: number) =>
    t.database.db
      .select({
        gross: sql<string>`${blContainers.grossWeight}::text`,
        net: sql<string>`${blContainers.netWeight}::text`,
        measurement: sql<string>`${blContainers.measurement}::text`,
        vgm: sql<string>`${blContainers.vgm}::text`,
      })
      .from(blContainers)
      .where(eq(blContainers.blId, id))
      .orderBy(blContainers.position);
  const storedTotals = async (id: number) =>
    (
      await t.database.db
        .select({
          net: sql<string>`${billsOfLading.netWeight}::text`,
          gross: sql<string>`${billsOfLading.grossWeight}::text`,
          measurement: sql<string>`${billsOfLading.measurement}::text`,
        })
        .from(billsOfLading)
        .where(eq(billsOfLading.id, id))
    )[0]!;

  describe('list', () => {
    it('checks the bearer token and reads its principal in one statement', async () => {
      const { statements, result } = await captureStatements(t.database, () => list(customer, 'limit=1'));
      expect(result.statusCode).toBe(200);
      const auth = statements.filter((s) => /oidc_payloads/.test(s.text));
      expect(auth).toHaveLength(1);
      expect(auth[0]!.text).toMatch(/user_roles/);
      expect(statements.filter((s) => /user_roles/.test(s.text))).toHaveLength(1);
    });

    it('answers each row with exactly the list fields, as the schema types them', async () => {
      const { results } = (await list(admin, 'limit=100')).json() as { results: Record<string, unknown>[] };
      expect(results.length).toBeGreaterThan(0);
      for (const row of results) {
        expect(Object.keys(row)).toEqual(Object.keys(BillOfLadingListItemSchema.shape));
        expect(BillOfLadingListItemSchema.strict().parse(row)).toEqual(row);
      }
    });

    it('gives a customer only their own bills, whatever created_by_id says', async () => {
      const mine = (await list(customer, 'limit=100')).json();
      expect(mine.count).toBe(12);
      expect(mine.results.every((b: { createdById: number }) => b.createdById === customerId)).toBe(true);
      const theirs = (await list(customer, `created_by_id=${customer2Id}&limit=100`)).json();
      expect(theirs).toEqual({ count: 0, results: [] });
      expect((await list(customer2, 'limit=100')).json().count).toBe(6);
    });

    it('gives admins every bill, and filters by owner on request', async () => {
      expect((await list(admin, 'limit=100')).json().count).toBe(18);
      const filtered = (await list(admin, `created_by_id=${customer2Id}&limit=100`)).json();
      expect(filtered.count).toBe(6);
    });

    it('filters by POL, POD, BL number, booking number and status', async () => {
      const all = (await list(customer, 'limit=100')).json().results as {
        id: number;
        polId: number;
        podId: number;
        number: string;
        bookingNumber: string;
        status: string;
      }[];
      const sample = all.find((b) => b.number === 'LDG26110003')!;
      expect(
        (await list(customer, `pol_id=${sample.polId}&limit=100`))
          .json()
          .results.every((b: { polId: number }) => b.polId === sample.polId),
      ).toBe(true);
      expect(
        (await list(customer, `pod_id=${sample.podId}`)).json().results.map((b: { id: number }) => b.id),
      ).toContain(sample.id);
      expect((await list(customer, 'bl_number=LDG26110003')).json().count).toBe(1);
      // Contains, case-insensitively: any part of the number, in any case, short or long.
      const numbersFound = async (term: string) =>
        ((await list(customer, `bl_number=${term}&limit=100`)).json().results as { number: string }[])
          .map((b) => b.number)
          .sort();
      const expected = (part: string) =>
        all
          .map((b) => b.number)
          .filter((n) => n.toLowerCase().includes(part.toLowerCase()))
          .sort();
      for (const term of ['ldg26110003', 'G261100', 'dg2611', '1000', '0003', '03'])
        expect(await numbersFound(term), term).toEqual(expected(term));
      expect(expected('G261100').length).toBeGreaterThan(1);
      expect((await list(customer, `booking_number=${sample.bookingNumber}`)).json().results[0].id).toBe(
        sample.id,
      );
      const pending = (await list(customer, 'status=UPDATE%20PENDING&limit=100')).json();
      expect(pending.results.every((b: { status: string }) => b.status === 'UPDATE PENDING')).toBe(true);
      expect(pending.count).toBeGreaterThan(0);
    });

    it('pages with skip and limit and keeps the total count', async () => {
      const page1 = (await list(customer, 'limit=3&skip=0&sort=number&order=asc')).json();
      const page3 = (await list(customer, 'limit=3&skip=6&sort=number&order=asc')).json();
      expect(page1.count).toBe(12);
      expect(page1.results).toHaveLength(3);
      expect(page3.results).toHaveLength(3);
      expect(page1.results[0].number < page3.results[0].number).toBe(true);
      const beyond = (await list(customer, 'limit=3&skip=30')).json();
      expect(beyond).toEqual({ count: 12, results: [] });
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=10001', 'limit'],
      ['skip=-1', 'skip'],
      ['status=LOST', 'status'],
      ['pol_id=abc', 'pol_id'],
      ['sort=password', 'sort'],
    ])('refuses %s naming the parameter', async (query, field) => {
      const res = await list(customer, query);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    });

    it('searches hostile strings as plain text', async () => {
      for (const term of [
        '%',
        '_',
        '%%%%%',
        '_____',
        "'; drop table bills_of_lading; --",
        '\\',
        '\\\\\\\\\\',
      ]) {
        const res = await list(customer, `bl_number=${encodeURIComponent(term)}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().count).toBe(0);
      }
      expect((await list(admin, 'limit=100')).json().count).toBe(18);
    });

    it('needs a signed-in user', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/cp/bill-of-ladings/' })).statusCode).toBe(401);
    });
  });

  describe('read', () => {
    it('returns the full read shape in one call, with an ETag', async () => {
      const bill = await billByNumber(customer, 'LDG26110004');
      expect(Object.keys(bill)).toEqual(Object.keys(BillOfLadingSchema.shape));
      expect(BillOfLadingSchema.strict().parse(bill)).toEqual(bill);
      expect(bill.blContainerDetails).toHaveLength(4);
      expect(bill.blCargoDetails).toHaveLength(3);
      expect(bill.blNotifyPartyDetails).toHaveLength(1);
      expect(bill.blContainerDetails[0]).toMatchObject({
        containerNickname: '40GP',
        containerIsoCode: '42G1',
        containerTareweight: 3750,
        vgmMethod: 'Method 1',
      });
      expect(bill.blContainerDetails[0]!.containerNumber).toMatch(/^LDGU\d{7}$/);
      // Section 3's cargo read shape: hsnCode (the HS code's id, as sent back on save), commodity, packageType,
      // packageTypeName, packageDetails; the code's digits beside it as hsnCodeValue.
      expect(bill.blCargoDetails[0]).toEqual({
        hsnCode: await hsIdOf('610910'),
        hsnCodeValue: '610910',
        commodity: expect.any(String),
        packageType: expect.any(Number),
        packageTypeName: expect.any(String),
        packageDetails: expect.any(String),
      });
      expect(bill.blCargoDetails[0]).not.toHaveProperty('hsCode');
      expect(bill).toMatchObject({
        shipperName: 'Demo Exports Pvt Ltd',
        polCode: 'INMUN',
        podCode: 'SGSIN',
        status: 'DRAFT',
        dcsaStatus: 'DRAFT',
        version: 1,
      });
      const res = await get(customer, bill.id);
      expect(res.headers.etag).toBe('W/"1"');
    });

    it("answers 404 for another customer's bill, and lets admins read any", async () => {
      const theirs = (await list(customer2, 'limit=1')).json().results[0];
      const res = await get(customer, theirs.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect((await get(admin, theirs.id)).statusCode).toBe(200);
      expect((await get(customer, 99_999)).statusCode).toBe(404);
    });
  });

  describe('save', () => {
    it('saves, sets UPDATE PENDING, recomputes totals itself and records history', async () => {
      const bill = await billByNumber(customer, 'LDG26110001');
      const body = validBody(bill);
      body.blContainerDetails[0]!.grossWeight = 10000.456;
      body.blContainerDetails[0]!.sealNo = 'NEWSEAL01';
      body.blContainerDetails[1]!.measurement = 60.004;
      // The client's totals are not trusted.
      body.netWeight = 1;
      body.grossWeight = 2;
      body.measurement = 3;
      const res = await put(customer, bill.id, body);
      expect(res.statusCode, res.body).toBe(200);
      const saved: BillOfLading = res.json();
      const expected = computeBillTotals([
        {
          cargoGrossWeight: 10000.46,
          tareWeight: 3900,
          measurement: bill.blContainerDetails[0]!.measurement,
        },
        { cargoGrossWeight: bill.blContainerDetails[1]!.grossWeight, tareWeight: 3900, measurement: 60 },
      ]);
      expect(saved).toMatchObject({ status: 'UPDATE PENDING', version: 2, ...expected });
      expect(saved.blContainerDetails[0]).toMatchObject({ sealNo: 'NEWSEAL01', grossWeight: 10000.46 });
      expect(res.headers.etag).toBe('W/"2"');
      const history = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.recordType, 'BILL_OF_LADING'), eq(auditEvents.recordId, bill.id)));
      const updated = history.find((h) => h.action === 'UPDATED')!;
      expect(updated).toMatchObject({ fromStatus: 'DRAFT', toStatus: 'UPDATE PENDING', version: 2 });
      expect(updated.changes).toEqual(
        expect.arrayContaining([{ field: 'containers[1].sealNo', before: 'SL100201', after: 'NEWSEAL01' }]),
      );
    });

    it('writes only while the bill is at the checked version, not locked and within the scope of the caller', async () => {
      const bill = await billByNumber(customer, 'LDG26110003');
      expect(bill.blCargoDetails.length).toBeGreaterThan(0);
      const nothing: BillWrite = {
        shipperNameInBl: null,
        shipperPhoneNo: null,
        consigneeNameInBl: null,
        consigneePhoneNo: null,
        description: null,
        marksAndNos: 'GATED',
        netWeight: null,
        grossWeight: null,
        measurement: null,
        noOfPacks: null,
        notifyParties: [],
        containers: [],
        cargo: [],
      };
      // Each attempt in a transaction rolled back afterwards: whether it wrote, and the cargo rows it left.
      const attempt = async (guard: Omit<Parameters<typeof writeBill>[3], 'partyIds'>) => {
        let outcome: { wrote: boolean; cargoRows: number } | undefined;
        await t.database.db
          .transaction(async (tx) => {
            const { wrote } = await writeBill(tx, bill.id, nothing, { ...guard, partyIds: [] });
            const cargoRows = (await tx.select().from(blCargoDetails).where(eq(blCargoDetails.blId, bill.id)))
              .length;
            outcome = { wrote, cargoRows };
            throw new Error('roll back');
          })
          .catch(() => {});
        return outcome!;
      };
      const cargo = bill.blCargoDetails.length;
      expect(await attempt({ version: bill.version + 1, scope: { kind: 'all' } })).toEqual({
        wrote: false,
        cargoRows: cargo,
      });
      expect(await attempt({ version: bill.version, scope: { kind: 'own', userId: customer2Id } })).toEqual({
        wrote: false,
        cargoRows: cargo,
      });
      expect(await attempt({ version: bill.version, scope: { kind: 'own', userId: customerId } })).toEqual({
        wrote: true,
        cargoRows: 0,
      });
      expect((await rowOf(bill.id)).version).toBe(bill.version);
    });

    it('two saves from the same version: one wins, the other gets 412 and changes nothing', async () => {
      const bill = await billByNumber(customer, 'LDG26110008');
      const first = validBody(bill);
      first.marksAndNos = 'FIRST';
      const second = validBody(bill);
      second.marksAndNos = 'SECOND';
      const [a, b] = await Promise.all([put(customer, bill.id, first), put(customer, bill.id, second)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 412]);
      const loser = a.statusCode === 412 ? a : b;
      expect(loser.json().error.code).toBe('PRECONDITION_FAILED');
      const row = await rowOf(bill.id);
      expect(row.version).toBe(2);
      expect(['FIRST', 'SECOND']).toContain(row.marksAndNos);
    });

    it('accepts the version as If-Match and refuses a save without any version (428)', async () => {
      const bill = await billByNumber(customer2, 'LDG26110009');
      const { version: _, ...body } = validBody(bill);
      expect((await put(customer2, bill.id, body)).statusCode).toBe(428);
      expect((await put(customer2, bill.id, body, { 'if-match': 'W/"7"' })).statusCode).toBe(412);
      const ok = await put(customer2, bill.id, body, { 'if-match': 'W/"1"' });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses read-only fields instead of applying them, and accepts them unchanged', async () => {
      const bill = await billByNumber(customer, 'LDG26110005');
      const before = await rowOf(bill.id);
      for (const [field, value] of [
        ['blType', 'SEAWAY-X'],
        ['noOfOriginals', 9],
        ['shipperId', 999],
        ['createdById', customer2Id],
        ['polId', 1],
        ['status', 'ISSUED'],
      ] as const) {
        const res = await put(customer, bill.id, { ...validBody(bill), [field]: value });
        expect(res.statusCode, field).toBe(400);
        expect(Object.keys(res.json().error.fields), field).toContain(field);
      }
      expect(await rowOf(bill.id)).toEqual(before);
      // The whole read object sent back unchanged plus the edits is fine (that is what the original screen sends).
      const res = await put(customer, bill.id, { ...bill, ...validBody(bill) });
      expect(res.statusCode, res.body).toBe(200);
    });

    it.each([
      [
        'a missing shipper name in BL',
        (b: UpdateBillOfLadingBody) => {
          b.shipperNameInBl = ' ';
        },
        'shipperNameInBl',
      ],
      [
        'a phone with letters',
        (b: UpdateBillOfLadingBody) => {
          b.consigneePhoneNo = 'call me';
        },
        'consigneePhoneNo',
      ],
      [
        'a negative weight',
        (b: UpdateBillOfLadingBody) => {
          b.blContainerDetails[0]!.grossWeight = -1;
        },
        'blContainerDetails.0.grossWeight',
      ],
      [
        'a VGM method that is not Method 1/2',
        (b: UpdateBillOfLadingBody) => {
          (b.blContainerDetails[0] as { vgmMethod: string }).vgmMethod = 'Method 3';
        },
        'blContainerDetails.0.vgmMethod',
      ],
      [
        'an unknown package type',
        (b: UpdateBillOfLadingBody) => {
          b.blCargoDetails[0]!.packageTypeId = 999_999;
        },
        'blCargoDetails.0.packageTypeId',
      ],
      [
        'an unknown HS code',
        (b: UpdateBillOfLadingBody) => {
          b.blCargoDetails[0]!.hsnCode = 999_999;
        },
        'blCargoDetails.0.hsnCode',
      ],
      [
        'three notify parties',
        (b: UpdateBillOfLadingBody) => {
          b.blNotifyPartyDetails = [1, 2, 3].map(() => ({
            partyId: null,
            isNonParty: false,
            nonParty: '',
            partyNameInBl: 'X',
          }));
        },
        'blNotifyPartyDetails',
      ],
      [
        'a container not on this bill',
        (b: UpdateBillOfLadingBody) => {
          b.blContainerDetails[0]!.containerId = 999_999;
        },
        'blContainerDetails.0.containerId',
      ],
      [
        'a cargo row of another bill',
        (b: UpdateBillOfLadingBody) => {
          b.blCargoDetails[0]!.blId = 1;
        },
        'blCargoDetails.0.blId',
      ],
      [
        'a description over 4000 characters',
        (b: UpdateBillOfLadingBody) => {
          b.description = 'x'.repeat(4001);
        },
        'description',
      ],
      [
        'no cargo rows',
        (b: UpdateBillOfLadingBody) => {
          b.blCargoDetails = [];
        },
        'blCargoDetails',
      ],
      [
        'a cargo row with a chapter-level HS code (Cotton, 52)',
        async (b: UpdateBillOfLadingBody) => {
          b.blCargoDetails[0]!.hsnCode = await hsIdOf('52');
        },
        'blCargoDetails.0.hsnCode',
      ],
      [
        'a cargo row with a 4-digit HS heading',
        async (b: UpdateBillOfLadingBody) => {
          await t.database.db
            .insert(hsCodes)
            .values({
              code: '6109',
              description: 'T-shirts, knitted',
              parentCode: '61',
              level: 4,
              source: 'test',
            })
            .onConflictDoNothing();
          b.blCargoDetails[1]!.hsnCode = await hsIdOf('6109');
        },
        'blCargoDetails.1.hsnCode',
      ],
    ])('refuses %s with 400 naming the field, and changes nothing', async (_label, change, field) => {
      const bill = await billByNumber(customer, 'LDG26110004');
      const before = await rowOf(bill.id);
      const body = validBody(bill);
      await change(body);
      const res = await put(customer, bill.id, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
      expect(await rowOf(bill.id)).toEqual(before);
    });

    it('refuses to edit an ISSUED or SURRENDERED bill (409)', async () => {
      for (const number of ['LDG26110006', 'LDG26110007']) {
        const bill = await billByNumber(customer, number);
        const res = await put(customer, bill.id, validBody(bill));
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toMatch(/issued/i);
      }
    });

    it("answers 404 when a customer saves another customer's bill, and changes nothing", async () => {
      const theirs = await billByNumber(customer2, 'LDG26110011');
      const before = await rowOf(theirs.id);
      const res = await put(customer, theirs.id, validBody(theirs));
      expect(res.statusCode).toBe(404);
      expect(await rowOf(theirs.id)).toEqual(before);
    });

    it('leaves the bill exactly as before when the save fails half-way', async () => {
      const bill = await billByNumber(customer, 'LDG26110004');
      const snapshot = (await get(customer, bill.id)).json();
      // A trigger makes the cargo insert fail after the bill, notify parties and containers were written.
      await t.database.db.execute(sql`create or replace function fail_cargo() returns trigger language plpgsql as $$
        begin if new.commodity = 'EXPLODE' then raise exception 'injected failure'; end if; return new; end $$`);
      await t.database.db.execute(
        sql`create trigger fail_cargo before insert on bl_cargo_details for each row execute function fail_cargo()`,
      );
      try {
        const body = validBody(bill);
        body.marksAndNos = 'CHANGED';
        body.blNotifyPartyDetails = [];
        body.blContainerDetails[0]!.sealNo = 'CHANGED';
        body.blCargoDetails[2]!.commodity = 'EXPLODE';
        const res = await put(customer, bill.id, body);
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain('injected failure');
      } finally {
        await t.database.db.execute(sql`drop trigger fail_cargo on bl_cargo_details`);
      }
      expect((await get(customer, bill.id)).json()).toEqual(snapshot);
    });

    it('saves a bill without containers (the one-empty-row bill once filled in)', async () => {
      const bill = await billByNumber(customer, 'LDG26110002');
      expect(bill.blContainerDetails).toEqual([]);
      const form = prefillBillForm(bill);
      expect(form.cargoDetails).toHaveLength(1);
      const res = await put(customer, bill.id, {
        ...toUpdatePayload(bill, {
          ...form,
          descriptionOfGoods: 'Spare parts',
          marksAndNosL: 'N/M',
          shipperPhoneNumber: '+912266001100',
          consigneePhoneNumber: '+31102140500',
        }),
        blCargoDetails: [
          {
            blId: bill.id,
            hsnCode: await hsIdOf('848180'),
            hsnCodeAddOn: null,
            commodity: 'Spare parts',
            packageTypeId: 1,
            packageDetails: '10 cases',
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        netWeight: null,
        grossWeight: null,
        measurement: null,
        status: 'UPDATE PENDING',
      });
    });

    it('rounds weights, measurement and VGM half up on the decimal as sent, and stores them so', async () => {
      const bill = await billByNumber(customer2, 'LDG26110010');
      const body = validBody(bill);
      const [first] = body.blContainerDetails;
      // 12345.675 is 12345.67499… as a binary float; as written it rounds up.
      first!.grossWeight = 12345.675;
      first!.measurement = 33.335;
      first!.vgm = 14555.555;
      const res = await put(customer2, bill.id, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().blContainerDetails[0]).toMatchObject({
        grossWeight: 12345.68,
        measurement: 33.34,
        vgm: 14555.56,
      });
      expect((await storedContainers(bill.id))[0]).toEqual({
        gross: '12345.68',
        net: '12345.68',
        measurement: '33.34',
        vgm: '14555.56',
      });
    });

    it.each([
      ['0.005', 0.005, '0.04'],
      ['1000.334', 1000.334, '4001.32'],
      ['1000.335', 1000.335, '4001.36'],
    ])('stores totals equal to the sum of the stored rows (4 x %s)', async (_label, weight, net) => {
      const bill = await billByNumber(customer, 'LDG26110004');
      expect(bill.blContainerDetails).toHaveLength(4);
      const body = validBody(bill);
      for (const row of body.blContainerDetails) {
        row.grossWeight = weight;
        row.measurement = weight;
      }
      const res = await put(customer, bill.id, body);
      expect(res.statusCode, res.body).toBe(200);
      const rows = await storedContainers(bill.id);
      const cents = (text: string) => Math.round(Number(text) * 100);
      const sum = (values: string[]) => (values.reduce((a, v) => a + cents(v), 0) / 100).toFixed(2);
      const tare = bill.blContainerDetails.map((c) => (c.containerTareweight ?? 0).toFixed(2));
      const totals = await storedTotals(bill.id);
      expect(totals.net).toBe(net);
      expect(totals.net).toBe(sum(rows.map((r) => r.gross)));
      expect(totals.measurement).toBe(sum(rows.map((r) => r.measurement)));
      expect(totals.gross).toBe(sum([...rows.map((r) => r.gross), ...tare]));
      expect(res.json()).toMatchObject({ netWeight: Number(net) });
    });
  });

  describe('list filters', () => {
    it('treats empty filters as no filter, as the specification client sends them', async () => {
      const res = await list(
        customer,
        'pol_id=&pod_id=&bl_number=&booking_number=&status=&created_by_id=&skip=0&limit=100',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().count).toBe(12);
    });
  });
});
