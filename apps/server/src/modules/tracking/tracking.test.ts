import { withCheckDigit } from '@lading/contract/bills-of-lading';
import type { TrackResult } from '@lading/contract/tracking';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { DEMO_PARTIES } from '../../seed/demo';
import { signInAs } from '../../test/auth';
import { upcomingSailing } from '../../test/sailings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findCall } from './tracking.repository';

type Headers = { authorization: string };
const HOUR = 3_600_000;
const inDays = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);
const hoursAgo = (hours: number) =>
  new Date(Date.now() - hours * HOUR).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('track and trace: equipment, transport and shipment events (issue 30)', () => {
  let t: TestApp;
  let customer: Headers;
  let customerId: number;
  let customer2: Headers;
  let admin: Headers;
  let branch: Headers;
  let port: (code: string) => number;
  let hs6: number;
  let serial = 700;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    const signedIn = await signInAs(t, 'customer');
    customer = signedIn.headers;
    customerId = signedIn.userId;
    customer2 = (await signInAs(t, 'customer2')).headers;
    admin = (await signInAs(t, 'admin')).headers;
    branch = (await signInAs(t, 'branchAdmin')).headers;
    const rows = await queryRows<{ id: number; code: string }>(
      t.database.db,
      sql`select id, code from ports where code in ('INNSA', 'AEJEA', 'INMAA')`,
    );
    port = (code) => rows.find((row) => row.code === code)!.id;
    hs6 = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from hs_codes where length(code) = 6 limit 1`,
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers?: Headers) =>
    t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
  const post = (url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  /** Hands the domain events to their handlers (shipment events, notifications), as the mail worker does. */
  const settle = () => t.app.ctx.mail.flush();
  const track = async (ref: string, headers: Headers = customer): Promise<TrackResult> => {
    const res = await get(`/cp/track/?ref=${encodeURIComponent(ref)}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const eventCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from tracking_events`))[0]!
      .n;
  const milestoneNotices = async (userId: number) =>
    queryRows<{ title: string }>(
      t.database.db,
      sql`select title from notifications where user_id = ${userId} and kind = 'SHIPMENT_MILESTONE' order by id`,
    );

  /** A customer's confirmed booking INNSA -> AEJEA on an upcoming sailing, with one new container. */
  const shipment = async () => {
    const quotation = (
      await post('/cp/quotations/', customer, {
        polId: port('INNSA'),
        podId: port('AEJEA'),
        cargoType: 'GEN',
        hsCode: hs6,
        equipment: [{ isoCode: '22G1', quantity: 1, weightPerUnit: 18000, weightUnit: 'kg' }],
        cargoReadyDate: inDays(3),
      })
    ).json();
    if (quotation.status === 'REQUESTED') {
      const priced = await post(`/cp/quotations/${quotation.id}/price/`, admin, {
        currency: 'USD',
        validUntil: inDays(5),
        charges: [
          {
            code: 'OCEAN_FREIGHT',
            name: 'Ocean freight',
            basis: 'PER_BL',
            quantity: 1,
            unitAmount: '900.00',
          },
        ],
      });
      expect(priced.statusCode, priced.body).toBe(200);
    }
    const booking = (await post(`/cp/quotations/${quotation.id}/accept/`, customer)).json() as {
      id: number;
      number: string;
    };
    const sailing = await upcomingSailing(t, admin, { skip: 1 });
    const containerNumber = withCheckDigit(`TRKU${String(++serial).padStart(6, '0')}`);
    const confirmed = await post(`/cp/bookings/${booking.id}/confirm/`, admin, {
      voyageId: sailing.voyageId,
      containers: [{ containerNumber, isoCode: '22G1', tareWeight: 2200 }],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const bill = (
      await queryRows<{ id: number; number: string }>(
        t.database.db,
        sql`select id, number from bills_of_lading where booking_id = ${booking.id}`,
      )
    )[0]!;
    // The booking's own shipment events (received, confirmed) are written by the dispatcher in the background: let
    // it finish, so a test counting events sees only its own.
    await t.app.ctx.mail.flush();
    return { booking, bill, containerNumber, sailing };
  };

  const record = (headers: Headers, payload: object) => post('/cp/admin/equipment-events/', headers, payload);

  it('records a gate-in, shows it on the Track screen by container, bill and booking number, and tells the customer once', async () => {
    const { booking, bill, containerNumber } = await shipment();
    const gateIn = {
      equipmentReference: containerNumber,
      equipmentEventTypeCode: 'GTIN',
      eventClassifierCode: 'ACT',
      eventDateTime: hoursAgo(30),
      UNLocationCode: 'INNSA',
      facilitySMDGCode: 'NSICT',
      emptyIndicatorCode: 'LADEN',
    };
    const res = await record(admin, gateIn);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      eventType: 'EQUIPMENT',
      code: 'GTIN',
      label: 'Gated in',
      classifier: 'ACT',
      place: { code: 'INNSA' },
      facility: { code: 'NSICT', typeCode: null },
      containerNumber,
      milestone: 'GATED_IN',
      retracted: false,
    });

    for (const ref of [
      containerNumber,
      `${containerNumber.slice(0, 4)} ${containerNumber.slice(4, 10)}-${containerNumber[10]}`,
    ]) {
      const found = await track(ref);
      expect(found).toMatchObject({
        kind: 'container',
        message: null,
        booking: { id: booking.id },
        bill: { id: bill.id },
      });
      expect(found.containers).toHaveLength(1);
      expect(found.containers[0]!.events.map((e) => e.code)).toContain('GTIN');
      expect(found.containers[0]!.position).toMatchObject({ status: 'AT_ORIGIN', at: { code: 'INNSA' } });
      expect(found.route.map((stop) => [stop.role, stop.place.code])).toEqual([
        ['POL', 'INNSA'],
        ['POD', 'AEJEA'],
      ]);
    }
    expect((await track(bill.number)).kind).toBe('bill-of-lading');
    expect((await track(bill.number)).containers[0]!.containerNumber).toBe(containerNumber);
    expect((await track(booking.number)).kind).toBe('booking');

    // A second gate-in at the same place (a duplicate from the terminal) is recorded but not told again.
    expect((await record(admin, { ...gateIn, eventDateTime: hoursAgo(29) })).statusCode).toBe(201);
    await settle();
    const notices = await milestoneNotices(customerId);
    expect(notices.filter((n) => n.title.includes(containerNumber))).toEqual([
      { title: `Gated in at origin: ${containerNumber}` },
    ]);
  });

  it('refuses what is not a move of a booked container: check digit, unknown place, container on no booking, a future actual', async () => {
    const { containerNumber } = await shipment();
    const base = {
      equipmentReference: containerNumber,
      equipmentEventTypeCode: 'GTIN',
      eventClassifierCode: 'ACT',
      eventDateTime: hoursAgo(1),
      UNLocationCode: 'INNSA',
      emptyIndicatorCode: 'LADEN',
    };
    const wrongDigit = `${containerNumber.slice(0, 10)}${(Number(containerNumber[10]) + 1) % 10}`;
    const cases: [object, string, string][] = [
      [{ ...base, equipmentReference: wrongDigit }, 'equipmentReference', 'check digit does not match'],
      [{ ...base, UNLocationCode: 'ZZZZZ' }, 'UNLocationCode', 'ZZZZZ is not a known UN/LOCODE'],
      [
        { ...base, equipmentReference: withCheckDigit('NONU999999') },
        'equipmentReference',
        'is on no confirmed booking',
      ],
      [{ ...base, eventDateTime: new Date(Date.now() + 48 * HOUR).toISOString() }, 'eventDateTime', 'future'],
      [{ ...base, equipmentEventTypeCode: 'FLY' }, 'equipmentEventTypeCode', 'must be one of'],
      [{ ...base, eventDateTime: '0000-01-01T00:00:00Z' }, 'eventDateTime', 'between the years'],
    ];
    const before = await eventCount();
    for (const [payload, field, message] of cases) {
      const res = await record(admin, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[field]).toContain(message);
    }
    expect(await eventCount()).toBe(before);
    // The Track screen says so too, and shows nothing.
    expect(await track(wrongDigit)).toMatchObject({
      kind: 'container',
      message: 'check digit does not match',
      containers: [],
    });
  });

  it('keeps events append-only: the table refuses UPDATE and DELETE, and a correction retracts the old event', async () => {
    const { containerNumber } = await shipment();
    const first = (
      await record(admin, {
        equipmentReference: containerNumber,
        equipmentEventTypeCode: 'GTIN',
        eventClassifierCode: 'ACT',
        eventDateTime: hoursAgo(10),
        UNLocationCode: 'INNSA',
        emptyIndicatorCode: 'LADEN',
      })
    ).json();
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await t.database.db.execute(statement).then(
        () => null,
        (caught: Error & { cause?: Error }) => caught,
      );
      return `${error?.message} ${error?.cause?.message}`;
    };
    expect(await refusal(sql`update tracking_events set code = 'LOAD'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from tracking_events`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate tracking_events`)).toMatch(/append-only/);

    const corrected = await record(admin, {
      equipmentReference: containerNumber,
      equipmentEventTypeCode: 'GTIN',
      eventClassifierCode: 'ACT',
      eventDateTime: hoursAgo(9),
      UNLocationCode: 'INNSA',
      emptyIndicatorCode: 'LADEN',
      retractedEventID: first.eventId,
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
    const events = (await track(containerNumber)).containers[0]!.events.filter((e) => e.code === 'GTIN');
    expect(events.map((e) => [e.eventId, e.retracted])).toEqual([
      [first.eventId, true],
      [corrected.json().eventId, false],
    ]);
    // A corrected event cannot be corrected again; another container's event is not this one's to retract.
    const again = await record(admin, {
      equipmentReference: containerNumber,
      equipmentEventTypeCode: 'GTIN',
      eventClassifierCode: 'ACT',
      eventDateTime: hoursAgo(8),
      UNLocationCode: 'INNSA',
      emptyIndicatorCode: 'LADEN',
      retractedEventID: first.eventId,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.retractedEventID).toBe('that event was already corrected');
  });

  it('imports a CSV of terminal moves all or nothing, naming each bad line; a good file records every move', async () => {
    const { containerNumber, sailing } = await shipment();
    const header =
      'containerNumber,eventCode,UNLocationCode,facility,eventDateTime,voyageNumber,emptyIndicator';
    const bad = [
      header,
      `${containerNumber},GTIN,INNSA,NSICT,${hoursAgo(20)},,LADEN`,
      `${containerNumber.slice(0, 10)}0,LOAD,INNSA,NSICT,${hoursAgo(10)},${sailing.carrierVoyageNumber},LADEN`,
      `${containerNumber},LOAD,XXXXX,NSICT,${hoursAgo(10)},${sailing.carrierVoyageNumber},LADEN`,
      `${containerNumber},BOOM,INNSA,,${hoursAgo(9)},,LADEN`,
    ].join('\n');
    const before = await eventCount();
    const refused = await post('/cp/admin/equipment-events/import/', admin, {
      fileName: 'moves.csv',
      content: bad,
    });
    expect(refused.statusCode).toBe(400);
    const fields = refused.json().error.fields as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual(
      expect.arrayContaining(['line 4.UNLocationCode', 'line 5.eventCode']),
    );
    expect(fields['line 5.eventCode']).toContain('must be one of');
    // A line whose container fails the check digit is named too (unless its digit happens to be 0).
    if (containerNumber[10] !== '0')
      expect(fields['line 3.containerNumber']).toBe('check digit does not match');
    expect(await eventCount()).toBe(before);

    const good = [
      header,
      `${containerNumber},GTIN,INNSA,NSICT,${hoursAgo(20)},,LADEN`,
      `${containerNumber},LOAD,INNSA,NSICT,${hoursAgo(10)},${sailing.carrierVoyageNumber},LADEN`,
    ].join('\r\n');
    const imported = await post('/cp/admin/equipment-events/import/', admin, { content: good });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().imported).toBe(2);
    expect(await eventCount()).toBe(before + 2);
    const found = await track(containerNumber);
    expect(found.containers[0]!.position).toMatchObject({
      status: 'AT_SEA',
      from: { code: 'INNSA' },
      to: { code: 'AEJEA' },
      eta: expect.any(String),
    });
    const load = found.containers[0]!.events.find((e) => e.code === 'LOAD')!;
    expect(load.vessel).toEqual({
      name: sailing.vesselName,
      carrierVoyageNumber: sailing.carrierVoyageNumber,
    });
  });

  it("resolves a voyage number two services share to the booking's own voyage, else to the nearest call", async () => {
    // The demo's India–Gulf and India–Europe services both number their voyages <year><week>W and both call at INNSA.
    const [shared] = await queryRows<{ number: string; gulf: number; europe: number; gulfEta: string }>(
      t.database.db,
      sql`select g.carrier_voyage_number as number, g.id as gulf, e.id as europe, gc.eta::text as "gulfEta"
        from voyages g join carrier_services gs on gs.id = g.service_id and gs.code = 'IGS'
        join voyages e on e.carrier_voyage_number = g.carrier_voyage_number
        join carrier_services es on es.id = e.service_id and es.code = 'IEX'
        join transport_calls gc on gc.voyage_id = g.id and gc.port_id = ${port('INNSA')}
        join transport_calls ec on ec.voyage_id = e.id and ec.port_id = ${port('INNSA')}
        order by g.id limit 1`,
    );
    expect(shared).toBeDefined();
    const at = new Date(shared!.gulfEta);
    const where = { portId: port('INNSA'), at, voyageNumber: shared!.number };
    expect((await findCall(t.database.db, where))?.voyageId).toBe(shared!.gulf);
    expect((await findCall(t.database.db, { ...where, bookedVoyageId: shared!.europe }))?.voyageId).toBe(
      shared!.europe,
    );
    expect((await findCall(t.database.db, { ...where, bookedVoyageId: null }))?.voyageId).toBe(shared!.gulf);
  });

  it('keeps each customer to their own shipments; public tracking shows milestones only', async () => {
    const { booking, bill, containerNumber } = await shipment();
    expect(
      (
        await record(admin, {
          equipmentReference: containerNumber,
          equipmentEventTypeCode: 'GTIN',
          eventClassifierCode: 'ACT',
          eventDateTime: hoursAgo(5),
          UNLocationCode: 'INNSA',
          emptyIndicatorCode: 'LADEN',
        })
      ).statusCode,
    ).toBe(201);
    for (const ref of [containerNumber, bill.number, booking.number]) {
      const other = await track(ref, customer2);
      expect(other.booking).toBeNull();
      expect(other.containers).toEqual([]);
      expect(other.message).toMatch(/is in your shipments$/);
    }
    // Staff of another office do not reach it either; the corporate office does.
    expect((await track(containerNumber, branch)).containers).toEqual([]);
    expect((await track(containerNumber, admin)).containers).toHaveLength(1);

    for (const ref of [containerNumber, bill.number]) {
      const res = await get(`/public/track/?ref=${encodeURIComponent(ref)}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.kind).toBe(ref === containerNumber ? 'container' : 'bill-of-lading');
      expect(body.milestones).toEqual([
        {
          code: 'GATED_IN',
          label: 'Gated in at origin',
          place: expect.objectContaining({ code: 'INNSA' }),
          at: expect.any(String),
          classifier: 'ACT',
        },
      ]);
      // Nothing else of the shipment: no booking number, bill id, parties, weights or prices.
      expect(res.body).not.toContain(booking.number);
      for (const party of DEMO_PARTIES) expect(res.body).not.toContain(party.name);
      expect(res.body).not.toMatch(/18000|900\.00|tare|weight|price/i);
    }
    // An unknown number, a booking number and a container without events answer alike.
    const { containerNumber: quiet } = await shipment();
    const answers = await Promise.all(
      [withCheckDigit('ZZZU000001'), booking.number, quiet, 'NOSUCHBILL'].map(async (ref) =>
        (await get(`/public/track/?ref=${ref}`)).json(),
      ),
    );
    for (const answer of answers)
      expect(answer).toEqual({ reference: expect.any(String), kind: null, milestones: [] });
    expect((await get('/public/track/')).statusCode).toBe(400);
  });

  it('lets a branch record moves at its own port only, unless the booking is its office’s', async () => {
    const { containerNumber } = await shipment();
    const move = {
      equipmentReference: containerNumber,
      equipmentEventTypeCode: 'INSP',
      eventClassifierCode: 'ACT',
      eventDateTime: hoursAgo(2),
      emptyIndicatorCode: 'LADEN',
    };
    const elsewhere = await record(branch, { ...move, UNLocationCode: 'INNSA' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.fields.UNLocationCode).toContain('not served by your office');
    expect((await record(branch, { ...move, UNLocationCode: 'INMAA' })).statusCode).toBe(201);
    // Customers record nothing.
    expect((await record(customer, { ...move, UNLocationCode: 'INNSA' })).statusCode).toBe(403);
  });

  it('turns a call’s actual departure into a transport event and the “departed” milestone, and bookings and bills into shipment events', async () => {
    const { booking, sailing } = await shipment();
    const voyage = (await get(`/cp/admin/voyages/${sailing.voyageId}/`, admin)).json();
    const loading = voyage.calls.find((c: { port: { code: string } }) => c.port.code === 'INNSA');
    const ata = hoursAgo(3);
    const atd = hoursAgo(1);
    const res = await post(
      `/cp/admin/voyages/${sailing.voyageId}/calls/${loading.sequence}/actuals/`,
      admin,
      {
        ata,
        atd,
        version: voyage.version,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    const found = await track(booking.number);
    const transport = found.containers[0]!.events.filter(
      (e) => e.eventType === 'TRANSPORT' && e.classifier === 'ACT',
    );
    expect(transport.map((e) => [e.code, e.place?.code])).toEqual([
      ['ARRI', 'INNSA'],
      ['DEPA', 'INNSA'],
    ]);
    expect(found.route[0]).toMatchObject({ role: 'POL', atd: expect.any(String) });
    expect((await milestoneNotices(customerId)).map((n) => n.title)).toContain(
      `Departed: booking ${booking.number}`,
    );
    // The booking's own history as shipment events (DCSA codes): received, then confirmed.
    expect(found.documents.map((e) => [e.code, e.document?.typeCode])).toEqual([
      ['RECE', 'BKG'],
      ['CONF', 'BKG'],
    ]);
    // The shipment page carries the same tracking.
    const page = (await get(`/cp/bookings/${booking.id}/shipment/`, customer)).json();
    expect(page.tracking.containers[0].events.map((e: { code: string }) => e.code)).toEqual(
      found.containers[0]!.events.map((e) => e.code),
    );
  });

  it('gives the demo shipments event histories (arrived, at sea after transhipment, not gated in) and advances them a step', async () => {
    const numbers = await queryRows<{ number: string }>(
      t.database.db,
      sql`select distinct bk.number from bookings bk join tracking_events e on e.booking_id = bk.id
        where e.source = 'DEMO' order by bk.number`,
    );
    const positions = new Map<string, TrackResult['containers'][number]>();
    for (const { number } of numbers) {
      const found = await track(number, admin);
      positions.set(number, found.containers[0]!);
    }
    const statuses = [...positions.values()].map((c) => c.position.status);
    expect(statuses).toContain('ARRIVED');
    expect(statuses).toContain('NOT_GATED_IN');
    const afterTranshipment = [...positions.values()].find(
      (c) => c.position.status === 'AT_SEA' && c.events.some((e) => e.code === 'LOAD' && e.transshipment),
    );
    expect(afterTranshipment?.position.eta).toEqual(expect.any(String));
    // Every demo event is one the official vocabulary knows, with a place.
    for (const container of positions.values())
      for (const event of container.events) expect(event.place?.code).toMatch(/^[A-Z]{2}[A-Z2-9]{3}$/);

    const pendingBefore = (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from tracking_events where source = 'DEMO' and classifier = 'ACT'`,
      )
    )[0]!.n;
    const advanced = await post('/cp/admin/equipment-events/demo-advance/', admin);
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect(advanced.json().advanced).toBeGreaterThan(0);
    const after = (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from tracking_events where source = 'DEMO' and classifier = 'ACT'`,
      )
    )[0]!.n;
    expect(after).toBe(pendingBefore + advanced.json().advanced);
    expect((await post('/cp/admin/equipment-events/demo-advance/', customer)).statusCode).toBe(403);
  });

  it('counts the customer’s active shipments on the dashboard (at sea, arrived, delayed) with each one’s next step', async () => {
    const { booking, containerNumber, sailing } = await shipment();
    expect(
      (
        await record(admin, {
          equipmentReference: containerNumber,
          equipmentEventTypeCode: 'GTIN',
          eventClassifierCode: 'ACT',
          eventDateTime: hoursAgo(4),
          UNLocationCode: 'INNSA',
          emptyIndicatorCode: 'LADEN',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await record(admin, {
          equipmentReference: containerNumber,
          equipmentEventTypeCode: 'LOAD',
          eventClassifierCode: 'EST',
          eventDateTime: sailing.etd,
          UNLocationCode: 'INNSA',
          emptyIndicatorCode: 'LADEN',
        })
      ).statusCode,
    ).toBe(201);
    const dashboard = async () => {
      const res = await get('/cp/dashboard/', customer);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().tracking as {
        atSea: number;
        arrived: number;
        delayed: number;
        shipments: {
          bookingNumber: string;
          status: string;
          delayed: boolean;
          next: { code: string } | null;
        }[];
      };
    };
    const before = await dashboard();
    const mine = before.shipments.find((s) => s.bookingNumber === booking.number);
    expect(mine).toMatchObject({ status: 'AT_ORIGIN', delayed: false, next: { code: 'LOAD' } });
    // A second shipment available for pick-up at Jebel Ali counts as arrived.
    const second = await shipment();
    expect(
      (
        await record(admin, {
          equipmentReference: second.containerNumber,
          equipmentEventTypeCode: 'AVPU',
          eventClassifierCode: 'ACT',
          eventDateTime: hoursAgo(1),
          UNLocationCode: 'AEJEA',
          emptyIndicatorCode: 'LADEN',
        })
      ).statusCode,
    ).toBe(201);
    const arrived = await dashboard();
    expect(arrived.arrived).toBe(before.arrived + 1);

    // The vessel is delayed 30 hours at the port of discharge: the shipment counts as delayed.
    const voyage = (await get(`/cp/admin/voyages/${sailing.voyageId}/`, admin)).json();
    const arrival = voyage.calls.find((c: { port: { code: string } }) => c.port.code === 'AEJEA');
    const later = (iso: string) => new Date(Date.parse(iso) + 30 * HOUR).toISOString();
    const delayed = await post(
      `/cp/admin/voyages/${sailing.voyageId}/calls/${arrival.sequence}/delay/`,
      admin,
      {
        eta: later(arrival.eta),
        etd: later(arrival.etd),
        reason: 'Berth congestion',
        version: voyage.version,
      },
    );
    expect(delayed.statusCode, delayed.body).toBe(200);
    const after = await dashboard();
    // Every tracked booking of this customer on that sailing is delayed now (the tests' shipments share it).
    expect(after.delayed).toBeGreaterThan(arrived.delayed);
    expect(after.shipments.find((s) => s.bookingNumber === booking.number)?.delayed).toBe(true);
    // Another customer's dashboard does not count it.
    const other = (await get('/cp/dashboard/', customer2)).json().tracking;
    expect(other.shipments.map((s: { bookingNumber: string }) => s.bookingNumber)).not.toContain(
      booking.number,
    );
  });
});
