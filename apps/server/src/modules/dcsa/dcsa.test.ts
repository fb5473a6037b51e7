import { BL_STATUSES, DCSA_TRANSPORT_DOCUMENT_STATUS } from '@lading/contract/bills-of-lading';
import { DCSA_PLACEHOLDER, toShippingInstructions } from '@lading/contract/dcsa';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signInAs } from '../../test/auth';
import {
  BKG_FILE,
  EBL_FILE,
  HAS_DCSA_FILES,
  type OfficialValidator,
  officialValidator,
} from '../../test/dcsa-official';
import { createTestApp, type TestApp } from '../../test/test-app';

type Headers = { authorization: string };
// biome-ignore lint/suspicious/noExplicitAny: DCSA documents are checked property by property
type Json = Record<string, any>;

describe('DCSA exports', () => {
  let t: TestApp;
  let customer: Headers;
  let customer2: Headers;
  let admin: Headers;
  let bills: { id: number; number: string; status: string; createdById: number; containers: number }[];
  let bookings: { id: number; number: string; status: string }[];
  let customerId: number;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    const c1 = await signInAs(t, 'customer');
    customer = c1.headers;
    customerId = c1.userId;
    customer2 = (await signInAs(t, 'customer2')).headers;
    admin = (await signInAs(t, 'admin')).headers;
    bills = await queryRows(
      t.database.db,
      sql`select b.id, b.number, b.status, b.created_by_id as "createdById",
            (select count(*)::int from bl_containers bc where bc.bl_id = b.id) as containers
          from bills_of_lading b order by b.id`,
    );
    bookings = await queryRows(t.database.db, sql`select id, number, status from bookings order by id`);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
  const exportBill = async (id: number, headers = admin) => {
    const res = await get(headers, `/cp/bill-of-ladings/${id}/dcsa`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json;
  };

  it('demo data covers every status, bills without containers, and bookings', () => {
    expect(new Set(bills.map((b) => b.status))).toEqual(new Set(BL_STATUSES));
    expect(bills.filter((b) => b.containers === 0).length).toBeGreaterThanOrEqual(2);
    expect(bookings.length).toBeGreaterThanOrEqual(bills.length);
  });

  it('maps a bill field by field: references, status, parties, ports, containers, cargo', async () => {
    const [bill] = await queryRows<Json>(
      t.database.db,
      sql`select b.id from bills_of_lading b where b.number = 'LDG26110004'`,
    );
    const td = await exportBill(bill!.id);
    const stored = (await get(admin, `/cp/bill-of-ladings/${bill!.id}`)).json() as Json;
    expect(td.transportDocumentReference).toBe('LDG26110004');
    expect(td.transportDocumentStatus).toBe('DRAFT');
    expect(td.transportDocumentTypeCode).toBe('SWB'); // the fourth demo bill is a sea waybill
    expect(td.numberOfOriginalsWithoutCharges).toBeUndefined();
    expect(td.numberOfCopiesWithoutCharges).toBe(3);
    expect(td.transports.portOfLoading.UNLocationCode).toBe('INMUN');
    expect(td.transports.portOfDischarge.UNLocationCode).toBe('SGSIN');
    expect(td.transports.vesselVoyages[0]).toEqual({
      vesselName: stored.vesselName,
      carrierExportVoyageNumber: stored.voyageNumber,
    });
    expect(td.documentParties.notifyParties).toHaveLength(1);
    expect(td.documentParties.notifyParties[0].identifyingCodes[0]).toEqual({
      codeListProvider: 'ZZZ',
      codeListName: 'LADING_PARTY_CODE',
      partyCode: 'GULFIMP',
    });
    expect(td.documentParties.consignee.identifyingCodes[0].partyCode).toBe('BLUEFWD');
    expect(td.utilizedTransportEquipments.map((u: Json) => u.equipment.equipmentReference)).toEqual(
      stored.blContainerDetails.map((c: Json) => c.containerNumber),
    );
    expect(td.utilizedTransportEquipments.map((u: Json) => u.equipment.ISOEquipmentCode)).toEqual([
      '42G1',
      '42G1',
      '22G1',
      '22R1',
    ]);
    expect(td.utilizedTransportEquipments[3].seals).toEqual([{ number: 'SL100404', source: 'SHI' }]);
    expect(td.utilizedTransportEquipments[0].equipment.tareWeight).toEqual({ value: 3750, unit: 'KGM' });
    const [item] = td.consignmentItems;
    expect(item.carrierBookingReference).toBe(stored.bookingNumber);
    expect(item.HSCodes).toEqual(['610910', '100630', '030617']);
    expect(item.cargoItems.map((c: Json) => c.outerPackaging.packageCode)).toEqual(['CT', 'CT', 'BG', 'CT']);
    expect(item.cargoItems[2]).toMatchObject({
      cargoGrossWeight: { value: 20400, unit: 'KGM' },
      cargoGrossVolume: { value: 27, unit: 'MTQ' },
      outerPackaging: { numberOfPackages: 800 },
    });
    expect(item.descriptionOfGoods.join(' ')).toBe(stored.description.replaceAll('\n', ' '));
    // The demo booking is on a sailing (issue 28): the planned dates are its sailing's, nothing stands in.
    const booking = (await get(admin, `/cp/bookings/${stored.bookingId}`)).json() as Json;
    expect(booking.eta).toEqual(expect.any(String));
    expect(td.transports).toMatchObject({
      plannedDepartureDate: booking.etd,
      plannedArrivalDate: booking.eta,
    });
    expect(td.feedbacks).toBeUndefined();
  });

  it('maps every status as docs/dcsa-mapping.md says, and issued bills carry their dates', async () => {
    for (const status of BL_STATUSES) {
      const bill = bills.find((b) => b.status === status)!;
      const td = await exportBill(bill.id);
      expect(td.transportDocumentStatus).toBe(DCSA_TRANSPORT_DOCUMENT_STATUS[status]);
      if (status === 'ISSUED' || status === 'SURRENDERED') {
        expect(td.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(td.shippedOnBoardDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      } else expect(td.issueDate).toBeUndefined();
    }
  });

  it('sends placeholders for a bill without containers and lists each in feedbacks', async () => {
    const bill = bills.find((b) => b.containers === 0)!;
    const td = await exportBill(bill.id);
    expect(td.utilizedTransportEquipments).toEqual([
      {
        equipment: { equipmentReference: DCSA_PLACEHOLDER.equipmentReference },
        isShipperOwned: false,
        seals: [{ number: DCSA_PLACEHOLDER.text }],
      },
    ]);
    const paths = td.feedbacks.map((f: Json) => f.jsonPath);
    expect(paths).toEqual(
      expect.arrayContaining([
        '$.consignmentItems[0].cargoItems[0].equipmentReference',
        '$.consignmentItems[0].cargoItems[0].cargoGrossWeight.value',
        '$.consignmentItems[0].HSCodes[0]',
        '$.consignmentItems[0].descriptionOfGoods[0]',
        '$.utilizedTransportEquipments[0].seals[0].number',
      ]),
    );
    for (const feedback of td.feedbacks) expect(feedback.code).toBe('PROPERTY_VALUE_MAY_CHANGE');
  });

  it("refuses another customer's bill and booking with 404, and anonymous callers with 401", async () => {
    const theirs = bills.find((b) => b.createdById === customerId)!;
    expect((await get(customer2, `/cp/bill-of-ladings/${theirs.id}/dcsa`)).statusCode).toBe(404);
    expect((await get(customer, `/cp/bill-of-ladings/${theirs.id}/dcsa`)).statusCode).toBe(200);
    expect((await get({ authorization: '' }, `/cp/bill-of-ladings/${theirs.id}/dcsa`)).statusCode).toBe(401);
    const [booking] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from bookings where created_by_id = ${customerId} order by id limit 1`,
    );
    expect((await get(customer2, `/cp/bookings/${booking!.id}/dcsa`)).statusCode).toBe(404);
    expect((await get(customer, `/cp/bookings/${booking!.id}/dcsa`)).statusCode).toBe(200);
  });

  describe.skipIf(!HAS_DCSA_FILES)('against the official DCSA schemas (../shared/data/dcsa)', () => {
    let transportDocument: OfficialValidator;
    let booking: OfficialValidator;
    beforeAll(() => {
      transportDocument = officialValidator(EBL_FILE, 'TransportDocument');
      booking = officialValidator(BKG_FILE, 'Booking');
    });

    it('the validator is real: it rejects a document with a required property missing or a bad code', async () => {
      const td = await exportBill(bills[0]!.id);
      expect(transportDocument.paths({ ...td, carrierCode: undefined })).toEqual(['$.carrierCode']);
      const badPort = structuredClone(td);
      badPort.transports.portOfLoading.UNLocationCode = 'in-nsa';
      expect(transportDocument.paths(badPort)).toEqual(['$.transports.portOfLoading.UNLocationCode']);
      const zeroWeight = structuredClone(td);
      zeroWeight.consignmentItems[0].cargoItems[0].cargoGrossWeight.value = 0; // exclusiveMinimum (OpenAPI 3.0)
      expect(transportDocument.paths(zeroWeight)).toEqual([
        '$.consignmentItems[0].cargoItems[0].cargoGrossWeight.value',
      ]);
    });

    it('every demo bill exports a valid TransportDocument, in every status, with or without containers', async () => {
      for (const bill of bills) {
        const td = await exportBill(bill.id);
        expect({ bill: bill.number, errors: transportDocument.validate(td) }).toEqual({
          bill: bill.number,
          errors: [],
        });
      }
    });

    it('every demo booking exports a valid Booking', async () => {
      for (const row of bookings) {
        const res = await get(admin, `/cp/bookings/${row.id}/dcsa`);
        expect(res.statusCode, res.body).toBe(200);
        expect({ booking: row.number, errors: booking.validate(res.json()) }).toEqual({
          booking: row.number,
          errors: [],
        });
      }
    });
  });
});

describe('DCSA shipping instructions applied to a bill', () => {
  let t: TestApp;
  let customer: Headers;
  let customer2: Headers;
  const ids = new Map<string, number>();
  let official: OfficialValidator | null = null;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    customer = (await signInAs(t, 'customer')).headers;
    customer2 = (await signInAs(t, 'customer2')).headers;
    for (const row of await queryRows<{ id: number; number: string }>(
      t.database.db,
      sql`select id, number from bills_of_lading`,
    ))
      ids.set(row.number, row.id);
    if (HAS_DCSA_FILES) official = officialValidator(EBL_FILE, 'CreateShippingInstructions');
  });
  afterAll(async () => {
    await t.close();
  });

  /** The bill's export as shipping instructions, with the ETag to send back. */
  const exported = async (number: string, headers = customer) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/cp/bill-of-ladings/${ids.get(number)}/dcsa`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { si: toShippingInstructions(res.json()) as Json, etag: res.headers.etag as string };
  };
  const send = (number: string, body: unknown, etag?: string, headers = customer) =>
    t.app.inject({
      method: 'POST',
      url: `/cp/bill-of-ladings/${ids.get(number)}/dcsa-shipping-instructions`,
      headers: { ...headers, ...(etag ? { 'if-match': etag } : {}) },
      payload: body as object,
    });
  const bill = async (number: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/cp/bill-of-ladings/${ids.get(number)}`, headers: customer })
    ).json();
  const history = async (number: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/cp/bill-of-ladings/${ids.get(number)}/history/`,
        headers: customer,
      })
    ).json().results as Json[];

  it('round trip: a changed seal and notify party are exactly the changes the history shows', async () => {
    const number = 'LDG26110003';
    const before = await bill(number);
    const historyBefore = await history(number);
    const { si, etag } = await exported(number);
    if (official) expect(official.validate(si)).toEqual([]);
    si.utilizedTransportEquipments[0].seals[0].number = 'SL999001';
    si.documentParties.notifyParties[1] = {
      partyName: 'Gulf Imports FZE (notify)',
      addressLines: ['Jebel Ali Free Zone', 'Dubai, United Arab Emirates'],
      identifyingCodes: [
        { codeListProvider: 'ZZZ', codeListName: 'LADING_PARTY_CODE', partyCode: 'GULFIMP' },
      ],
      partyContactDetails: [
        { name: 'Imports desk', phone: '+971 4 883 0400', email: 'imports@gulfimports.example' },
      ],
    };
    if (official) expect(official.validate(si)).toEqual([]);

    const res = await send(number, si, etag);
    expect(res.statusCode, res.body).toBe(200);
    const td = res.json() as Json;
    expect(res.headers.etag).toBe(`W/"${before.version + 1}"`);
    expect(td.transportDocumentStatus).toBe('DRAFT');
    expect(td.utilizedTransportEquipments[0].seals[0].number).toBe('SL999001');
    expect(td.documentParties.notifyParties[1].partyName).toBe('Gulf Imports FZE (notify)');

    const after = await bill(number);
    expect(after.status).toBe('UPDATE PENDING');
    expect(after.version).toBe(before.version + 1);
    const entries = await history(number);
    expect(entries).toHaveLength(historyBefore.length + 1);
    const entry = entries.find((e) => !historyBefore.some((h: Json) => h.id === e.id))!;
    expect(entry).toMatchObject({
      action: 'UPDATED',
      fromStatus: 'UPDATE PENDING',
      toStatus: 'UPDATE PENDING',
    });
    const changes = new Map(entry.changes.map((c: Json) => [c.field, [c.before, c.after]]));
    expect(Object.fromEntries(changes)).toEqual({
      'containers[1].sealNo': ['SL100301', 'SL999001'],
      'notifyParties[2].party': ['Blue Ocean Forwarding', 'Gulf Imports FZE'],
      'notifyParties[2].nameInBl': ['Blue Ocean Forwarding', 'Gulf Imports FZE (notify)'],
      'notifyParties[2].mobile': ['+6562250700', '+971 4 883 0400'],
      'notifyParties[2].email': ['ops@blueocean.example', 'imports@gulfimports.example'],
      'notifyParties[2].address': [
        '1 Harbourfront Avenue, Singapore 098632',
        'Jebel Ali Free Zone\nDubai, United Arab Emirates',
      ],
    });
    // Everything else is as it was: the same read shape but for the changed seal and notify party.
    const strip = (b: Json) => ({
      ...b,
      version: 0,
      status: '',
      dcsaStatus: '',
      updatedAt: '',
      blNotifyPartyDetails: b.blNotifyPartyDetails.slice(0, 1),
      blContainerDetails: b.blContainerDetails.map((c: Json) => ({ ...c, sealNo: '' })),
    });
    expect(strip(after)).toEqual(strip(before));
  });

  it('the export sent back unchanged saves what the edit screen saves unchanged; placeholders stay out', async () => {
    const number = 'LDG26110001';
    const before = await bill(number);
    const { si, etag } = await exported(number);
    const res = await send(number, si, etag);
    expect(res.statusCode, res.body).toBe(200);
    // This bill has no names in BL: the save requires them, and like the edit screen's pre-fill the import takes
    // the companies' names (what the export sent). Nothing else changes.
    const [entry] = (await history(number)).filter((e) => e.action === 'UPDATED');
    expect(entry!.changes).toEqual([
      { field: 'shipperNameInBl', before: null, after: before.shipperName },
      { field: 'consigneeNameInBl', before: null, after: before.consigneeName },
    ]);
    const same = (b: Json) => ({
      ...b,
      version: 0,
      status: '',
      dcsaStatus: '',
      updatedAt: '',
      shipperNameInBl: '',
      consigneeNameInBl: '',
    });
    expect(same(await bill(number))).toEqual(same(before));
    // A draft without containers: its placeholders do not become data; the save's rules refuse the empty bill.
    const empty = await exported('LDG26110002');
    const refused = await send('LDG26110002', empty.si, empty.etag);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields).sort()).toEqual([
      '$.consignmentItems',
      '$.consignmentItems[0].descriptionOfGoods',
      '$.consignmentItems[0].shippingMarks',
    ]);
    expect((await bill('LDG26110002')).blContainerDetails).toEqual([]);
  });

  it('names every problem of an invalid body by its JSON path, as the official schema does, and applies nothing', async () => {
    const number = 'LDG26110008';
    const before = await bill(number);
    const { si, etag } = await exported(number);
    const cases: [string, (body: Json) => void][] = [
      [
        '$.utilizedTransportEquipments[0].seals[0].number',
        (b) => (b.utilizedTransportEquipments[0].seals[0].number = 'S'.repeat(16)),
      ],
      ['$.documentParties.shipper.partyName', (b) => delete b.documentParties.shipper.partyName],
      [
        '$.documentParties.notifyParties',
        (b) => (b.documentParties.notifyParties = [1, 2, 3, 4].map(() => ({ partyName: 'X' }))),
      ],
      ['$.consignmentItems[0].HSCodes[0]', (b) => (b.consignmentItems[0].HSCodes[0] = '8481')],
      [
        '$.consignmentItems[0].cargoItems[0].cargoGrossWeight.value',
        (b) => (b.consignmentItems[0].cargoItems[0].cargoGrossWeight.value = 0),
      ],
      [
        '$.consignmentItems[0].cargoItems[0].outerPackaging.packageCode',
        (b) => (b.consignmentItems[0].cargoItems[0].outerPackaging.packageCode = 'cases'),
      ],
      [
        '$.consignmentItems[0].descriptionOfGoods[0]',
        (b) => (b.consignmentItems[0].descriptionOfGoods[0] = ' padded'),
      ],
      ['$.isCargoDeliveredInICS2Zone', (b) => delete b.isCargoDeliveredInICS2Zone],
      ['$.transportDocumentTypeCode', (b) => (b.transportDocumentTypeCode = 'HBL')],
      ['$.partyContactDetails', (b) => (b.partyContactDetails = [])],
    ];
    for (const [path, mutate] of cases) {
      const body = structuredClone(si);
      mutate(body);
      if (official) expect({ path, official: official.paths(body) }).toEqual({ path, official: [path] });
      const res = await send(number, body, etag);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 400 });
      expect({ path, fields: Object.keys(res.json().error.fields) }).toEqual({ path, fields: [path] });
    }
    // Two problems at once: both named.
    const both = structuredClone(si);
    both.utilizedTransportEquipments[0].seals[0].number = 'S'.repeat(16);
    both.documentParties.shipper.partyName = '';
    const res = await send(number, both, etag);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      '$.documentParties.shipper.partyName',
      '$.utilizedTransportEquipments[0].seals[0].number',
    ]);
    expect(await bill(number)).toEqual(before);
  });

  it('refuses what the save refuses, by JSON path: unknown containers, codes and parties', async () => {
    const number = 'LDG26110008';
    const before = await bill(number);
    const { si, etag } = await exported(number);
    const cases: [string, (body: Json) => void][] = [
      [
        '$.utilizedTransportEquipments[0].equipmentReference',
        (b) => (b.utilizedTransportEquipments[0].equipmentReference = 'MSCU1234565'),
      ],
      [
        '$.consignmentItems[0].cargoItems[0].outerPackaging.packageCode',
        (b) => (b.consignmentItems[0].cargoItems[0].outerPackaging.packageCode = 'Q9'),
      ],
      ['$.consignmentItems[0].HSCodes[0]', (b) => (b.consignmentItems[0].HSCodes[0] = '999999')],
      [
        '$.documentParties.notifyParties[0].identifyingCodes',
        (b) =>
          (b.documentParties.notifyParties = [
            {
              partyName: 'Nobody',
              identifyingCodes: [
                { codeListProvider: 'ZZZ', codeListName: 'LADING_PARTY_CODE', partyCode: 'NOSUCH' },
              ],
            },
          ]),
      ],
      [
        '$.documentParties.shipper.partyContactDetails[0].phone',
        (b) => (b.documentParties.shipper.partyContactDetails[0].phone = 'call me'),
      ],
    ];
    for (const [path, mutate] of cases) {
      const body = structuredClone(si);
      mutate(body);
      if (official) expect({ path, official: official.validate(body) }).toEqual({ path, official: [] });
      const res = await send(number, body, etag);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 400 });
      expect({ path, fields: Object.keys(res.json().error.fields) }).toEqual({ path, fields: [path] });
    }
    expect(await bill(number)).toEqual(before);
  });

  it("needs the version (428, 412), refuses an issued bill (409) and another customer's bill (404)", async () => {
    const { si, etag } = await exported('LDG26110005');
    expect((await send('LDG26110005', si)).statusCode).toBe(428);
    expect((await send('LDG26110005', si, 'W/"999"')).statusCode).toBe(412);
    const theirs = await send('LDG26110005', si, etag, customer2);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.fields).toBeUndefined();
    const issued = await exported('LDG26110006');
    const locked = await send('LDG26110006', issued.si, issued.etag);
    expect(locked.statusCode).toBe(409);
    const before = await bill('LDG26110006');
    expect(before.status).toBe('ISSUED');
    expect(before.version).toBe(Number(/\d+/.exec(issued.etag)![0]));
  });

  /** The bill's transport document as exported, its audit rows and the domain events about it: what must not move. */
  const trail = async (number: string) => {
    const [row] = await queryRows<{ audit: number; events: number }>(
      t.database.db,
      sql`select (select count(*)::int from audit_events where record_type = 'BILL_OF_LADING' and record_id = ${ids.get(number)})
            as audit,
          (select count(*)::int from domain_events where record_type = 'BILL_OF_LADING' and record_id = ${ids.get(number)})
            as events`,
    );
    return row!;
  };

  it('refuses a changed read-only value by its JSON path, as the BL save does, and applies nothing (finding 7)', async () => {
    // Before: each of these answered 200, moved the version and ignored the value.
    const number = 'LDG26110004';
    const before = await bill(number);
    const trailBefore = await trail(number);
    const { si, etag } = await exported(number);
    expect(si.transportDocumentTypeCode).toBe('SWB');
    const document = (
      await t.app.inject({
        method: 'GET',
        url: `/cp/bill-of-ladings/${ids.get(number)}/dcsa`,
        headers: customer,
      })
    ).json() as Json;
    const READ_ONLY = /^is read-only and cannot be changed here/;
    const cases: [string, (body: Json) => void, RegExp][] = [
      ['$.transportDocumentTypeCode', (b) => (b.transportDocumentTypeCode = 'BOL'), READ_ONLY],
      ['$.freightPaymentTermCode', (b) => (b.freightPaymentTermCode = 'PRE'), READ_ONLY],
      ['$.isShippedOnBoardType', (b) => (b.isShippedOnBoardType = false), READ_ONLY],
      ['$.isToOrder', (b) => (b.isToOrder = true), READ_ONLY],
      ['$.isElectronic', (b) => (b.isElectronic = true), READ_ONLY],
      ['$.numberOfCopiesWithoutCharges', (b) => (b.numberOfCopiesWithoutCharges = 9), READ_ONLY],
      // A sea waybill has no originals: the export sends none, so any number is a change.
      ['$.numberOfOriginalsWithoutCharges', (b) => (b.numberOfOriginalsWithoutCharges = 3), READ_ONLY],
      ['$.invoicePayableAt', (b) => (b.invoicePayableAt = { UNLocationCode: 'NLRTM' }), READ_ONLY],
      [
        '$.partyContactDetails',
        (b) => (b.partyContactDetails = [{ name: 'Someone Else', email: 'someone@elsewhere.example' }]),
        READ_ONLY,
      ],
      ['$.isCargoDeliveredInICS2Zone', (b) => (b.isCargoDeliveredInICS2Zone = true), READ_ONLY],
      [
        '$.documentParties.shipper.addressLines',
        (b) => (b.documentParties.shipper.addressLines = ['1 Other Street, Mumbai']),
        /company's record/,
      ],
      [
        '$.documentParties.consignee.identifyingCodes',
        (b) => (b.documentParties.consignee.identifyingCodes[0].partyCode = 'HAMBURGT'),
        /company's record/,
      ],
      [
        '$.documentParties.shipper.partyContactDetails[0].email',
        (b) => (b.documentParties.shipper.partyContactDetails[0].email = 'other@demoexports.example'),
        /company's e-mail/,
      ],
      [
        '$.documentParties.consignee.partyContactDetails[0].name',
        (b) => (b.documentParties.consignee.partyContactDetails[0].name = 'Import desk'),
        /party's name/,
      ],
      [
        '$.documentParties.notifyParties[0].partyContactDetails',
        (b) =>
          b.documentParties.notifyParties[0].partyContactDetails.push({
            name: 'Night desk',
            phone: '+97148830499',
          }),
        /one contact/,
      ],
      [
        '$.consignmentItems[0].carrierBookingReference',
        (b) => (b.consignmentItems[0].carrierBookingReference = 'BKG261100009'),
        READ_ONLY,
      ],
      [
        '$.consignmentItems[0].cargoItems[1].outerPackaging.description',
        (b) => (b.consignmentItems[0].cargoItems[1].outerPackaging.description = 'Crates'),
        /package type/,
      ],
      [
        '$.utilizedTransportEquipments[2].seals[0].source',
        (b) => (b.utilizedTransportEquipments[2].seals[0].source = 'CAR'),
        READ_ONLY,
      ],
      [
        '$.utilizedTransportEquipments[0].equipment.ISOEquipmentCode',
        (b) => {
          const ute = b.utilizedTransportEquipments[0];
          ute.equipment = { ...document.utilizedTransportEquipments[0].equipment, ISOEquipmentCode: '45R1' };
          delete ute.equipmentReference;
        },
        READ_ONLY,
      ],
    ];
    for (const [path, mutate, message] of cases) {
      const body = structuredClone(si);
      mutate(body);
      // Valid DCSA shipping instructions: the refusal is ours, as the save refuses its read-only fields.
      if (official) expect({ path, official: official.validate(body) }).toEqual({ path, official: [] });
      const res = await send(number, body, etag);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 400 });
      expect({ path, fields: Object.keys(res.json().error.fields) }).toEqual({ path, fields: [path] });
      expect(res.json().error.fields[path]).toMatch(message);
    }
    expect(await bill(number)).toEqual(before);
    expect(await trail(number)).toEqual(trailBefore);
  });

  it("refuses another bill's transportDocumentReference alike whoever's it is, and changes neither bill (finding 7)", async () => {
    // Before: naming another customer's bill answered 200 and saved the instructions to the bill of the address.
    const number = 'LDG26110004';
    const [theirs] = await queryRows<{ number: string }>(
      t.database.db,
      sql`select b.number from bills_of_lading b join users u on u.id = b.created_by_id
          where u.email = 'customer2@demo.lading.test' and b.status = 'DRAFT' order by b.id limit 1`,
    );
    const theirsBefore = await t.app.inject({
      method: 'GET',
      url: `/cp/bill-of-ladings/${ids.get(theirs!.number)}/dcsa`,
      headers: customer2,
    });
    expect(theirsBefore.statusCode).toBe(200);
    const before = await bill(number);
    const { si, etag } = await exported(number);
    const answers = [];
    // Another customer's bill, the caller's own other bill, and a reference no bill has: one and the same answer.
    for (const reference of [theirs!.number, 'LDG26110001', 'LDG99999999']) {
      const res = await send(number, { ...si, transportDocumentReference: reference }, etag);
      expect({ reference, status: res.statusCode }).toEqual({ reference, status: 400 });
      const { code, message, fields } = res.json().error;
      answers.push({ code, message, fields });
    }
    expect(answers[0]).toEqual({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(
        /^\$\.transportDocumentReference: must be this bill's reference, LDG26110004/,
      ),
      fields: { '$.transportDocumentReference': expect.any(String) },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(JSON.stringify(answers)).not.toContain(theirs!.number);
    expect(await bill(number)).toEqual(before);
    const theirsAfter = await t.app.inject({
      method: 'GET',
      url: `/cp/bill-of-ladings/${ids.get(theirs!.number)}/dcsa`,
      headers: customer2,
    });
    expect(theirsAfter.headers.etag).toBe(theirsBefore.headers.etag);
    expect(theirsAfter.json()).toEqual(theirsBefore.json());
  });

  it('keeps the version, the status and the history when the instructions change nothing (finding 7)', async () => {
    // Before: the export sent back as it was answered 200 with version + 1, status UPDATE PENDING and a history row
    // without changes.
    const number = 'LDG26110004';
    // The names in BL as the export shows them (a draft without them takes the companies' names at its first
    // import, a real change: see the round trip above).
    await t.database.db.execute(
      sql`update bills_of_lading set shipper_name_in_bl = 'Demo Exports Pvt Ltd',
            consignee_name_in_bl = 'Blue Ocean Forwarding' where id = ${ids.get(number)}`,
    );
    const before = await bill(number);
    expect(before.status).toBe('DRAFT');
    const trailBefore = await trail(number);
    const document = (
      await t.app.inject({
        method: 'GET',
        url: `/cp/bill-of-ladings/${ids.get(number)}/dcsa`,
        headers: customer,
      })
    ).json() as Json;
    const { si, etag } = await exported(number);
    expect(etag).toBe(`W/"${before.version}"`);

    const res = await send(number, si, etag);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe(etag);
    expect(res.json()).toEqual(document);
    // The same instructions with each container in the other form DCSA allows (its equipment: size-type, tare).
    const other = structuredClone(si);
    other.utilizedTransportEquipments = si.utilizedTransportEquipments.map((ute: Json, i: number) => ({
      isShipperOwned: false,
      // The export's equipment as it is: reference, size-type and tare.
      equipment: document.utilizedTransportEquipments[i].equipment,
      seals: ute.seals,
    }));
    if (official) expect(official.validate(other)).toEqual([]);
    const again = await send(number, other, etag);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers.etag).toBe(etag);
    expect(await bill(number)).toEqual(before);
    expect(await trail(number)).toEqual(trailBefore);

    // A real change is still saved: version + 1, UPDATE PENDING, one history row with exactly that change.
    si.utilizedTransportEquipments[1].seals[0].number = 'SL777002';
    const changed = await send(number, si, etag);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.headers.etag).toBe(`W/"${before.version + 1}"`);
    const after = await bill(number);
    expect(after.status).toBe('UPDATE PENDING');
    expect(await trail(number)).toEqual({ audit: trailBefore.audit + 1, events: trailBefore.events + 1 });
    const [entry] = (await history(number)).filter((e) => e.action === 'UPDATED');
    expect(entry!.changes).toEqual([
      { field: 'containers[2].sealNo', before: 'SL100402', after: 'SL777002' },
    ]);
  });

  it('refuses a list longer than 100 by its JSON path before any query runs', async () => {
    const { si, etag } = await exported('LDG26110005');
    si.consignmentItems[0].HSCodes = Array.from({ length: 101 }, (_, i) => String(100000 + i));
    const res = await send('LDG26110005', si, etag);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toHaveProperty(['$.consignmentItems[0].HSCodes']);
  });

  it('answers an id that is not a number, or beyond integer range, with 400 naming `id` (never 500)', async () => {
    const { si, etag } = await exported('LDG26110005');
    for (const id of [':id', 'abc', '2147483648']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/cp/bill-of-ladings/${id}/dcsa-shipping-instructions`,
        headers: { ...customer, 'if-match': etag },
        payload: si,
      });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['id']);
    }
  });
});
